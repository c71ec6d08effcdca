/**
 * One outbound HTTP request of a notification (webhook, Slack, SMS gateway), classified for the retry policy:
 * 2xx/3xx is delivered, 429 is rate limited (with Retry-After), any other status >= 400, a network error or a
 * timeout is retried.
 */
import { clip, parseRetryAfter, type DeliveryOutcome } from '../notifier-retry.js'

export interface HttpRequestSpec {
  method: string
  url: string
  headers: Record<string, string>
  /** null: no body (GET and HEAD). */
  body: string | null
}

export const SEND_TIMEOUT_MS = 10_000
const MAX_RESPONSE_CHARS = 1000

/** The cause of a fetch failure as people know it: ECONNREFUSED, ENOTFOUND, a TLS error … */
function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no response within ${timeoutMs / 1000} s`
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  const code = typeof cause?.code === 'string' ? cause.code : undefined
  const message = typeof cause?.message === 'string' ? cause.message : err instanceof Error ? err.message : String(err)
  return code && !message.includes(code) ? `${code}: ${message}` : message
}

async function readSome(response: Response): Promise<string> {
  try {
    return clip(await response.text(), MAX_RESPONSE_CHARS)
  } catch {
    return ''
  }
}

export async function sendHttp(req: HttpRequestSpec, now: number, timeoutMs = SEND_TIMEOUT_MS): Promise<DeliveryOutcome> {
  let response: Response
  try {
    response = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body === null ? {} : { body: req.body }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    })
  } catch (err) {
    return { ok: false, kind: 'retry', error: clip(`${req.method} ${new URL(req.url).host} failed: ${describeFetchError(err, timeoutMs)}`), responseStatus: null, result: null }
  }
  const body = req.method === 'HEAD' ? '' : await readSome(response)
  const status = response.status
  if (status < 400) return { ok: true, responseStatus: status, result: body }
  const error = `the receiver answered HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`
  if (status === 429) {
    return { ok: false, kind: 'rate-limited', error, responseStatus: status, result: body, retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now) }
  }
  return { ok: false, kind: 'retry', error, responseStatus: status, result: body }
}
