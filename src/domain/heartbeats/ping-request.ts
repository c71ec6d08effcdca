/** What a ping request tells us, pure: whether it counts, and what its event records. */

/** Link-preview bots fetch pasted URLs; their requests are answered but never count as pings. */
const PREVIEW_BOTS = /twitterbot|slackbot|googlebot|discordbot|facebot|facebookexternalhit|telegrambot|whatsapp|linkedinbot/i

export const isPreviewBot = (userAgent: string | undefined): boolean => userAgent !== undefined && PREVIEW_BOTS.test(userAgent)

/** Only GET and POST count; HEAD and OPTIONS are answered without counting; other methods are refused. */
export type PingMethodVerdict = 'count' | 'ignore' | 'refuse'

export function pingMethodVerdict(method: string): PingMethodVerdict {
  if (method === 'GET' || method === 'POST') return 'count'
  if (method === 'HEAD' || method === 'OPTIONS') return 'ignore'
  return 'refuse'
}

export const MAX_PING_BODY_BYTES = 1024
const MAX_HEADER_CHARS = 512

const header = (value: string | string[] | undefined): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value
  return v === undefined || v.trim() === '' ? undefined : v.trim()
}

/** Source of a ping: the Origin header, else the Referer, else none. */
export function pingSource(headers: { origin?: string | string[] | undefined; referer?: string | string[] | undefined }): string | null {
  const source = header(headers.origin) ?? header(headers.referer)
  return source === undefined ? null : source.slice(0, MAX_HEADER_CHARS)
}

export const boundedUserAgent = (ua: string | undefined): string | null => (ua === undefined || ua === '' ? null : ua.slice(0, MAX_HEADER_CHARS))

/** The stored part of a body: its first MAX_PING_BODY_BYTES bytes as text; null when empty. */
export function boundedBody(bytes: Uint8Array | undefined): string | null {
  if (!bytes || bytes.length === 0) return null
  return Buffer.from(bytes.subarray(0, MAX_PING_BODY_BYTES)).toString('utf8')
}
