/** Builds the HTTP application from its dependencies. It never listens: main/server.ts does. */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Redis } from 'ioredis'
import type { Services } from '../services/index.js'
import { installAuth } from './auth.js'
import { installErrorHandlers } from './errors.js'
import { installJsonBodyParser } from './json-body.js'
import { installJsonCompression } from './json-compression.js'
import { installNulGuard } from './nul-guard.js'
import { installOpenApi } from './openapi.js'
import { installRateLimit } from './rate-limit.js'
import { installRequestLog } from './request-log.js'
import { installShutdownGate } from './shutdown-gate.js'
import { answerUnknownExpectations, handleClientError, handleFrameworkError } from './transport-errors.js'
import { createCompiledSchemas, type CompiledSchemas } from './compiled-schemas.js'
import { installResponseCheck } from './response-check.js'
import { resourceRoutes } from './routes/index.js'
import { healthRoutes } from './routes/health.js'
import { installWeb } from '../web/index.js'
import type { SiteDomains } from '../domain/site-hosts.js'
import { installAppMetrics, type AppMetrics } from '../metrics/app.js'

export interface AppDeps {
  services: Services
  publicBaseUrl: string
  rateLimit: { max: number; windowMs: number }
  redis?: Redis | undefined
  bodyLimitBytes?: number
  /**
   * The reverse proxies trusted to name the client in X-Forwarded-For (TRUST_PROXY), as Fastify's trustProxy takes
   * them; request.ip is then the client's address. Default: none, so request.ip is the connecting address.
   */
  trustProxy?: boolean | string[]
  /** Logger settings (main/server.ts), or a ready logger (tests capture lines with one). */
  logger?: FastifyServerOptions['logger']
  loggerInstance?: FastifyBaseLogger
  /** Requests at least this long are logged at info (default SLOW_REQUEST_MS). */
  slowRequestMs?: number
  isShuttingDown?: () => boolean
  /** Base domains of dashboards and status pages (subdomains), and the public pages' rate limit per address. */
  sites?: { dashboardDomain: string | null; statusPageDomain: string | null; rateLimit?: { max: number; windowMs: number } }
  /** Request counts and latency by route, and GET /metrics (main/metrics-wiring.ts); without it neither. */
  metrics?: AppMetrics | undefined
  /** Compiled validators and serializers shared with other apps of this process (tests build many); by default the app's own. */
  compiledSchemas?: CompiledSchemas
  /**
   * Check every response against its route's declared schema before it is serialized, and answer 500 naming the
   * route, status and path when it does not match (response-check.ts). Tests turn it on; it costs a validation and a
   * second serialization per response.
   */
  checkResponses?: boolean
}

/**
 * Path parameters are not cut short by the router: the URL as a whole is bounded by Node's header size limit, and
 * each parameter by its route's schema, so an over-long id is a 400 naming the field, after authentication.
 */
const MAX_PARAM_LENGTH = 65_536

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const isShuttingDown = deps.isShuttingDown ?? (() => false)
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    // Fastify's own per-request lines are off; request-log.ts writes one line per request at the right level.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.bodyLimitBytes ?? 1_048_576,
    trustProxy: deps.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, ignoreTrailingSlash: true },
    ajv: { customOptions: { strict: false } },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    return503OnClosing: false,
  })
  answerUnknownExpectations(app.server)
  const compiled = deps.compiledSchemas ?? createCompiledSchemas()
  app.setValidatorCompiler(compiled.validatorCompiler)
  app.setSerializerCompiler(compiled.serializerCompiler)
  // The API speaks JSON only; other bodies get 415 rather than a confusing type error.
  app.removeContentTypeParser('text/plain')
  installJsonBodyParser(app)
  installNulGuard(app)
  installErrorHandlers(app)
  if (deps.checkResponses) installResponseCheck(app, compiled)
  installRequestLog(app, { slowRequestMs: deps.slowRequestMs, isShuttingDown })
  if (deps.metrics) installAppMetrics(app, deps.metrics)
  installShutdownGate(app, isShuttingDown)
  installJsonCompression(app)
  await installOpenApi(app, deps.publicBaseUrl)
  await installRateLimit(app, { ...deps.rateLimit, redis: deps.redis })
  installAuth(app, { accounts: deps.services.accounts, logins: deps.services.logins, publicBaseUrl: deps.publicBaseUrl })
  await healthRoutes(app, { isShuttingDown, storeReady: deps.services.ping })
  await resourceRoutes(app, deps.services, deps.publicBaseUrl)
  const domains: SiteDomains = {
    dashboardDomain: deps.sites?.dashboardDomain ?? null,
    statusPageDomain: deps.sites?.statusPageDomain ?? null,
    ownHosts: [new URL(deps.publicBaseUrl).hostname.toLowerCase()],
  }
  await installWeb(app, { dashboardPages: deps.services.dashboardPages, statusPagePages: deps.services.statusPagePages, domains, rateLimit: deps.sites?.rateLimit })
  await app.ready()
  return app
}
