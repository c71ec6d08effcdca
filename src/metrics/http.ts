/** HTTP requests of the API by method, route pattern and status: a counter and a latency histogram. */
import type { FastifyInstance } from 'fastify'
import { Counter, Histogram, type Registry } from 'prom-client'
import { methodLabel, routeLabel, statusClass } from './labels.js'

export interface HttpMetrics {
  observe(request: { method: string; route: string | undefined; statusCode: number; seconds: number }): void
}

export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createHttpMetrics(registry: Registry): HttpMetrics {
  const requests = new Counter({
    name: 'picket_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'picket_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  })
  return {
    observe({ method, route, statusCode, seconds }) {
      const m = methodLabel(method)
      const r = routeLabel(route)
      requests.inc({ method: m, route: r, status: String(statusCode) })
      duration.observe({ method: m, route: r, status_class: statusClass(statusCode) }, seconds)
    },
  }
}

/** Counts every answer of the app (including 404s and /metrics itself) once it is sent. */
export function installHttpMetrics(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe({ method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 })
  })
}
