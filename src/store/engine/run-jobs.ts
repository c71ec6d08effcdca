/**
 * Run jobs: one attempt of one check in one location. A job is leased by one engine instance (or agent) until
 * lease_until; a lease that expires (its holder died) puts the job back in the queue, so no run is lost.
 */
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { newId } from '../../lib/ids.js'
import { keylessSecretBox, type SecretBox } from '../../lib/secret-box.js'
import { sealedJson } from '../secrets/sealed-docs.js'
import type { Database } from '../schema.js'
import type { RunJobRow } from '../run-rows.js'
import { insertJobRows } from './run-job-inserts.js'
import { replaceQueuedJobs, supersedableJobs, type SupersedableQuery } from './run-job-supersede.js'

export interface LeaseRequest {
  now: number
  limit: number
  leasedBy: string
  leaseUntil: number
  /** null: jobs for the built-in runners; an id: jobs of that private location (agents). */
  privateLocationId: string | null
  /** Only jobs of checks of these types, or of any type but these (a lane of the worker). */
  checkTypes?: { only: readonly string[] } | { except: readonly string[] }
  /** Only jobs of these data-center locations (RUN_LOCATIONS of a runner instance); null or absent: any location. */
  locations?: readonly string[] | null
}

/** The most queued jobs of each kind (data-center, private) that the /metrics queue depth counts. */
export const QUEUE_COUNT_CAP = 10_000

/** The first attempt of a run in each of its targets (scheduled runs and check sessions alike). */
export function firstAttemptJobs(input: {
  accountId: string
  checkId: string
  targets: Array<{ location: string; privateLocationId: string | null }>
  scheduledAt: number
  now: number
  trigger: string
  sessionId: string | null
  /** The runs' overrides as JSON (domain/runs/run-overrides.ts serializeOverrides); null or absent: none. */
  overrides?: string | null | undefined
  /** From when the runs are stale if not started (domain/schedule/stale-slots.ts staleFrom); null or absent: never. */
  expiresAt?: number | null | undefined
  /** The check's type (the lanes lease by it); absent: insertMany looks it up. */
  checkType?: string | undefined
}): RunJobRow[] {
  return input.targets.map((t) => ({
    id: newId(),
    account_id: input.accountId,
    check_id: input.checkId,
    location: t.location,
    private_location_id: t.privateLocationId,
    sequence_id: newId(),
    attempt: 1,
    first_started_at: null,
    scheduled_at: input.scheduledAt,
    due_at: Math.max(input.scheduledAt, input.now),
    status: 'queued',
    leased_by: null,
    lease_until: null,
    trigger: input.trigger,
    session_id: input.sessionId,
    parallel_total: input.targets.length,
    created_at: input.now,
    ...(input.overrides ? { overrides: input.overrides } : {}),
    ...(input.expiresAt != null ? { expires_at: input.expiresAt } : {}),
    ...(input.checkType ? { check_type: input.checkType } : {}),
  }))
}

export interface RunJobStore {
  insertMany(rows: RunJobRow[]): Promise<void>
  lease(req: LeaseRequest): Promise<RunJobRow[]>
  /** Done: the job leaves the queue (its results are kept in check_results). */
  remove(ids: string[]): Promise<void>
  /** Back to the queue as the next attempt (a retry). */
  requeue(id: string, changes: Pick<RunJobRow, 'attempt' | 'due_at' | 'location' | 'private_location_id' | 'first_started_at'>): Promise<void>
  /** Jobs whose holder's lease expired go back to the queue; returns how many. */
  reapExpired(now: number): Promise<number>
  get(id: string): Promise<RunJobRow | undefined>
  /**
   * True when the job is still leased to `leasedBy` (and, on PostgreSQL, locks it until the transaction ends, so
   * two posts of one result are written once).
   */
  holdsLease(id: string, leasedBy: string): Promise<boolean>
  /** Gives a held lease another holder name (an agent's per-job lease token); false when it is not held by `from`. */
  relabelLease(id: string, from: string, to: string): Promise<boolean>
  /** Takes a queued job out of the queue (marks it leased by `leasedBy` until `until`); false when it is no longer queued. */
  claimQueued(id: string, leasedBy: string, until: number): Promise<boolean>
  /** A private location's queue: queued jobs due by `now`, and the oldest due time among them. */
  queueOf(privateLocationId: string, now: number): Promise<{ queued: number; oldestDueAt: number | null }>
  /**
   * The whole queue for /metrics: queued jobs due by `now` and the oldest due time, per data-center location, with
   * the jobs of all private locations together under `private: true`; at most QUEUE_COUNT_CAP jobs of each are counted.
   */
  queueDepth(now: number): Promise<Array<{ location: string; private: boolean; queued: number; oldestDueAt: number }>>
  /** Queued jobs of private (or data-center) locations due before `dueBefore` (nobody leased them in time), at most `limit`. */
  listUnleased(dueBefore: number, limit: number, place: 'private' | 'data-center'): Promise<RunJobRow[]>
  countBySession(sessionId: string): Promise<number>
  /**
   * Takes up to `limit` stale queued jobs (expires_at at or before `now`) of one place out of the queue, oldest
   * first, and returns them (to be recorded as skipped in the same transaction). On PostgreSQL jobs another
   * instance holds are passed by. Only jobs of `locations` when given (RUN_LOCATIONS of the instance).
   */
  takeStale(req: Pick<LeaseRequest, 'now' | 'limit' | 'privateLocationId' | 'locations'>): Promise<RunJobRow[]>
  /** Queued scheduled first attempts of data-center locations that new runs of their checks may supersede (run-job-supersede.ts). */
  supersedable(q: SupersedableQuery): Promise<RunJobRow[]>
  /** Each row's queued job (by id) becomes that row in place while still queued; returns the ids of those that did. */
  replaceQueued(rows: RunJobRow[]): Promise<Set<string>>
}

/** `box` seals the secret values of a job's overrides when it is written and opens them when it is read. */
export function runJobStore(db: Kysely<Database>, dialect: Dialect, box: SecretBox = keylessSecretBox()): RunJobStore {
  const overrides = sealedJson(box, 'runOverrides')
  const sealed = (row: RunJobRow): RunJobRow => (row.overrides ? { ...row, overrides: overrides.encode(row.overrides) } : row)
  // A secret sealed with a key this process lacks stays sealed: the run then sees the sealed text, never a failed lease.
  const open = (text: string): string => {
    try {
      return overrides.decode(text)
    } catch {
      return text
    }
  }
  const opened = (row: RunJobRow): RunJobRow => (row.overrides ? { ...row, overrides: open(row.overrides) } : row)
  const openAll = async (rows: Promise<RunJobRow[]>): Promise<RunJobRow[]> => (await rows).map(opened)
  return {
    insertMany: (rows) => insertJobRows(db, rows.map(sealed)),
    supersedable: (q) => openAll(supersedableJobs(db, q)),
    replaceQueued: (rows) => replaceQueuedJobs(db, dialect, rows),
    async lease(req) {
      let pick = db.selectFrom('run_jobs').select('id').where('status', '=', 'queued').where('due_at', '<=', req.now).orderBy('due_at').limit(req.limit)
      // A stale job is never handed out (domain/schedule/stale-slots.ts): the expiry pass records it as skipped.
      pick = pick.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', req.now)]))
      pick = req.privateLocationId === null ? pick.where('private_location_id', 'is', null) : pick.where('private_location_id', '=', req.privateLocationId)
      // By the check type the job carries (migration 025): a lookup of each passed job's check made the lease's
      // cost grow with the backlog. A job without one (written by an older version) goes to the other lane.
      const types = req.checkTypes
      if (types && 'only' in types) pick = pick.where('check_type', 'in', [...types.only])
      if (types && 'except' in types) pick = pick.where('check_type', 'not in', [...types.except])
      if (req.locations) pick = req.locations.length === 0 ? pick.where(sql<boolean>`false`) : pick.where('location', 'in', [...req.locations])
      const set = { status: 'running', leased_by: req.leasedBy, lease_until: req.leaseUntil } as const
      if (dialect === 'postgres') {
        // The pick is a CTE so it runs once: as `id IN (subquery … LIMIT n FOR UPDATE SKIP LOCKED)` PostgreSQL may
        // run the subquery again while updating and lease more than `limit` jobs.
        return openAll(
          db
            .with('picked', () => pick.forUpdate().skipLocked())
            .updateTable('run_jobs')
            .set(set)
            .from('picked')
            .whereRef('run_jobs.id', '=', 'picked.id')
            .where('run_jobs.status', '=', 'queued')
            .returningAll('run_jobs')
            .execute(),
        )
      }
      // One statement, and SQLite has one writer: the picked jobs are still queued when they are updated. (A second
      // `status = 'queued'` test here made SQLite walk every queued job by the status index instead of the ids.)
      return openAll(db.updateTable('run_jobs').set(set).where('id', 'in', pick).returningAll().execute())
    },
    async remove(ids) {
      for (let i = 0; i < ids.length; i += 500)
        await db
          .deleteFrom('run_jobs')
          .where('id', 'in', ids.slice(i, i + 500))
          .execute()
    },
    async requeue(id, changes) {
      // A retry never goes stale (stale-slots.ts); a first attempt put back as it was keeps its expiry.
      const expiry = changes.attempt > 1 ? { expires_at: null } : {}
      await db
        .updateTable('run_jobs')
        .set({ ...changes, ...expiry, status: 'queued', leased_by: null, lease_until: null })
        .where('id', '=', id)
        .execute()
    },
    async reapExpired(now) {
      const r = await db
        .updateTable('run_jobs')
        .set({ status: 'queued', leased_by: null, lease_until: null })
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .executeTakeFirst()
      return Number(r.numUpdatedRows)
    },
    async get(id) {
      const row = await db.selectFrom('run_jobs').selectAll().where('id', '=', id).executeTakeFirst()
      return row && opened(row)
    },
    async holdsLease(id, leasedBy) {
      const r = await db
        .updateTable('run_jobs')
        .set((eb) => ({ lease_until: eb.ref('lease_until') }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('leased_by', '=', leasedBy)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async relabelLease(id, from, to) {
      const r = await db.updateTable('run_jobs').set({ leased_by: to }).where('id', '=', id).where('status', '=', 'running').where('leased_by', '=', from).executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async claimQueued(id, leasedBy, until) {
      const r = await db
        .updateTable('run_jobs')
        .set({ status: 'running', leased_by: leasedBy, lease_until: until })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async queueOf(privateLocationId, now) {
      const r = await db
        .selectFrom('run_jobs')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('due_at').as('oldest')])
        .where('private_location_id', '=', privateLocationId)
        .where('status', '=', 'queued')
        .where('due_at', '<=', now)
        .executeTakeFirst()
      return { queued: Number(r?.n ?? 0), oldestDueAt: r?.oldest == null ? null : Number(r.oldest) }
    },
    async queueDepth(now) {
      // At most QUEUE_COUNT_CAP jobs of each kind are read: a scrape costs the same however long the queue is. The
      // data-center sample is the oldest jobs (the queue index's order), so each location's oldest due time is exact.
      const sample = (place: 'private' | 'data-center') => {
        const q = db
          .selectFrom('run_jobs')
          .select(['location', 'due_at'])
          .where('status', '=', 'queued')
          .where('private_location_id', place === 'private' ? 'is not' : 'is', null)
          .where('due_at', '<=', now)
        return (place === 'private' ? q : q.orderBy('due_at')).limit(QUEUE_COUNT_CAP)
      }
      const count = async (place: 'private' | 'data-center') =>
        db
          .selectFrom(sample(place).as('q'))
          .select((eb) => [place === 'private' ? sql.lit('').as('place') : eb.ref('q.location').as('place'), eb.fn.countAll<number>().as('n'), eb.fn.min('q.due_at').as('oldest')])
          .$if(place === 'data-center', (q) => q.groupBy('q.location'))
          .execute()
      const rows = [...(await count('data-center')), ...(await count('private')).filter((r) => Number(r.n) > 0)]
      return rows.map((r) => ({ location: String(r.place), private: r.place === '', queued: Number(r.n), oldestDueAt: Number(r.oldest) }))
    },
    listUnleased: (dueBefore, limit, place) =>
      openAll(
        db
          .selectFrom('run_jobs')
          .selectAll()
          .where('private_location_id', place === 'private' ? 'is not' : 'is', null)
          .where('status', '=', 'queued')
          .where('due_at', '<', dueBefore)
          .orderBy('due_at')
          .limit(limit)
          .execute(),
      ),
    async takeStale(req) {
      let pick = db.selectFrom('run_jobs').select('id').where('status', '=', 'queued').where('expires_at', '<=', req.now)
      pick = req.privateLocationId === null ? pick.where('private_location_id', 'is', null) : pick.where('private_location_id', '=', req.privateLocationId)
      if (req.locations) pick = req.locations.length === 0 ? pick.where(sql<boolean>`false`) : pick.where('location', 'in', [...req.locations])
      pick = pick.orderBy('expires_at').limit(req.limit)
      if (dialect === 'postgres') {
        // A CTE, so the pick runs once (see lease); `status = 'queued'` again: a job leased meanwhile stays.
        return openAll(
          db
            .with('picked', () => pick.forUpdate().skipLocked())
            .deleteFrom('run_jobs')
            .using('picked')
            .whereRef('run_jobs.id', '=', 'picked.id')
            .where('run_jobs.status', '=', 'queued')
            .returningAll('run_jobs')
            .execute(),
        )
      }
      return openAll(db.deleteFrom('run_jobs').where('id', 'in', pick).returningAll().execute())
    },
    async countBySession(sessionId) {
      const r = await db
        .selectFrom('run_jobs')
        .select(sql<number>`count(*)`.as('n'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
  }
}
