/** One hop of an HTTP exchange: a request on a fresh socket, timed from socket events, its body read up to a cap. */
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { performance } from 'node:perf_hooks'
import { deniedLiteral, guardedLookup } from './egress-guard.js'
import type { HopTiming, HttpTimestamps } from './http-timings.js'
import type { HttpRequestInput } from './http-request.js'
import type { NetFailure } from './net-errors.js'
import { clientCertificateOptions } from './client-certificate-options.js'

export const MAX_BODY_READ_BYTES = 25 * 1024 * 1024

export interface HttpResponseInfo {
  url: string
  status: number
  statusText: string
  httpVersion: string
  headers: Record<string, string | string[]>
  body: Buffer
  /** More than maxBodyBytes arrived; `body` holds the first maxBodyBytes. */
  bodyReadTruncated: boolean
  remoteAddress: string | null
}

export interface Hop {
  /** performance.now() when this hop began: the run's start, or the end of the previous hop. */
  startedAt: number
  url: URL
  method: string
  headers: Record<string, string>
  body: string | Buffer | null
  input: HttpRequestInput
  signal: AbortSignal
  mapError: (err: unknown) => NetFailure
  readBody: (status: number, headers: http.IncomingHttpHeaders) => boolean
}

export interface HopResult {
  response: HttpResponseInfo | null
  error: NetFailure | null
  timing: HopTiming
}

const responseInfo = (url: URL, res: http.IncomingMessage, body: Buffer, truncated: boolean): HttpResponseInfo => ({
  url: url.toString(),
  status: res.statusCode ?? 0,
  statusText: res.statusMessage ?? '',
  httpVersion: res.httpVersion,
  headers: res.headers as Record<string, string | string[]>,
  body,
  bodyReadTruncated: truncated,
  remoteAddress: res.socket?.remoteAddress ?? null,
})

export function runHop(h: Hop): Promise<HopResult> {
  return new Promise((resolve) => {
    const t: HttpTimestamps = { start: h.startedAt }
    const secure = h.url.protocol === 'https:'
    const resolvesName = isIP(h.url.hostname.replace(/^\[(.*)\]$/, '$1')) === 0
    let settled = false
    const finish = (response: HttpResponseInfo | null, error: NetFailure | null) => {
      if (settled) return
      settled = true
      resolve({ response, error, timing: { timestamps: t, stoppedAt: performance.now(), secure, resolvesName } })
    }
    // The egress policy: an address host is checked here, a name by the lookup of this hop's own socket.
    const guard = h.input.egress
    const port = Number(h.url.port) || (h.url.protocol === 'https:' ? 443 : 80)
    const denial = guard ? deniedLiteral(guard, h.url.hostname, port) : null
    if (denial) return finish(null, h.mapError(denial))
    const options: https.RequestOptions = {
      ...(guard ? { lookup: guardedLookup(guard, port) } : {}),
      method: h.method,
      headers: h.headers,
      agent: false,
      family: h.input.ipFamily === 'IPv6' ? 6 : 4,
      signal: h.signal,
      ...(secure ? { rejectUnauthorized: h.input.skipSSL !== true, ...clientCertificateOptions(h.input.clientCertificates, h.url.hostname, port) } : {}),
    }
    let req: http.ClientRequest
    try {
      req = (secure ? https : http).request(h.url, options)
    } catch (err) {
      finish(null, h.mapError(err))
      return
    }
    req.on('socket', (socket) => {
      t.socket = performance.now()
      socket.once('lookup', () => (t.lookup = performance.now()))
      socket.once('connect', () => (t.connect = performance.now()))
      socket.once('secureConnect', () => (t.secureConnect = performance.now()))
    })
    req.on('error', (err) => finish(null, h.mapError(err)))
    req.on('response', (res) => {
      t.response = performance.now()
      res.on('error', (err) => finish(null, h.mapError(err)))
      if (!h.readBody(res.statusCode ?? 0, res.headers)) {
        t.end = t.response
        finish(responseInfo(h.url, res, Buffer.alloc(0), false), null)
        res.destroy()
        return
      }
      const max = h.input.maxBodyBytes ?? MAX_BODY_READ_BYTES
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        if (settled) return
        if (size + chunk.length > max) {
          chunks.push(chunk.subarray(0, max - size))
          t.end = performance.now()
          finish(responseInfo(h.url, res, Buffer.concat(chunks), true), null)
          res.destroy()
          return
        }
        chunks.push(chunk)
        size += chunk.length
      })
      res.on('end', () => {
        t.end = performance.now()
        finish(responseInfo(h.url, res, Buffer.concat(chunks), false), null)
      })
    })
    req.end(h.body ?? undefined)
  })
}
