/**
 * Stale slots (pure): when the engine is behind, a scheduled run that has not started by the time its check's next
 * slot comes due is skipped, not run late: the next slot's run measures the same thing, and replaying every stale
 * slot one after another would keep the engine behind for good. A skipped run is recorded as skipped (never
 * silently lost) and is never run afterwards (never twice). Only the scheduler's first attempts expire: a retry, a
 * check or test session's run and a triggered run were asked for by a person or by a failure, and always run.
 */

/** The trigger of runs the scheduler creates (store/engine/run-jobs.ts firstAttemptJobs). */
export const SCHEDULER_TRIGGER = 'SCHEDULER'

export interface QueuedRun {
  trigger: string
  attempt: number
}

/**
 * The time from which a queued run is stale: its check's next slot for a scheduler-created first attempt, else
 * null (never). Stored on the job when it is queued (run_jobs.expires_at).
 */
export function staleFrom(run: QueuedRun, nextSlot: number): number | null {
  return run.trigger === SCHEDULER_TRIGGER && run.attempt === 1 ? nextSlot : null
}

/**
 * Whether a run that has not started by `now` is skipped instead of started. The store's lease and expiry queries
 * apply the same test in SQL: `expires_at is not null and expires_at <= now`.
 */
export function isStale(run: QueuedRun & { expiresAt: number | null }, now: number): boolean {
  return run.expiresAt !== null && run.attempt === 1 && run.trigger === SCHEDULER_TRIGGER && run.expiresAt <= now
}
