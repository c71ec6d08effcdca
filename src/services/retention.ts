/**
 * Data retention, run as periodic work: each pass removes, kind by kind, a few batches of rows older
 * than their retention (raw check results with the heartbeat pings, check sessions and test sessions (their runs,
 * cancellations and error groups) that go with them, finished
 * notifications, subscriber e-mails and the alert history, agent error reports), then lets SQLite checkpoint its WAL. A pass does a bounded amount of work;
 * a backlog (a first run on an old database) shrinks by a few batches every pass instead of in one long delete.
 * Analytics outlive raw results: results are removed only once rolled up (at or below the roll-up watermark), and
 * the latest result of each check is kept (store/retention.ts).
 */
import { RETENTION_KINDS, type RetentionKind } from '../store/retention.js'
import { uses, type DepsOf } from './resource-deps.js'

export const DAY_MS = 86_400_000

export interface RetentionSettings {
  /** Raw check results, heartbeat ping events, check sessions and test sessions (RESULT_RETENTION_DAYS). */
  resultDays: number
  /** SUCCESS and FAILURE notification rows, finished status-page subscriber e-mails, check alerts (NOTIFICATION_RETENTION_DAYS). */
  notificationDays: number
  /** Private-location agent error reports (AGENT_ERROR_RETENTION_DAYS). */
  agentErrorDays: number
  /** Rows per delete statement (RETENTION_BATCH_SIZE). */
  batchSize: number
  /** Batches per kind per pass: a pass removes at most batchSize × batchesPerPass rows of each kind. */
  batchesPerPass: number
}

export const DEFAULT_RETENTION: RetentionSettings = { resultDays: 30, notificationDays: 30, agentErrorDays: 30, batchSize: 500, batchesPerPass: 10 }

export type RetentionCounts = Record<RetentionKind, number>

/**
 * The time (epoch ms, exclusive) before which each kind is removed (pure). Results also stop at the roll-up
 * watermark: a result inserted after it is not in the analytics roll-ups yet and is still read raw, so it stays
 * until the roll-up job has folded it in, however old it is.
 */
export function retentionCutoffs(now: number, s: Pick<RetentionSettings, 'resultDays' | 'notificationDays' | 'agentErrorDays'>, rollupWatermark: number): RetentionCounts {
  const before = (days: number) => now - days * DAY_MS
  return {
    results: Math.min(before(s.resultDays), rollupWatermark + 1),
    // Skipped runs stand beside the results of the runs that did happen: they go at the same age.
    runSkips: before(s.resultDays),
    heartbeatEvents: before(s.resultDays),
    sessions: before(s.resultDays),
    // Test sessions are recorded runs like check sessions: they, their runs, cancellations and error groups go at
    // the age of results (their results are gone by then).
    testSessionRuns: before(s.resultDays),
    testSessions: before(s.resultDays),
    runCancellations: before(s.resultDays),
    testSessionErrorGroups: before(s.resultDays),
    notifications: before(s.notificationDays),
    statusPageEmails: before(s.notificationDays),
    alerts: before(s.notificationDays),
    agentErrors: before(s.agentErrorDays),
    // A deployment's record matters while its client follows it; it is kept as long as the notifications.
    vendorDeployments: before(s.notificationDays),
    // An analysis explains results: it goes at their age (its group may outlive it; a new one can be asked for).
    rootCauseAnalyses: before(s.resultDays),
  }
}

export interface RetentionService {
  /** One pass: removes what is due, at most batchSize × batchesPerPass rows per kind; returns how many of each. */
  prune(): Promise<RetentionCounts>
  readonly settings: RetentionSettings
}

/** What data retention uses: the wiring hands it these stores and shared things and no others. */
export const retentionServiceUses = uses(['retention', 'analytics'], ['clock'])

export type RetentionDeps = DepsOf<typeof retentionServiceUses> & {
  /** Between two batches: lets the engine's queued writes and timers run (default: the next turn of the event loop). */
  pause?: () => Promise<void>
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export function retentionService(deps: RetentionDeps, options: Partial<RetentionSettings> = {}): RetentionService {
  const settings: RetentionSettings = { ...DEFAULT_RETENTION, ...options }
  const pause = deps.pause ?? nextTurn
  const { retention } = deps.stores
  return {
    settings,
    async prune() {
      const cutoffs = retentionCutoffs(deps.clock.now(), settings, await deps.stores.analytics.watermark())
      const removed = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as RetentionCounts
      for (const kind of RETENTION_KINDS) {
        for (let batch = 0; batch < settings.batchesPerPass; batch++) {
          const n = await retention.removeOldest(kind, cutoffs[kind], settings.batchSize)
          removed[kind] += n
          if (n < settings.batchSize) break
          await pause()
        }
      }
      if (RETENTION_KINDS.some((k) => removed[k] > 0)) await retention.checkpoint()
      return removed
    },
  }
}
