/**
 * Queues the runs one scheduler pass created. A new run whose check's previous scheduled run is still queued and
 * stale by the new run's due time supersedes it (domain/schedule/superseded-runs.ts): the previous run is recorded
 * as skipped and its job becomes the new run, in the scheduler's transaction. Only runs the expiry pass of this
 * instance would skip are superseded (data-center locations it serves): a private location's runs and those of a
 * location nobody serves keep their own expiry (services/private-locations/unleased-expiry.ts).
 */
import { supersededPairs } from '../domain/schedule/superseded-runs.js'
import type { Stores } from '../store/all-stores.js'
import type { RunJobRow } from '../store/run-rows.js'
import { skipRow } from './stale-runs.js'

/**
 * Queues `jobs` (all scheduled first attempts); returns the previous runs skipped in their favour. `withQueued`:
 * the checks that have a scheduled run still queued (the claim says so): only their queued runs are looked up, so
 * a scheduler that keeps up pays nothing for this.
 */
export async function queueScheduledRuns(
  s: Pick<Stores, 'jobs' | 'runSkips'>,
  jobs: RunJobRow[],
  withQueued: ReadonlySet<string>,
  now: number,
  locations: readonly string[] | null,
): Promise<RunJobRow[]> {
  const dataCenter = jobs.filter((j) => j.private_location_id === null && withQueued.has(j.check_id))
  let latestDue = Number.NEGATIVE_INFINITY
  for (const j of dataCenter) latestDue = Math.max(latestDue, j.due_at)
  const queued = await s.jobs.supersedable({ checkIds: [...new Set(dataCenter.map((j) => j.check_id))], staleBy: latestDue, locations })
  const pairs = supersededPairs(
    dataCenter.map((job) => ({ job, checkId: job.check_id, dueAt: job.due_at })),
    queued.map((job) => ({ job, id: job.id, checkId: job.check_id, expiresAt: Number(job.expires_at) })),
  )
  // Still queued when updated: a lease or another instance's expiry pass may have taken a job since it was read.
  const replaced = await s.jobs.replaceQueued(pairs.map((p) => ({ ...p.fresh.job, id: p.queued.id })))
  const placed = new Set<RunJobRow>()
  const skipped: RunJobRow[] = []
  for (const p of pairs) {
    if (!replaced.has(p.queued.id)) continue
    placed.add(p.fresh.job)
    skipped.push(p.queued.job)
  }
  await s.jobs.insertMany(jobs.filter((j) => !placed.has(j)))
  await s.runSkips.insertMany(skipped.map((j) => skipRow(j, now)))
  return skipped
}
