/** Builds this instance's engine: the built-in runners, the script sandbox and the scheduling loops. */
import type { Config } from '../config/load.js'
import { systemClock } from '../lib/clock.js'
import { newId } from '../lib/ids.js'
import { startEngine, type Engine } from '../engine/index.js'
import { DEFAULT_TUNING, type EngineLog } from '../engine/engine-deps.js'
import { buildRunners } from '../runners/index.js'
import { createChildProcessSandbox } from '../runners/sandbox/index.js'
import { buildStores, transactor } from '../store/all-stores.js'
import type { Store } from '../store/db.js'

export interface RunningEngine {
  stop(): Promise<void>
}

export function startInstanceEngine(config: Config, store: Store, log: EngineLog): RunningEngine {
  const sandbox = createChildProcessSandbox()
  const engine: Engine = startEngine({
    stores: buildStores(store),
    transact: transactor(store),
    clock: systemClock,
    runners: buildRunners({ sandbox }),
    instanceId: newId(),
    defaultLocation: config.defaultLocation,
    log,
    tuning: { ...DEFAULT_TUNING, concurrency: config.engineConcurrency },
  })
  return {
    async stop() {
      await engine.stop()
      sandbox.close()
    },
  }
}
