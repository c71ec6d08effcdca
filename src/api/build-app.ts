/** Builds the HTTP application from its dependencies. It never listens: main/server.ts does. */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Redis } from 'ioredis'
import type { Services } from '../services/index.js'
import { installAuth } from './auth.js'
import { installErrorHandlers } from './errors.js'
import { installOpenApi } from './openapi.js'
import { installRateLimit } from './rate-limit.js'
import { buildValidatorCompiler } from './validation.js'
import { resourceRoutes } from './routes/index.js'
import { healthRoutes } from './routes/health.js'

export interface AppDeps {
  services: Services
  publicBaseUrl: string
  rateLimit: { max: number; windowMs: number }
  redis?: Redis | undefined
  bodyLimitBytes?: number
  logger?: FastifyServerOptions['logger']
  isShuttingDown?: () => boolean
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: deps.bodyLimitBytes ?? 1_048_576,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    ajv: { customOptions: { strict: false } },
  })
  app.setValidatorCompiler(buildValidatorCompiler())
  // The API speaks JSON only; other bodies get 415 rather than a confusing type error.
  app.removeContentTypeParser('text/plain')
  installErrorHandlers(app)
  await installOpenApi(app, deps.publicBaseUrl)
  await installRateLimit(app, { ...deps.rateLimit, redis: deps.redis })
  installAuth(app, deps.services.accounts)
  await healthRoutes(app, { isShuttingDown: deps.isShuttingDown ?? (() => false), storeReady: deps.services.ping })
  await resourceRoutes(app, deps.services)
  await app.ready()
  return app
}
