/** What the engine is built from (wired in main/). */
import type { Clock } from '../lib/clock.js'
import type { CheckRunner } from '../runners/contract.js'
import type { Stores, Transact } from '../store/all-stores.js'
import type { CheckResultRow } from '../store/schema.js'

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
  log: EngineLog
  /** Called after FINAL results are stored (alerting hooks in here). */
  onFinalResults?: (rows: CheckResultRow[]) => Promise<void>
  tuning: EngineTuning
  /** Other periodic work of this instance (heartbeat deadlines, notification delivery, reminders, SSL checks). */
  periodic?: PeriodicWork[]
}

export interface PeriodicWork {
  name: string
  everyMs: number
  run: () => Promise<unknown>
}

export interface EngineTuning {
  /** Due schedules claimed per scheduler tick. */
  scheduleBatch: number
  /** Runs executing at once in this instance. */
  concurrency: number
  /** How long a leased job may run before another instance may take it over. */
  leaseMs: number
  /** Longest sleep between scheduler ticks. */
  tickMs: number
}

export const DEFAULT_TUNING: EngineTuning = { scheduleBatch: 500, concurrency: 256, leaseMs: 120_000, tickMs: 200 }
