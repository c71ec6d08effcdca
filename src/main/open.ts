/** Opens and migrates the configured store and builds the services: shared by the server and the CLI. */
import path from 'node:path'
import type { Config } from '../config/load.js'
import { systemClock } from '../lib/clock.js'
import { openStore, type Store } from '../store/db.js'
import { migrateToLatest } from '../store/migrate.js'
import { artifactFiles } from '../store/artifact-files.js'
import { buildServices, type Services } from '../services/index.js'
import { wireMetrics, type MetricsWiring } from './metrics-wiring.js'

/** withMetrics: the server's /metrics registry, whose notifier and run hooks the services get (not for the CLI). */
export async function openServices(config: Config, options: { withMetrics?: boolean } = {}): Promise<{ store: Store; services: Services; metrics: MetricsWiring | null }> {
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'picket.db') })
  try {
    await migrateToLatest(store)
  } catch (err) {
    await store.close()
    throw err
  }
  const metrics = options.withMetrics ? wireMetrics(config, store) : null
  const services = buildServices({
    store, clock: systemClock, publicBaseUrl: config.publicBaseUrl, staticIps: config.staticIps, defaultLocation: config.defaultLocation,
    delivery: { smtp: config.smtp, sms: config.sms, resultLinkBase: config.publicBaseUrl },
    artifacts: artifactFiles(config.artifacts.dir), artifactRetentionDays: config.artifacts.retentionDays, pageCacheMs: config.sites.cacheMs,
    privateLocations: config.privateLocations, retention: config.operations.retention, egress: config.operations.egress,
    notifierMetrics: metrics?.notifierMetrics, runMetrics: metrics?.engineMetrics,
  })
  return { store, services, metrics }
}
