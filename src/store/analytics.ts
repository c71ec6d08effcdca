/** Analytics reads (roll-ups and raw final results of one check) and the roll-up job's bookkeeping. */
import { sql, type Kysely } from 'kysely'
import type { RollupRow, SlotColumn } from '../analytics/rollup.js'
import type { Dialect } from './db.js'
import type { Database } from './schema.js'

/** A final result as analytics reads it: `metrics` JSON, or the result document for rows older than analytics. */
export interface RawResultRow {
  id: string
  account_id: string
  check_id: string
  check_type: string
  location: string
  status_code: number | null
  status: string
  attempt: number
  started_at: number
  response_time: number
  metrics: string | null
  doc: string | null
  created_at: number
}

/** A final result as a list of checks shows it in its bar of recent runs. */
export interface RecentRunRow {
  id: string
  check_id: string
  check_type: string
  location: string
  status: string
  started_at: number
  response_time: number
  metrics: string | null
}

export interface RawFilter {
  checkId: string
  from: number
  to: number
  /** 1: successful runs only; 0: failed runs only. */
  success?: 0 | 1 | undefined
  /** Only results inserted after this time (the roll-up watermark). */
  createdAfter?: number | undefined
}

export interface AnalyticsStore {
  readRollups(checkId: string, level: number, from: number, to: number, columns: SlotColumn[], success?: 0 | 1): Promise<RollupRow[]>
  readRaw(f: RawFilter): Promise<RawResultRow[]>
  /** Roll-ups of many checks at one level (dashboards): one query for any number of checks. */
  readRollupsOf(checkIds: string[], level: number, from: number, to: number, columns: SlotColumn[]): Promise<RollupRow[]>
  /** Final results of many checks started in [from, to) (and inserted after createdAfter, if given): one query. */
  readRawOf(checkIds: string[], from: number, to: number, createdAfter?: number): Promise<RawResultRow[]>
  /**
   * The latest `perCheck` final results of each of these checks, newest first per check, in one query (each check's
   * cut-off start time is read from the (check_id, started_at) index; ties at the cut-off may add rows).
   */
  recentRunsOf(checkIds: string[], perCheck: number): Promise<RecentRunRow[]>
  /** One page of final results ordered by start time, and how many there are. */
  rawPage(f: RawFilter, limit: number, offset: number): Promise<{ rows: RawResultRow[]; total: number }>
  watermark(): Promise<number>
  /** Locks the roll-up bookkeeping for this transaction; undefined when another instance holds it. */
  claimWatermark(): Promise<number | undefined>
  setWatermark(watermark: number, now: number): Promise<void>
  /** Final results inserted in (after, upTo], oldest first; at most `limit`, then every row sharing the last insertion time. */
  newFinalResults(after: number, upTo: number, limit: number): Promise<RawResultRow[]>
  /** Stored buckets of these checks, per level within [from, to] of that level's bucket starts. */
  rollupsFor(checkIds: string[], ranges: ReadonlyArray<{ level: number; from: number; to: number }>): Promise<RollupRow[]>
  upsertRollups(rows: RollupRow[]): Promise<void>
  /** Runs reads against one consistent snapshot (REPEATABLE READ on PostgreSQL; a SQLite transaction already is one). */
  snapshot<T>(work: (s: AnalyticsStore) => Promise<T>): Promise<T>
}

const RAW_COLUMNS = ['id', 'account_id', 'check_id', 'check_type', 'location', 'status_code', 'status', 'attempt', 'started_at', 'response_time', 'metrics', 'created_at'] as const
const KEY_COLUMNS = ['check_id', 'level', 'bucket_start', 'location', 'status_code', 'success', 'account_id', 'runs', 'degraded', 'retries'] as const
const SLOTS: SlotColumn[] = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']

export function analyticsStore(db: Kysely<Database>, dialect: Dialect): AnalyticsStore {
  /** Final results with what analytics reads of them (the document only where the metrics column is empty). */
  const finalResults = () =>
    db
      .selectFrom('check_results')
      .select([...RAW_COLUMNS, sql<string | null>`case when metrics is null then doc else null end`.as('doc')])
      .where('result_type', '=', 'FINAL')
  const raw = (f: RawFilter) => {
    let q = finalResults().where('check_id', '=', f.checkId).where('started_at', '>=', f.from).where('started_at', '<', f.to)
    if (f.success === 1) q = q.where('status', '!=', 'failing')
    if (f.success === 0) q = q.where('status', '=', 'failing')
    if (f.createdAfter !== undefined) q = q.where('created_at', '>', f.createdAfter)
    return q
  }
  return {
    snapshot(work) {
      if (db.isTransaction) return work(analyticsStore(db, dialect))
      const trx = db.transaction()
      return (dialect === 'postgres' ? trx.setIsolationLevel('repeatable read') : trx).execute((t) => work(analyticsStore(t, dialect)))
    },
    async readRollups(checkId, level, from, to, columns, success) {
      let q = db
        .selectFrom('analytics_rollups')
        .select([...KEY_COLUMNS, ...columns])
        .where('check_id', '=', checkId)
        .where('level', '=', level)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
      if (success !== undefined) q = q.where('success', '=', success)
      return (await q.execute()) as RollupRow[]
    },
    readRaw: (f) => raw(f).execute(),
    async readRollupsOf(checkIds, level, from, to, columns) {
      if (checkIds.length === 0) return []
      return (await db
        .selectFrom('analytics_rollups')
        .select([...KEY_COLUMNS, ...columns])
        .where('check_id', 'in', checkIds)
        .where('level', '=', level)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute()) as RollupRow[]
    },
    async readRawOf(checkIds, from, to, createdAfter) {
      if (checkIds.length === 0) return []
      let q = finalResults().where('check_id', 'in', checkIds).where('started_at', '>=', from).where('started_at', '<', to)
      if (createdAfter !== undefined) q = q.where('created_at', '>', createdAfter)
      return q.execute()
    },
    async recentRunsOf(checkIds, perCheck) {
      if (checkIds.length === 0 || perCheck <= 0) return []
      // One cut-off per check (its perCheck-th newest start, a backward walk of the index), then one range read per
      // check: no window over every stored run of the checks, which grows with retention.
      return db
        .with('cut', (qb) =>
          qb
            .selectFrom('checks as c')
            .where('c.id', 'in', checkIds)
            .select((eb) => [
              'c.id as check_id',
              eb
                .selectFrom('check_results as l')
                .select('l.started_at')
                .whereRef('l.check_id', '=', 'c.id')
                .where('l.result_type', '=', 'FINAL')
                .orderBy('l.started_at', 'desc')
                .limit(1)
                .offset(perCheck - 1)
                .as('since'),
            ]),
        )
        .selectFrom('check_results as r')
        .innerJoin('cut', 'cut.check_id', 'r.check_id')
        .select(['r.id', 'r.check_id', 'r.check_type', 'r.location', 'r.status', 'r.started_at', 'r.response_time', 'r.metrics'])
        .where('r.result_type', '=', 'FINAL')
        .where((eb) => eb('r.started_at', '>=', eb.fn.coalesce('cut.since', sql.lit(Number.MIN_SAFE_INTEGER))))
        .orderBy('r.check_id')
        .orderBy('r.started_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute()
    },
    async rawPage(f, limit, offset) {
      const count = await raw(f)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const rows = await raw(f).orderBy('started_at').orderBy('id').limit(limit).offset(offset).execute()
      return { rows, total: Number(count.n) }
    },
    async watermark() {
      const row = await db.selectFrom('analytics_state').select('watermark').where('name', '=', 'rollup').executeTakeFirst()
      return Number(row?.watermark ?? 0)
    },
    async claimWatermark() {
      const q = db.selectFrom('analytics_state').select('watermark').where('name', '=', 'rollup')
      const row = dialect === 'postgres' ? await q.forUpdate().skipLocked().executeTakeFirst() : await q.executeTakeFirst()
      return row === undefined ? undefined : Number(row.watermark)
    },
    async setWatermark(watermark, now) {
      await db.updateTable('analytics_state').set({ watermark, updated_at: now }).where('name', '=', 'rollup').execute()
    },
    async newFinalResults(after, upTo, limit) {
      const base = () => finalResults().where('created_at', '>', after)
      const rows = await base().where('created_at', '<=', upTo).orderBy('created_at').limit(limit).execute()
      const last = rows[rows.length - 1]
      if (rows.length < limit || !last) return rows
      // Rows inserted together share created_at and the watermark must never split them: leave the last insertion
      // time for the next batch, or, when the whole batch shares it, take every row of it.
      const before = rows.filter((r) => Number(r.created_at) < Number(last.created_at))
      return before.length > 0 ? before : base().where('created_at', '=', Number(last.created_at)).execute()
    },
    async rollupsFor(checkIds, ranges) {
      if (checkIds.length === 0) return []
      // One query per level: each is a range of the (check, level, bucket) key; an OR of the levels is not.
      const out: RollupRow[] = []
      for (const r of ranges) {
        const rows = (await db
          .selectFrom('analytics_rollups')
          .select([...KEY_COLUMNS, ...SLOTS])
          .where('check_id', 'in', checkIds)
          .where('level', '=', r.level)
          .where('bucket_start', '>=', r.from)
          .where('bucket_start', '<=', r.to)
          .execute()) as RollupRow[]
        for (const row of rows) out.push(row)
      }
      return out
    },
    async upsertRollups(rows) {
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('analytics_rollups')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['check_id', 'level', 'bucket_start', 'location', 'status_code', 'success']).doUpdateSet((eb) => ({
              runs: eb.ref('excluded.runs'),
              degraded: eb.ref('excluded.degraded'),
              retries: eb.ref('excluded.retries'),
              ...Object.fromEntries(SLOTS.map((c) => [c, eb.ref(`excluded.${c}`)])),
            })),
          )
          .execute()
      }
    },
  }
}
