/** Builds this instance's engine: the built-in runners, the script sandbox and the scheduling loops. */
import type { Config } from '../config/load.js'
import { systemClock } from '../lib/clock.js'
import { newId } from '../lib/ids.js'
import { startEngine, type Engine } from '../engine/index.js'
import { DEFAULT_TUNING, type EngineLog, type EngineMetrics, type PeriodicWork } from '../engine/engine-deps.js'
import type { CheckResultRow } from '../store/schema.js'
import { buildRunners } from '../runners/index.js'
import { createChildProcessSandbox } from '../runners/sandbox/index.js'
import { createBrowserRunner } from '../runners/browser/runner.js'
import { artifactFiles } from '../store/artifact-files.js'
import { buildStores, transactor } from '../store/all-stores.js'
import type { Store } from '../store/db.js'
import type { WorkBell } from '../lib/work-bell.js'

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

export function startInstanceEngine(config: Config, store: Store, log: EngineLog, hooks: InstanceHooks): RunningEngine {
  const sandbox = createChildProcessSandbox({ egress: config.operations.egress })
  const browser = createBrowserRunner({ chromiumPath: config.browser.chromiumPath, concurrency: config.browser.concurrency, memoryMb: config.browser.memoryMb, egress: config.operations.egress })
  const engine: Engine = startEngine({
    stores: buildStores(store),
    transact: transactor(store),
    clock: systemClock,
    runners: buildRunners({ sandbox, browser, egress: config.operations.egress }),
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
