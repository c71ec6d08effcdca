/**
 * The HTTP server of an instance without the API role (ROLES=engine): it serves no API, console or pages, but
 * still answers its orchestrator on PORT with the API's own health routes (/health, /-/liveness, /-/readiness).
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { healthRoutes, type HealthDeps } from '../api/routes/health.js'

export interface HealthServerOptions extends HealthDeps {
  port: number
  host: string
  logLevel: string
}

export async function startHealthServer(options: HealthServerOptions): Promise<FastifyInstance> {
  // Probes are not logged (an orchestrator asks every few seconds); readiness answers 503 while closing, as in the API.
  const app = Fastify({ logger: { level: options.logLevel }, logController: new LogController({ disableRequestLogging: true }), return503OnClosing: false })
  await healthRoutes(app, { isShuttingDown: options.isShuttingDown, storeReady: options.storeReady })
  await app.listen({ port: options.port, host: options.host })
  return app
}
