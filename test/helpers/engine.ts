/** An engine instance on a test app's store, with the real runners and sandbox, driven by a fake clock. */
import { randomUUID } from 'node:crypto'
import type { Clock } from '../../src/lib/clock.js'
import { startEngine, type Engine } from '../../src/engine/index.js'
import { DEFAULT_TUNING, type ArtifactSink, type EngineDeps } from '../../src/engine/engine-deps.js'
import type { CheckRunner } from '../../src/runners/contract.js'
import { buildRunners } from '../../src/runners/index.js'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import { buildStores, transactor } from '../../src/store/all-stores.js'
import type { Store } from '../../src/store/db.js'
import type { CheckResultRow } from '../../src/store/run-rows.js'
import type { WorkBell } from '../../src/lib/work-bell.js'
import type { Pacing } from '../../src/engine/pacing.js'

export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

export interface TestEngine {
  engine: Engine
  deps: EngineDeps
  finals: CheckResultRow[]
}

/** onFinalResults: also hand FINAL results to this hook (e.g. the test app's alerting.evaluate). */
export function startTestEngine(
  store: Store,
  clock: Clock,
  options: {
    loops?: boolean
    instanceId?: string
    leaseMs?: number
    onFinalResults?: (rows: CheckResultRow[]) => Promise<void>
    /** Browser, multi-step and Playwright checks run with this runner, and keep their artifacts here. */
    browser?: CheckRunner
    /** Agentic checks run with this runner (agentic/runner.ts with a model endpoint); without it they are not run. */
    agentic?: CheckRunner
    artifacts?: ArtifactSink
    /** The services' bell (TestApp.services.bell), so that runs they queue start at once; pacing: the loops' sleeps. */
    bell?: WorkBell
    pacing?: Partial<Pacing>
    /** Where the engine's log lines go (default: nowhere). */
    log?: EngineDeps['log']
  } = {},
): TestEngine {
  const finals: CheckResultRow[] = []
  const deps: EngineDeps = {
    stores: buildStores(store),
    transact: transactor(store),
    clock,
    runners: buildRunners({
      sandbox: createChildProcessSandbox(),
      ...(options.browser ? { browser: options.browser } : {}),
      ...(options.agentic ? { agentic: options.agentic } : {}),
    }),
    ...(options.artifacts ? { artifacts: options.artifacts } : {}),
    instanceId: options.instanceId ?? randomUUID(),
    defaultLocation: 'us-east-1',
    log: options.log ?? silentLog,
    onFinalResults: async (rows) => {
      finals.push(...rows)
      await options.onFinalResults?.(rows)
    },
    tuning: { ...DEFAULT_TUNING, leaseMs: options.leaseMs ?? DEFAULT_TUNING.leaseMs, pacing: { ...DEFAULT_TUNING.pacing, ...options.pacing } },
    ...(options.bell ? { bell: options.bell } : {}),
  }
  return { engine: startEngine(deps, { loops: options.loops ?? false }), deps, finals }
}
