/**
 * One HTTP(S) request, as an API or URL check makes it: a fresh socket per run (no keep-alive) so every phase is
 * measured from socket events, redirects followed up to 10 hops, a hard timeout (30 s by default), the body read up
 * to 25 MB. Failures come back as data (`error`), never as a throw.
 */
import type http from 'node:http'
import { performance } from 'node:perf_hooks'
import type { EgressGuard } from './egress-guard.js'
import type { ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'
import { runHop, type HttpResponseInfo } from './http-hop.js'
import { mapNetworkError, type NetFailure } from './net-errors.js'
import { exchangeTimings, hopPhases, noTimings, type HopTiming, type HttpTimingPhases } from './http-timings.js'

export type { HttpResponseInfo } from './http-hop.js'

export const HTTP_TIMEOUT_MS = 30_000
export const MAX_REDIRECTS = 10

export interface HttpRequestInput {
  method: string
  url: string
  /** Final request headers; Host and Content-Length are added when missing. */
  headers: Record<string, string>
  body?: string | Buffer | null
  followRedirects?: boolean
  skipSSL?: boolean
  ipFamily?: 'IPv4' | 'IPv6'
  timeoutMs?: number
  maxBodyBytes?: number
  signal?: AbortSignal
  /** The egress policy, checked on every hop's connection (redirects included); absent or null: open. */
  egress?: EgressGuard
  /** Client certificates of the account: each hop presents the one whose host matches its own (host-match.ts). */
  clientCertificates?: readonly ClientCertificateMaterial[] | undefined
}

export interface HttpExchange {
  response: HttpResponseInfo | null
  error: NetFailure | null
  /** Contiguous phases that add up to `total`; earlier hops of a redirect chain are the `redirect` phase. */
  timingPhases: HttpTimingPhases
  /** The phases' milestones as offsets from the start (see http-timings.ts). */
  timings: Record<string, number>
  /** `total`: what degraded and max response times are compared with. */
  responseTime: number
  /** Each redirect followed, with the phases of its own hop. */
  redirects: Array<{ status: number; from: string; to: string; timingPhases: Record<string, number> }>
  log: string[]
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

const withoutHeaders = (headers: Record<string, string>, names: string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())))

const configError = (message: string): NetFailure => ({ kind: 'CONFIG', message, code: null, networkError: false })

const failedEarly = (error: NetFailure, log: string[]): HttpExchange => ({ response: null, error, ...noTimings(), responseTime: 0, redirects: [], log })

/** Performs the request, following redirects when asked. Never throws. */
export async function performHttpRequest(input: HttpRequestInput): Promise<HttpExchange> {
  const redirects: HttpExchange['redirects'] = []
  const log: string[] = []
  let url: URL
  try {
    url = new URL(input.url)
  } catch {
    return failedEarly(configError(`Invalid URL: ${input.url}`), log)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return failedEarly(configError(`Unsupported URL scheme ${url.protocol} (http or https only)`), log)
  }
  const timeoutMs = input.timeoutMs ?? HTTP_TIMEOUT_MS
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onAbort = () => controller.abort()
  input.signal?.addEventListener('abort', onAbort, { once: true })
  if (input.signal?.aborted) controller.abort()
  const mapError = (err: unknown): NetFailure => {
    if (timedOut) return { kind: 'TIMEOUT', message: `Request timed out after ${timeoutMs} ms`, code: 'TIMEOUT', networkError: false }
    if (controller.signal.aborted) return { kind: 'INTERNAL', message: 'The run was aborted', code: 'ABORTED', networkError: false }
    return mapNetworkError(err)
  }
  const firstStart = performance.now()
  const hopTimings: HopTiming[] = []
  const settle = (response: HttpResponseInfo | null, error: NetFailure | null): HttpExchange => {
    const t = exchangeTimings(firstStart, hopTimings)
    return { response, error, ...t, responseTime: t.timingPhases.total, redirects, log }
  }
  let method = input.method.toUpperCase()
  let headers = { ...input.headers }
  let body = input.body ?? null
  try {
    for (let hops = 0; ; hops++) {
      const follow = input.followRedirects !== false && hops < MAX_REDIRECTS
      const isRedirect = (status: number, h: http.IncomingHttpHeaders) => REDIRECT_STATUSES.has(status) && typeof h.location === 'string'
      // Each hop starts where the previous one ended, so the time between hops is not lost.
      const previous = hopTimings.at(-1)
      const startedAt = previous ? (previous.timestamps.end ?? previous.stoppedAt) : firstStart
      const r = await runHop({ startedAt, url, method, headers, body, input, signal: controller.signal, mapError, readBody: (s, h) => !(follow && isRedirect(s, h)) })
      hopTimings.push(r.timing)
      const res = r.response
      if (r.error || !res) return settle(null, r.error)
      const location = res.headers.location
      if (REDIRECT_STATUSES.has(res.status) && typeof location === 'string') {
        const next = URL.canParse(location, url) ? new URL(location, url) : null
        if (follow && next && (next.protocol === 'http:' || next.protocol === 'https:')) {
          log.push(`Redirect ${res.status}: ${url.toString()} -> ${next.toString()}`)
          redirects.push({ status: res.status, from: url.toString(), to: next.toString(), timingPhases: hopPhases(r.timing) })
          if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
            method = 'GET'
            body = null
            headers = withoutHeaders(headers, ['content-type', 'content-length', 'transfer-encoding'])
          }
          if (next.origin !== url.origin) headers = withoutHeaders(headers, ['authorization', 'cookie'])
          url = next
          continue
        }
        if (input.followRedirects !== false) log.push(`Not following redirect ${res.status} to ${location}${follow ? '' : ` (limit of ${MAX_REDIRECTS} redirects reached)`}`)
      }
      return settle(res, null)
    }
  } finally {
    clearTimeout(timer)
    input.signal?.removeEventListener('abort', onAbort)
  }
}
