/**
 * Opens and migrates the configured store, seals its secrets with the configured key, and builds the services:
 * shared by the server and the CLI.
 */
import path from 'node:path'
import type { Config } from '../config/load.js'
import { systemClock } from '../lib/clock.js'
import { openStore, type Store } from '../store/db.js'
import { migrateToLatest } from '../store/migrate.js'
import { sealStoredSecrets, type SealReport } from '../store/secrets/reseal.js'
import { StartRefused } from './migration-gate.js'
import { secretBoxFor } from './secret-keys.js'
import { artifactFiles } from '../store/artifact-files.js'
import type { Services } from '../services/index.js'
import { buildServices } from './services-wiring.js'
import { wireMetrics, type MetricsWiring } from './metrics-wiring.js'

/** withMetrics: the server's /metrics registry, whose notifier and run hooks the services get (not for the CLI). */
export async function openServices(
  config: Config,
  options: { withMetrics?: boolean } = {},
): Promise<{ store: Store; services: Services; metrics: MetricsWiring | null; sealing: SealReport; madeKeyFile: string | null }> {
  let madeKeyFile: string | null = null
  const secrets = secretBoxFor(config.secretKey, (file) => (madeKeyFile = file))
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'picket.db'), sqliteSynchronous: config.sqliteSynchronous, secrets })
  let sealing: SealReport
  try {
    await migrateToLatest(store)
    sealing = await sealStoredSecrets(store, systemClock.now())
    refuseUnknownKeys(sealing)
  } catch (err) {
    await store.close()
    throw err
  }
  const metrics = options.withMetrics ? wireMetrics(config, store) : null
  const services = buildServices({
    store,
    clock: systemClock,
    publicBaseUrl: config.publicBaseUrl,
    staticIps: config.staticIps,
    defaultLocation: config.defaultLocation,
    delivery: { smtp: config.smtp, sms: config.sms, resultLinkBase: config.publicBaseUrl },
    artifacts: artifactFiles(config.artifacts.dir),
    codeBundleDir: path.join(config.dataDir, 'code-bundles'),
    artifactRetentionDays: config.artifacts.retentionDays,
    pageCacheMs: config.sites.cacheMs,
    privateLocations: config.privateLocations,
    retention: config.operations.retention,
    egress: config.operations.egress,
    notifierMetrics: metrics?.notifierMetrics,
    runMetrics: metrics?.engineMetrics,
    agenticModel: config.agenticModel,
  })
  return { store, services, metrics, sealing, madeKeyFile }
}

/** Secrets sealed with a key this process lacks could not be read by any run or request: the operator must give it. */
function refuseUnknownKeys(report: SealReport): void {
  const unknown = Object.entries(report.unknownKeys)
  if (unknown.length === 0) return
  throw new StartRefused(
    `Picket did not start: ${unknown.map(([id, n]) => `${n} stored secret${n === 1 ? ' is' : 's are'} sealed with key ${id}`).join(', ')}, ` +
      `but the secret key given has id ${report.keyId}. Give the key they were sealed with as PICKET_SECRET_KEY_PREVIOUS ` +
      '(or PICKET_SECRET_KEY_PREVIOUS_FILE) so that they are read and sealed again with the current key; with the default key, ' +
      'restore DATA_DIR/secret.key from your backup.',
  )
}
