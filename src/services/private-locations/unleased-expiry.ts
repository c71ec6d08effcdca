/**
 * Queued jobs nobody leased in time: a private location whose agents are gone, or a data-center location no engine
 * instance serves. Each such run is over, so it gets a FINAL failing result saying who did not take it, instead of
 * waiting in the queue for ever; a job whose check is gone is removed.
 */
import type { EngineLog } from '../../engine/engine-deps.js'
import type { Completed, OutcomeWriter } from '../../engine/run-outcome.js'
import type { Batch } from '../../engine/worker.js'
import { notRunResult } from '../../engine/result-row.js'
import { newId } from '../../lib/ids.js'
import type { RunResult } from '../../runners/contract.js'
import type { RunJobRow } from '../../store/run-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'

/** Queued private-location jobs nobody leased within this long after their due time expire. */
export const UNLEASED_EXPIRY_MS = 360_000
/** Queued data-center jobs nobody leased within this long after their due time expire (no runner serves the location). */
export const DATA_CENTER_EXPIRY_MS = 600_000
/** Jobs expired per kind and call: the periodic call takes the rest next time. */
const BATCH = 200

export const unleasedExpiryUses = uses(['jobs', 'privateLocations'], ['clock'])
export type UnleasedExpiryDeps = DepsOf<typeof unleasedExpiryUses>

/** The engine's parts the expired runs go through, as the agents' job service holds them. */
export interface ExpiryEngine {
  loadBatch(jobs: RunJobRow[]): Promise<Batch>
  writer: OutcomeWriter
  log: EngineLog
}

/** Expires the queued jobs not leased in time (private locations: 6 min, data-center: 10 min); returns how many. */
export async function expireUnleasedJobs(r: UnleasedExpiryDeps, engine: ExpiryEngine): Promise<number> {
  const now = r.clock.now()
  const slugs = new Map<string, string>()
  const slugOf = async (job: RunJobRow) => {
    const locationId = job.private_location_id as string
    if (!slugs.has(locationId)) slugs.set(locationId, String((await r.stores.privateLocations.get(job.account_id, locationId))?.doc.slugName ?? job.location))
    return slugs.get(locationId) ?? job.location
  }
  const privateRuns = await expire(
    r,
    engine,
    await r.stores.jobs.listUnleased(now - UNLEASED_EXPIRY_MS, BATCH, 'private'),
    now,
    async (job) => `No agent of private location ${await slugOf(job)} took this run within 6 minutes`,
  )
  const dataCenterRuns = await expire(
    r,
    engine,
    await r.stores.jobs.listUnleased(now - DATA_CENTER_EXPIRY_MS, BATCH, 'data-center'),
    now,
    async (job) => `No runner took this run in ${job.location} within 10 minutes: no engine instance serves this location (RUN_LOCATIONS), or the runners are far behind`,
  )
  return privateRuns + dataCenterRuns
}

/** The failing result of a run nobody took: a timeout whose message and log say why. */
const expiredResult = (message: string, now: number): RunResult => notRunResult('TIMEOUT', message, now, { hasFailures: true, jobLog: [message] })

/** Records a failing FINAL result for each job nobody leased in time (its run is over); returns how many. */
async function expire(r: UnleasedExpiryDeps, engine: ExpiryEngine, stale: RunJobRow[], now: number, messageOf: (job: RunJobRow) => Promise<string>): Promise<number> {
  if (stale.length === 0) return 0
  const batch = await engine.loadBatch(stale)
  const done: Completed[] = []
  for (const job of stale) {
    const check = batch.checks.get(job.check_id)
    if (!check) continue
    done.push({
      job: { ...job, first_started_at: job.first_started_at ?? now },
      checkType: check.checkType,
      result: expiredResult(await messageOf(job), now),
      resultId: newId(),
      redactor: null,
      decision: { retry: false, delayMs: 0, sameLocation: true, reason: 'expired: not leased in time' },
      retryLocation: job.location,
    })
  }
  const token = `expiry-${newId()}`
  const written = await engine.writer.write(done, (s, c) => s.jobs.claimQueued(c.job.id, token, now))
  const orphans = stale.filter((j) => !batch.checks.has(j.check_id)).map((j) => j.id)
  if (orphans.length > 0) await r.stores.jobs.remove(orphans)
  if (written.length === 0) return 0
  engine.log.info({ count: written.length, private: stale[0]?.private_location_id !== null }, 'expired runs nobody leased')
  return written.length
}
