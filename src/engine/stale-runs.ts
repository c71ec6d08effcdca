/**
 * The expiry pass of stale slots (domain/schedule/stale-slots.ts): takes the stale queued runs of one place out of
 * the queue, at most `limit` a pass, and records each as skipped in the same transaction, so a run is either in
 * the queue, run, or recorded as skipped, never two of these and never none. Leases already pass stale runs by;
 * this pass only keeps them from piling up and says what was skipped. Run by the engine for the data-center
 * locations it serves and by the agents' API for a private location when its agents lease, so the runs of a place
 * nobody serves stay queued until they expire with a failing result (services/private-locations/agent-jobs.ts).
 */
import { newId } from '../lib/ids.js'
import type { Clock } from '../lib/clock.js'
import type { Stores } from '../store/all-stores.js'
import type { RunJobRow, RunSkipRow } from '../store/run-rows.js'
import type { EngineMetrics } from './engine-deps.js'

/** Stale runs taken per statement: a pass costs the same however long the queue is. */
export const STALE_BATCH = 500

export interface StaleRunDeps {
  transact: <T>(work: (stores: Pick<Stores, 'jobs' | 'runSkips'>) => Promise<T>) => Promise<T>
  clock: Clock
  metrics?: Pick<EngineMetrics, 'runSkipped'> | undefined
}

/** Whose runs: the built-in runners' (privateLocationId null, optionally only `locations`) or a private location's. */
export interface StalePlace {
  privateLocationId: string | null
  locations?: readonly string[] | null | undefined
}

/** The record of a queued run skipped at `now`. */
export const skipRow = (job: RunJobRow, now: number): RunSkipRow => ({
  id: newId(),
  account_id: job.account_id,
  check_id: job.check_id,
  location: job.location,
  private_location_id: job.private_location_id,
  scheduled_at: job.scheduled_at,
  skipped_at: now,
  created_at: now,
})

/** One batch; returns how many runs were skipped (STALE_BATCH: more may be stale). */
export async function skipStaleRuns(deps: StaleRunDeps, place: StalePlace, limit = STALE_BATCH): Promise<number> {
  const now = deps.clock.now()
  const taken = await deps.transact(async (s) => {
    const jobs = await s.jobs.takeStale({ now, limit, privateLocationId: place.privateLocationId, locations: place.locations ?? null })
    await s.runSkips.insertMany(jobs.map((j) => skipRow(j, now)))
    return jobs
  })
  // Counted once committed: a transaction that failed skipped nothing.
  for (const j of taken) deps.metrics?.runSkipped?.({ location: j.location, privateLocation: j.private_location_id !== null })
  return taken.length
}

/** Batches until fewer than a full batch were stale (or `stop` says so); returns how many runs were skipped. */
export async function skipAllStale(deps: StaleRunDeps, place: StalePlace, stop: () => boolean = () => false): Promise<number> {
  let total = 0
  for (;;) {
    const n = await skipStaleRuns(deps, place)
    total += n
    if (n < STALE_BATCH || stop()) return total
  }
}
