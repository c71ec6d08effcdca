/**
 * Request headers and body of an API check (body types, basic auth, default headers) and the response body as
 * assertions and storage see it (decompressed, bounded, binary types scrubbed).
 */
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib'
import type { HttpResponseInfo } from './http-request.js'
import { setOwn } from '../lib/own-keys.js'

export const USER_AGENT = 'Picket/1.0'
export const STORED_BODY_BYTES = 64 * 1024

export interface RequestParts {
  method: string
  bodyType: string
  body: string
  headers: Array<{ key: string; value: string }>
  basicAuth: { username: string; password: string } | null
}

const DEFAULT_CONTENT_TYPE: Record<string, string> = {
  JSON: 'application/json',
  GRAPHQL: 'application/json',
  FORM: 'application/x-www-form-urlencoded',
}

const hasHeader = (headers: Record<string, string>, name: string): boolean => Object.keys(headers).some((k) => k.toLowerCase() === name)

/** Headers and body as sent: user headers win over defaults (User-Agent, Accept, Content-Type, Authorization). */
export function buildRequest(parts: RequestParts): { headers: Record<string, string>; body: Buffer | null } {
  const headers: Record<string, string> = {}
  for (const { key, value } of parts.headers) {
    const existing = Object.keys(headers).find((k) => k.toLowerCase() === key.toLowerCase())
    // setOwn: a header the user names `__proto__` is sent as such instead of replacing the object's prototype.
    if (existing !== undefined) setOwn(headers, existing, `${headers[existing]}, ${value}`)
    else setOwn(headers, key, value)
  }
  const body = parts.bodyType === 'NONE' || parts.body === '' ? null : Buffer.from(parts.body, 'utf8')
  if (!hasHeader(headers, 'user-agent')) headers['User-Agent'] = USER_AGENT
  if (!hasHeader(headers, 'accept')) headers.Accept = '*/*'
  const contentType = DEFAULT_CONTENT_TYPE[parts.bodyType]
  if (body && contentType && !hasHeader(headers, 'content-type')) headers['Content-Type'] = contentType
  if (parts.basicAuth && !hasHeader(headers, 'authorization')) {
    const token = Buffer.from(`${parts.basicAuth.username}:${parts.basicAuth.password}`, 'utf8').toString('base64')
    headers.Authorization = `Basic ${token}`
  }
  if (body && !hasHeader(headers, 'content-length') && !hasHeader(headers, 'transfer-encoding')) {
    headers['Content-Length'] = String(body.length)
  }
  return { headers, body }
}

const headerValue = (headers: HttpResponseInfo['headers'], name: string): string => {
  const v = headers[name]
  return Array.isArray(v) ? v.join(', ') : (v ?? '')
}

/** The body bytes with any gzip/deflate/br content-encoding undone (as far as the read part allows). */
export function decodedBody(response: HttpResponseInfo): Buffer {
  const encoding = headerValue(response.headers, 'content-encoding').trim().toLowerCase()
  const body = response.body
  if (body.length === 0 || encoding === '' || encoding === 'identity') return body
  const opts = { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 25 * 1024 * 1024 }
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, opts)
    if (encoding === 'deflate') return inflateSync(body, opts)
    if (encoding === 'br') return brotliDecompressSync(body, { maxOutputLength: opts.maxOutputLength })
  } catch {
    return body
  }
  return body
}

const BINARY_TYPE =
  /^(audio|video|image|font)\/|^application\/(pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-rar-compressed|x-bzip2?|octet-stream|vnd\.ms-|vnd\.openxmlformats|msword|java-archive|wasm|x-shockwave-flash)/i

export function isBinaryContentType(contentType: string): boolean {
  return BINARY_TYPE.test(contentType.trim())
}

export interface StoredBody {
  body: string
  bodyTruncated: boolean
  /** The content type is binary and no TEXT_BODY assertion asked for it. */
  bodyScrubbed: boolean
}

/** The body kept in the result: at most 64 KiB, binary content types scrubbed unless `keepBinary`. */
export function storedBody(response: HttpResponseInfo, decoded: Buffer, keepBinary: boolean): StoredBody {
  if (!keepBinary && isBinaryContentType(headerValue(response.headers, 'content-type'))) {
    return { body: '', bodyTruncated: false, bodyScrubbed: decoded.length > 0 }
  }
  const cut = decoded.length > STORED_BODY_BYTES
  const text = decoded.subarray(0, STORED_BODY_BYTES).toString('utf8')
  return { body: cut ? text.replace(/\uFFFD$/, '') : text, bodyTruncated: cut || response.bodyReadTruncated, bodyScrubbed: false }
}
