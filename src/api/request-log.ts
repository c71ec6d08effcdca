/**
 * One log line per request, at a level that keeps the default (info) log quiet: debug for ordinary requests,
 * info for slow ones (with the duration), error for 5xx answers (with the error). A 503 given while the instance
 * shuts down (a refused request, readiness) is expected, not a failure: info. Lines carry Fastify's reqId.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clip } from './errors.js'

/** A request that takes at least this long is logged at info. */
export const SLOW_REQUEST_MS = 1000

/** The URL for the log: secrets in the path (ping and trigger tokens) are replaced, long URLs are cut. */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'params'> & { routeOptions: { url?: string | undefined } }): string {
  const pattern = request.routeOptions.url
  const params = (request.params ?? {}) as Record<string, unknown>
  if (pattern && pattern.includes(':token')) {
    return pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === 'token' ? '[redacted]' : clip(String(params[name] ?? ''), 100)))
  }
  return clip(request.url, 300)
}

export function installRequestLog(app: FastifyInstance, options: { slowRequestMs?: number | undefined; isShuttingDown?: () => boolean } = {}): void {
  const slowMs = options.slowRequestMs ?? SLOW_REQUEST_MS
  const isShuttingDown = options.isShuttingDown ?? (() => false)
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10
    const line = { req: { method: request.method, url: loggedUrl(request) }, res: { statusCode: reply.statusCode }, responseTime }
    if (reply.statusCode === 503 && !request.failure && isShuttingDown()) request.log.info(line, 'request refused: shutting down')
    else if (reply.statusCode >= 500) request.log.error({ ...line, ...(request.failure ? { err: request.failure } : {}) }, 'request failed')
    else if (reply.elapsedTime >= slowMs) request.log.info(line, 'slow request')
    else request.log.debug(line, 'request completed')
  })
}
