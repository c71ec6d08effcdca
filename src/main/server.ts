/** Composition root of the service: config, store, services, HTTP API; graceful shutdown on SIGTERM/SIGINT. */
import { Redis } from 'ioredis'
import { ConfigError, loadConfig } from '../config/load.js'
import { buildApp } from '../api/build-app.js'
import { openServices } from './open.js'
import { startInstanceEngine } from './engine.js'
import { periodicWork } from './periodic.js'
import { buildConsole, describeBuild } from './console-build.js'

async function main(): Promise<void> {
  const config = loadConfig()
  // The console of this code is served: built now when its sources changed (a few seconds, once).
  const consoleBuild = await buildConsole({ ifStale: true })
  if (consoleBuild.built) process.stdout.write(`${describeBuild(consoleBuild)}\n`)
  const { store, services } = await openServices(config)
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
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined
  redis?.on('error', () => undefined)

  let shuttingDown = false
  const app = await buildApp({
    services,
    publicBaseUrl: config.publicBaseUrl,
    rateLimit: config.rateLimit,
    redis,
    bodyLimitBytes: config.bodyLimitBytes,
    logger: { level: config.logLevel },
    isShuttingDown: () => shuttingDown,
    sites: { dashboardDomain: config.sites.dashboardDomain, statusPageDomain: config.sites.statusPageDomain },
  })
  await app.listen({ port: config.port, host: config.host })
  const engine = config.engineEnabled
    ? startInstanceEngine(config, store, app.log.child({ component: 'engine' }), {
        onFinalResults: (rows) => services.afterFinalResults(rows),
        periodic: periodicWork(services),
      })
    : undefined
  app.log.info({ store: store.dialect, publicBaseUrl: config.publicBaseUrl, engine: Boolean(engine) }, 'Picket is running')

  const shutdown = async (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    app.log.info({ signal }, 'shutting down: draining in-flight requests')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, config.shutdownGraceMs)
    force.unref()
    await app.close()
    await engine?.stop()
    await store.close()
    await redis?.quit().catch(() => undefined)
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
  process.exit(1)
})
