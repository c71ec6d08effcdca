/**
 * Superseded runs (pure): when the scheduler queues a check's next run while the check's previous scheduled run is
 * still queued and would be stale by the time the new one is due (stale-slots.ts: it expires at the new slot), the
 * previous run is skipped there and then, and its queued job becomes the new run in place. Under overload most
 * slots end skipped, so a skip must cost little: adding a job, later deleting the stale one and recording the skip
 * wrote every index of the queue twice; one update of the queued job moves only its time entries. The decision
 * comes at most the scheduler's lookahead before the previous run would have gone stale, when the queue has been
 * behind by nearly a whole period.
 */

/** A queued scheduled first attempt that a new run of its check may supersede. */
export interface QueuedScheduledRun {
  id: string
  checkId: string
  /** Its check's next slot: from then on it is stale (stale-slots.ts staleFrom). */
  expiresAt: number
}

/** A new run the scheduler is about to queue. */
export interface NewRun {
  checkId: string
  dueAt: number
}

/**
 * Pairs each new run with a queued run of the same check that is stale by the new run's due time, each queued run
 * at most once and each new run at most once (a parallel check queues one run a location: as many pairs as both
 * sides have). Unpaired new runs are queued as new jobs; unpaired queued runs stay for the expiry pass.
 */
export function supersededPairs<N extends NewRun, Q extends QueuedScheduledRun>(fresh: readonly N[], queued: readonly Q[]): Array<{ fresh: N; queued: Q }> {
  const byCheck = new Map<string, Q[]>()
  for (const q of queued) {
    const list = byCheck.get(q.checkId)
    if (list) list.push(q)
    else byCheck.set(q.checkId, [q])
  }
  const pairs: Array<{ fresh: N; queued: Q }> = []
  for (const f of fresh) {
    const candidates = byCheck.get(f.checkId)
    const i = candidates ? candidates.findIndex((q) => q.expiresAt <= f.dueAt) : -1
    if (!candidates || i < 0) continue
    pairs.push({ fresh: f, queued: candidates[i] as Q })
    candidates.splice(i, 1)
  }
  return pairs
}
