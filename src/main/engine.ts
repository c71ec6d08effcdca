/** Builds this instance's engine: the built-in runners, the script sandbox and the scheduling loops. */
import type { Config } from '../config/load.js'
import { systemClock } from '../lib/clock.js'
import { newId } from '../lib/ids.js'
import { startEngine, type Engine } from '../engine/index.js'
import { DEFAULT_TUNING, type EngineLog, type EngineMetrics, type PeriodicWork } from '../engine/engine-deps.js'
import type { CheckResultRow } from '../store/run-rows.js'
import { buildRunners } from '../runners/index.js'
import { createChildProcessSandbox } from '../runners/sandbox/index.js'
import { createBrowserRunner } from '../runners/browser/runner.js'
import { agenticRunner } from '../runners/agentic/runner.js'
import { artifactFiles } from '../store/artifact-files.js'
import { buildStores, transactor } from '../store/all-stores.js'
import type { Store } from '../store/db.js'
import type { WorkBell } from '../lib/work-bell.js'
import { withProtectedEndpoints, type ServiceEndpoints } from './protected-endpoints.js'
import { startRunBox } from './run-box.js'

export interface RunningEngine {
  stop(): Promise<void>
}

export interface InstanceHooks {
  /** What follows stored FINAL results: error grouping and alert evaluation (services.afterFinalResults). */
  onFinalResults: (rows: CheckResultRow[]) => Promise<void>
  /** Heartbeat deadlines, notification delivery, reminders, SSL checks. */
  periodic: PeriodicWork[]
  /** Runs due, started and finished, for /metrics (main/metrics-wiring.ts). */
  metrics?: EngineMetrics | undefined
  /** Rung by the services when they queue runs (services.bell). */
  bell?: WorkBell
}

/** What this instance listens on and talks to: never reachable by a run (main/protected-endpoints.ts). */
function ownServices(config: Config): ServiceEndpoints {
  const m = config.operations.metrics
  return {
    listening: [{ name: 'API port', port: config.port }, ...(m.enabled && m.port !== null ? [{ name: 'metrics port', port: m.port }] : [])],
    remote: [
      { name: 'database', url: config.databaseUrl, defaultPort: 5432 },
      { name: 'Redis', url: config.redisUrl, defaultPort: 6379 },
      { name: 'SMTP relay', url: config.smtp.url, defaultPort: config.smtp.url?.startsWith('smtps:') ? 465 : 587 },
    ],
  }
}

export async function startInstanceEngine(config: Config, store: Store, log: EngineLog, hooks: InstanceHooks): Promise<RunningEngine> {
  const egress = await withProtectedEndpoints(config.operations.egress, ownServices(config))
  const box = await startRunBox(config.operations.sandbox, log)
  const sandbox = createChildProcessSandbox({ egress, box })
  const b = config.browser
  const browser = createBrowserRunner({
    chromiumPath: b.chromiumPath,
    concurrency: b.concurrency,
    memoryMb: b.memoryMb,
    maxWorkers: b.maxWorkers,
    ...(b.dependencyCacheDir ? { dependencyCacheDir: b.dependencyCacheDir } : {}),
    installTimeoutMs: b.installTimeoutMs,
    allowInstallScripts: b.allowInstallScripts,
    egress,
    box,
  })
  // Agentic checks run where a model is configured; without one they cannot be created either.
  const agentic = config.agenticModel ? agenticRunner({ model: config.agenticModel, chromiumPath: b.chromiumPath, egress, box, memoryMb: b.memoryMb }) : undefined
  const engine: Engine = startEngine({
    stores: buildStores(store),
    transact: transactor(store),
    clock: systemClock,
    runners: buildRunners({ sandbox, browser, egress, ...(agentic ? { agentic } : {}) }),
    artifacts: artifactFiles(config.artifacts.dir),
    instanceId: newId(),
    defaultLocation: config.defaultLocation,
    runLocations: config.operations.roles.runLocations,
    log,
    tuning: {
      ...DEFAULT_TUNING,
      concurrency: config.engineConcurrency,
      browserLane: { ...DEFAULT_TUNING.browserLane, concurrency: config.browser.concurrency },
    },
    onFinalResults: hooks.onFinalResults,
    periodic: hooks.periodic,
    ...(hooks.bell ? { bell: hooks.bell } : {}),
    ...(hooks.metrics ? { metrics: hooks.metrics } : {}),
  })
  return {
    async stop() {
      await engine.stop()
      sandbox.close()
      await browser.close()
    },
  }
}
