/**
 * The HTTP server of an instance without the API role (ROLES=engine): it serves no API, console or pages, but
 * still answers its orchestrator on PORT with the API's own health routes (/health, /-/liveness, /-/readiness),
 * and Prometheus on /metrics (unless METRICS_PORT moves it).
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { healthRoutes, type HealthDeps } from '../api/routes/health.js'
import { installAppMetrics, type AppMetrics } from '../metrics/app.js'

export interface HealthServerOptions extends HealthDeps {
  port: number
  host: string
  /** The instance's logger (main/server.ts: LOG_LEVEL, LOG_FORMAT). */
  logger: FastifyBaseLogger
  /** GET /metrics here too, unless METRICS_PORT gives the metrics a port of their own. */
  metrics?: AppMetrics | undefined
}

export async function startHealthServer(options: HealthServerOptions): Promise<FastifyInstance> {
  // Probes are not logged (an orchestrator asks every few seconds); readiness answers 503 while closing, as in the API.
  const app = Fastify({ loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }), return503OnClosing: false })
  await healthRoutes(app, { isShuttingDown: options.isShuttingDown, storeReady: options.storeReady })
  if (options.metrics) installAppMetrics(app, options.metrics)
  await app.listen({ port: options.port, host: options.host })
  return app
}
