/** What the engine is built from (wired in main/). */
import type { Clock } from '../lib/clock.js'
import type { CheckRunner, RunArtifact } from '../runners/contract.js'
import type { Stores, Transact } from '../store/all-stores.js'
import type { CheckResultRow } from '../store/run-rows.js'
import { DEFAULT_PACING, type Pacing } from './pacing.js'
import type { WorkBell } from '../lib/work-bell.js'

export interface EngineLog {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface EngineDeps {
  stores: Stores
  transact: Transact
  clock: Clock
  /** Runners by checkType; check types without one are not run (their schedule still advances). */
  runners: Partial<Record<string, CheckRunner>>
  /** Unique per process: who holds a lease. */
  instanceId: string
  /** Where checks with no locations run. */
  defaultLocation: string
  /** RUN_LOCATIONS: the data-center locations whose jobs this instance's runners lease; null or absent: all. */
  runLocations?: readonly string[] | null
  log: EngineLog
  /** Called after FINAL results are stored (alerting hooks in here). */
  onFinalResults?: (rows: CheckResultRow[]) => Promise<void>
  tuning: EngineTuning
  /** Where run artifacts (traces, screenshots) are kept; without it they are dropped. */
  artifacts?: ArtifactSink
  /** Other periodic work of this instance (heartbeat deadlines, notification delivery, reminders, SSL checks). */
  periodic?: PeriodicWork[]
  /** Counts runs for /metrics (metrics/engine.ts); without it nothing is counted. */
  metrics?: EngineMetrics
  /** Rung by this instance's services when they queue runs (run-now sessions): the lanes lease them at once. */
  bell?: WorkBell
}

/** Where a run happens, for counting: a data-center location, or one of the private locations. */
export interface RunPlace {
  location: string
  privateLocation: boolean
  checkType: string
}

/**
 * What the engine reports as it goes (the Prometheus counters of metrics/engine.ts). Each call only bumps numbers
 * in memory: no awaits, no I/O, so it costs nothing on the run path.
 */
export interface EngineMetrics {
  /** The scheduler created a run job (a run is due). */
  runDue(place: RunPlace): void
  /** A run was started, `delayMs` after its due time. */
  runStarted(place: RunPlace, delayMs: number): void
  /** A run's result was stored; `retry`: the run is tried again. */
  runFinished(place: RunPlace, result: { status: 'passing' | 'degraded' | 'failing'; hasErrors: boolean }, retry: boolean): void
  /** A scheduled run went stale in the queue and was skipped (domain/schedule/stale-slots.ts). */
  runSkipped?(place: Omit<RunPlace, 'checkType'>): void
}

/** Stores a run's artifact files (see store/artifact-files.ts); `transform` redacts the run's secrets. */
export interface ArtifactSink {
  save(
    key: { accountId: string; checkId: string; resultId: string },
    artifacts: RunArtifact[],
    transform?: (bytes: Buffer, artifact: RunArtifact) => Buffer,
  ): Promise<Array<{ type: string; name: string; contentType: string; size: number }>>
}

export interface PeriodicWork {
  name: string
  everyMs: number
  /** One pass; it may return the wait before the next pass in ms (else `everyMs`). */
  run: () => Promise<number | void>
}

export interface EngineTuning {
  /** Due schedules claimed per scheduler tick. */
  scheduleBatch: number
  /** Runs executing at once in this instance. */
  concurrency: number
  /** How long a leased job may run before another instance may take it over. */
  leaseMs: number
  /** How long the scheduler and the worker sleep between passes (engine/pacing.ts). */
  pacing: Pacing
  /**
   * The browser lane: runs of these check types (browser, multi-step, Playwright, agentic) are leased separately, at most
   * `concurrency` at once, each for `leaseMs` (longer than their hard limit), so that a queue of browser runs
   * never holds leases it cannot serve and never slows the other checks.
   */
  browserLane: { checkTypes: readonly string[]; concurrency: number; leaseMs: number }
}

export const BROWSER_CHECK_TYPES = ['BROWSER', 'MULTI_STEP', 'PLAYWRIGHT', 'AGENTIC'] as const

export const DEFAULT_TUNING: EngineTuning = {
  scheduleBatch: 500,
  concurrency: 256,
  leaseMs: 120_000,
  pacing: DEFAULT_PACING,
  browserLane: { checkTypes: BROWSER_CHECK_TYPES, concurrency: 2, leaseMs: 360_000 },
}
