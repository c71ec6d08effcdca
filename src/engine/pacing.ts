/**
 * How long the engine's loops sleep (pure). An idle instance should cost almost nothing, and a busy one should not
 * wait: the scheduler sleeps until the next check is due (bounded, so that checks created or changed by another
 * instance are seen soon), and the worker polls the queue often while it finds work and less and less often while
 * it finds none (the scheduler of the same instance wakes it when it queues runs).
 */

export interface Pacing {
  /** Shortest scheduler sleep: runs due within it are claimed together. */
  schedulerMinMs: number
  /** Longest scheduler sleep. */
  schedulerMaxMs: number
  /** Worker poll interval while it finds work. */
  workerBusyMs: number
  /** Longest worker poll interval while the queue stays empty. */
  workerIdleMaxMs: number
  /** The scheduler also claims checks due within this much ahead; their jobs wait for their slot (scheduler.ts). */
  schedulerLookaheadMs: number
}

export const DEFAULT_PACING: Pacing = { schedulerMinMs: 20, schedulerMaxMs: 1_000, workerBusyMs: 20, workerIdleMaxMs: 2_000, schedulerLookaheadMs: 1_000 }

/**
 * The scheduler's sleep: until the earliest due schedule, within [min, max]; max when there is none. The pass then
 * also claims what falls due within the lookahead, so the next one is at least that far away.
 */
export function schedulerSleep(now: number, earliestDue: number | null, p: Pacing): number {
  if (earliestDue === null) return p.schedulerMaxMs
  return Math.min(p.schedulerMaxMs, Math.max(p.schedulerMinMs, earliestDue - now))
}

/**
 * When a lane should look next: its own sleep, or sooner when a job this instance queued for later becomes due
 * (`pendingDue`: their due times, any order). `leasedAt`: the time the pass's lease looked up to; a job due by
 * then was leased (or the lane had no room, and polls busily anyway), and a later one is still ahead even when it
 * is due by `now` (a timer may fire a little before its time, and the lease then finds nothing yet): dropping it
 * would leave it to the idle poll. Returns the wait and the due times still ahead.
 */
export function laneWait(now: number, sleepMs: number, pendingDue: readonly number[], leasedAt: number): { waitMs: number; pending: number[] } {
  const pending = pendingDue.filter((t) => t > leasedAt)
  let next = Number.POSITIVE_INFINITY
  for (const t of pending) if (t < next) next = t
  return { waitMs: Math.min(sleepMs, Math.max(0, next - now)), pending }
}

/**
 * The worker's next poll interval: the busy interval while a lease takes all the room there is (the queue holds
 * more than the lane can run), else doubling up to the idle maximum. A lease that emptied the queue does not make
 * the next poll sooner: new runs of this instance's scheduler, its run-now sessions and its retries wake the worker
 * when they fall due, and what comes from elsewhere (other instances) waits at most the idle maximum.
 */
export function workerSleep(previousMs: number, queueHasMore: boolean, p: Pacing): number {
  if (queueHasMore) return p.workerBusyMs
  return Math.min(p.workerIdleMaxMs, Math.max(p.workerBusyMs, previousMs * 2))
}
