/**
 * Composition root of the service: config, store, services, and what this instance's roles ask for (ROLES,
 * ENGINE, RUN_LOCATIONS): the HTTP API, console and pages (api), or only the health routes when it has no api
 * role; the scheduler, built-in runners and periodic work (engine). Graceful shutdown on SIGTERM/SIGINT.
 */
import { Redis } from 'ioredis'
import { ConfigError, loadConfig, type Config } from '../config/load.js'
import { buildApp } from '../api/build-app.js'
import { openServices } from './open.js'
import { startInstanceEngine } from './engine.js'
import { periodicWork } from './periodic.js'
import { buildConsole, describeBuild } from './console-build.js'
import { startHealthServer } from './health-server.js'
import { ensureMigrated, StartRefused } from './migration-gate.js'
import type { Services } from '../services/index.js'
import { createLogger } from '../lib/logger.js'
import { createResultStream } from '../api/result-stream/broker.js'

async function main(): Promise<void> {
  const config = loadConfig()
  const roles = config.operations.roles
  // LOG_FORMAT: JSON lines, or readable ones (the default at a terminal).
  const logger = createLogger({ level: config.logLevel, format: config.logFormat })
  await ensureMigrated(config)
  if (roles.api) {
    // The console of this code is served: built now when its sources changed (a few seconds, once).
    const consoleBuild = await buildConsole({ ifStale: true })
    if (consoleBuild.built) process.stdout.write(`${describeBuild(consoleBuild)}\n`)
  }
  const { store, services, metrics, sealing, madeKeyFile } = await openServices(config, { withMetrics: true })
  if (madeKeyFile) {
    process.stdout.write(
      `Picket made the key that seals secrets in the database: ${madeKeyFile}. Back it up, apart from the database: ` + 'without it the secrets in a backup cannot be read.\n',
    )
  }
  if (roles.api) await welcome(config, services)
  const redis =
    roles.api && config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined
  redis?.on('error', () => undefined)

  let shuttingDown = false
  const isShuttingDown = () => shuttingDown
  const app = roles.api
    ? await buildApp({
        services,
        publicBaseUrl: config.publicBaseUrl,
        rateLimit: config.rateLimit,
        redis,
        bodyLimitBytes: config.bodyLimitBytes,
        trustProxy: config.trustProxy,
        loggerInstance: logger,
        isShuttingDown,
        sites: { dashboardDomain: config.sites.dashboardDomain, statusPageDomain: config.sites.statusPageDomain },
        metrics: metrics?.appMetrics,
      })
    : undefined
  // The result stream of the vendor CLI (MQTT over WebSocket at /mqtt) shares the API's port.
  const resultStream = app
    ? await createResultStream({
        authenticate: (key, accountId) => services.accounts.authenticate(key, accountId),
        hub: services.resultHub,
        onError: (err) => app.log.warn({ err }, 'result stream'),
      })
    : undefined
  if (app && resultStream) resultStream.attach(app.server)
  if (app) await app.listen({ port: config.port, host: config.host })
  const http = app ?? (await startHealthServer({ port: config.port, host: config.host, logger, isShuttingDown, storeReady: services.ping, metrics: metrics?.appMetrics }))
  // METRICS_PORT: /metrics on a port of its own (METRICS, METRICS_TOKEN: main/metrics-wiring.ts).
  const metricsServer = await (metrics?.start() ?? Promise.resolve({ port: null, close: async () => undefined }))
  if (metricsServer.port !== null) http.log.info({ port: metricsServer.port }, 'metrics listening on their own port (METRICS_PORT)')
  const engine = roles.engine
    ? await startInstanceEngine(config, store, http.log.child({ component: 'engine' }), {
        onFinalResults: (rows) => services.afterFinalResults(rows),
        periodic: periodicWork(services),
        bell: services.bell,
        metrics: metrics?.engineMetrics,
      })
    : undefined
  if (sealing.rewritten > 0) http.log.info({ secretKeyId: sealing.keyId, rows: sealing.rewritten }, 'stored secrets sealed with the current secret key')
  http.log.info(
    {
      store: store.dialect,
      publicBaseUrl: config.publicBaseUrl,
      secretKeyId: sealing.keyId,
      roles: { api: roles.api, engine: roles.engine, runLocations: roles.runLocations ?? 'all' },
    },
    'Picket is running',
  )

  const shutdown = async (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    http.log.info({ signal }, app ? 'shutting down: draining in-flight requests' : 'shutting down: stopping the engine')
    const force = setTimeout(() => {
      http.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, config.shutdownGraceMs)
    force.unref()
    // With the api role, in-flight requests drain first; without it, readiness answers 503 while the engine stops.
    await resultStream?.close()
    await app?.close()
    await metricsServer.close()
    await engine?.stop()
    if (!app) await http.close()
    await store.close()
    await redis?.quit().catch(() => undefined)
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/** The first account, the console's admin user and the setup link: what an operator needs to start using the API. */
async function welcome(config: Config, services: Services): Promise<void> {
  const boot = await services.accounts.bootstrap({ accountId: config.bootstrapAccountId, apiKey: config.bootstrapApiKey })
  if (boot.created) {
    process.stdout.write(
      [
        '',
        'Picket created the first account. Keep these; the key is shown only this once:',
        `  X-Service-Account: ${boot.accountId}`,
        `  Authorization: Bearer ${boot.apiKey ?? ''}`,
        '',
      ].join('\n') + '\n',
    )
  }
  if (config.admin && (await services.users.ensureAdmin(config.admin.email, config.admin.password))) {
    process.stdout.write(`Picket created the console user ${config.admin.email} (PICKET_ADMIN_EMAIL) as owner of the first account.\n`)
  }
  const setupToken = await services.users.createSetupLink()
  if (setupToken) {
    process.stdout.write(`Open ${config.publicBaseUrl}/setup#${setupToken} to create the first user (valid 24 hours).\n`)
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError || err instanceof StartRefused ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
