/**
 * The metrics of the HTTP app (buildApp): every request is counted by route pattern, and GET /metrics is served
 * unless the operator put it on a port of its own. /metrics is outside /v1 and /v2, so it takes no API key and is
 * not rate-limited; with METRICS_TOKEN it needs that bearer token instead. It is left out of /openapi.json.
 */
import type { FastifyInstance } from 'fastify'
import { errorBody, sendError } from '../api/errors.js'
import { UNAUTHORIZED_MESSAGE, type MetricsEndpoint } from './endpoint.js'
import { installHttpMetrics, type HttpMetrics } from './http.js'

export interface AppMetrics {
  http: HttpMetrics
  /** GET /metrics on the API port; null when it is served on METRICS_PORT instead. */
  endpoint: MetricsEndpoint | null
}

export function installAppMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  installHttpMetrics(app, metrics.http)
  const endpoint = metrics.endpoint
  if (!endpoint) return
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!endpoint.allows(request.headers.authorization)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"')
      return sendError(reply, errorBody(401, UNAUTHORIZED_MESSAGE))
    }
    return reply.type(endpoint.contentType).send(await endpoint.render())
  })
}
