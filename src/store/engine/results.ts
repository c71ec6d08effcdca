/** Check results (every attempt; FINAL ones are the runs' outcomes) and the latest status per check. */
import { sql, type Kysely } from 'kysely'
import type { CheckStatusRow, Database } from '../schema.js'
import type { CheckResultRow } from '../run-rows.js'
import { columnsOf, compiledRows, type RowsWrite } from '../compiled-rows.js'
import { writeTogether } from '../write-together.js'

export interface ResultFilter {
  accountId: string
  checkId: string
  from?: number | undefined
  to?: number | undefined
  location?: string | undefined
  hasFailures?: boolean | undefined
  resultType?: 'FINAL' | 'ATTEMPT' | 'ALL' | undefined
  limit: number
  offset: number
}

/** A position in a check's results, newest first: the results after it started earlier, or at the same time with a smaller id. */
export interface ResultCursor {
  startedAt: number
  id: string
}

export interface ResultStore {
  insertMany(rows: CheckResultRow[]): Promise<void>
  /** insertMany's rows, to be written with other tables' rows (Stores.writes). */
  resultsWrite(rows: CheckResultRow[]): RowsWrite
  list(f: ResultFilter): Promise<{ items: CheckResultRow[]; total: number }>
  /**
   * As list, with the check's name and type read in the same statement: known whenever the page holds a result
   * (a result's check exists, in its account); undefined on an empty page, whether or not the check exists.
   */
  listOfCheck(f: ResultFilter): Promise<{ items: CheckResultRow[]; total: number; check: { name: string; checkType: string } | undefined }>
  /** Up to `limit` results after the cursor (from the newest without one), newest first; no count. */
  listAfter(f: Omit<ResultFilter, 'offset'> & { after?: ResultCursor | undefined }): Promise<CheckResultRow[]>
  get(accountId: string, checkId: string, id: string): Promise<CheckResultRow | undefined>
  listBySession(accountId: string, sessionId: string): Promise<CheckResultRow[]>
  /** True when the account has a result of this id (any check). */
  exists(accountId: string, id: string): Promise<boolean>
  /**
   * The latest status of each check from a batch of its FINAL results, in one statement per 500 checks: only a
   * newer result replaces the status; the longest and shortest run are kept. Checks in `sameStatus` are known to
   * keep their status: their update leaves the status column (and so its index) alone.
   */
  applyStatuses(rows: CheckResultRow[], sameStatus?: ReadonlySet<string>): Promise<void>
  /** applyStatuses' writes (one per kind of update), to be written with other tables' rows (Stores.writes). */
  statusesWrites(rows: CheckResultRow[], sameStatus?: ReadonlySet<string>): RowsWrite[]
  listStatuses(accountId: string): Promise<CheckStatusRow[]>
  /** The status rows of these checks of the account (a check without one has no row). */
  listStatusesOf(accountId: string, checkIds: readonly string[]): Promise<CheckStatusRow[]>
  /** How many of the account's checks stand in each status; checks without a status row count as `pending`. */
  countStatuses(accountId: string): Promise<Array<{ status: string; n: number }>>
  getStatus(accountId: string, checkId: string): Promise<CheckStatusRow | undefined>
  /** The check's name and creation time with its status (none before its first final result), in one read; undefined: no such check. */
  getCheckStatus(accountId: string, checkId: string): Promise<{ name: string; createdAt: number; status: CheckStatusRow | undefined } | undefined>
}

type StatusValues = Omit<CheckStatusRow, 'longest_run' | 'shortest_run'> & { longest_run: number; shortest_run: number }

const RESULT_COLUMNS = columnsOf<CheckResultRow>({
  id: true,
  account_id: true,
  check_id: true,
  check_type: true,
  sequence_id: true,
  run_job_id: true,
  attempt: true,
  result_type: true,
  location: true,
  status: true,
  has_failures: true,
  has_errors: true,
  is_degraded: true,
  over_max_response_time: true,
  response_time: true,
  error_kind: true,
  error_message: true,
  status_code: true,
  scheduled_at: true,
  started_at: true,
  stopped_at: true,
  trigger: true,
  session_id: true,
  doc: true,
  metrics: true,
  created_at: true,
})

const STATUS_COLUMNS = columnsOf<StatusValues>({
  check_id: true,
  account_id: true,
  status: true,
  updated_at: true,
  has_failures: true,
  has_errors: true,
  is_degraded: true,
  last_result_id: true,
  last_location: true,
  last_run_at: true,
  longest_run: true,
  shortest_run: true,
})

const insertResults = compiledRows<CheckResultRow>(RESULT_COLUMNS, (db, rows) => db.insertInto('check_results').values(rows as unknown as CheckResultRow[]), 200)

const statusUpsert = (keepStatus: boolean) =>
  compiledRows<StatusValues>(STATUS_COLUMNS, (db, rows) =>
    db
      .insertInto('check_statuses')
      .values(rows as unknown as StatusValues[])
      .onConflict((oc) =>
        oc
          .column('check_id')
          .doUpdateSet((eb) => ({
            ...(keepStatus ? {} : { status: eb.ref('excluded.status') }),
            updated_at: eb.ref('excluded.updated_at'),
            has_failures: eb.ref('excluded.has_failures'),
            has_errors: eb.ref('excluded.has_errors'),
            is_degraded: eb.ref('excluded.is_degraded'),
            last_result_id: eb.ref('excluded.last_result_id'),
            last_location: eb.ref('excluded.last_location'),
            last_run_at: eb.ref('excluded.last_run_at'),
            longest_run: sql<number>`case when check_statuses.longest_run is null or check_statuses.longest_run < excluded.longest_run then excluded.longest_run else check_statuses.longest_run end`,
            shortest_run: sql<number>`case when check_statuses.shortest_run is null or check_statuses.shortest_run > excluded.shortest_run then excluded.shortest_run else check_statuses.shortest_run end`,
          }))
          .where(sql<boolean>`check_statuses.last_run_at is null or check_statuses.last_run_at <= excluded.last_run_at`),
      ),
  )
const upsertStatuses = { keep: statusUpsert(true), replace: statusUpsert(false) }

/** The latest status of each check in `rows`, as written by applyStatuses. */
function statusesWrites(rows: CheckResultRow[], sameStatus: ReadonlySet<string> = new Set()): RowsWrite[] {
  const latest = new Map<string, { row: CheckResultRow; longest: number; shortest: number }>()
  for (const row of rows) {
    const time = Number(row.response_time)
    const seen = latest.get(row.check_id)
    if (!seen) latest.set(row.check_id, { row, longest: time, shortest: time })
    else latest.set(row.check_id, { row: row.started_at >= seen.row.started_at ? row : seen.row, longest: Math.max(seen.longest, time), shortest: Math.min(seen.shortest, time) })
  }
  const values = [...latest.values()].map(({ row, longest, shortest }) => ({
    check_id: row.check_id,
    account_id: row.account_id,
    status: row.status,
    updated_at: row.stopped_at,
    has_failures: row.has_failures,
    has_errors: row.has_errors,
    is_degraded: row.is_degraded,
    last_result_id: row.id,
    last_location: row.location,
    last_run_at: row.started_at,
    longest_run: longest,
    shortest_run: shortest,
  }))
  // Each check is in one of the two writes, so together they never write one row twice.
  return [upsertStatuses.keep.of(values.filter((v) => sameStatus.has(v.check_id))), upsertStatuses.replace.of(values.filter((v) => !sameStatus.has(v.check_id)))]
}

export function resultStore(db: Kysely<Database>): ResultStore {
  const filtered = (f: Omit<ResultFilter, 'offset' | 'limit'>) => {
    let q = db.selectFrom('check_results').where('account_id', '=', f.accountId).where('check_id', '=', f.checkId)
    if (f.from !== undefined) q = q.where('started_at', '>=', f.from)
    if (f.to !== undefined) q = q.where('started_at', '<', f.to)
    if (f.location) q = q.where('location', '=', f.location)
    if (f.hasFailures !== undefined) q = q.where('has_failures', '=', f.hasFailures ? 1 : 0)
    if (f.resultType && f.resultType !== 'ALL') q = q.where('result_type', '=', f.resultType)
    return q
  }
  const listOfCheck: ResultStore['listOfCheck'] = async (f) => {
    // The page and its total in one statement: the total is an uncorrelated subquery, counted once through the
    // index. A page past the end has no row to carry it, so only then is it counted on its own. The check's name
    // and type are uncorrelated subqueries too (read once, by primary key).
    const q = filtered(f)
    const counted = () => q.select((eb) => eb.fn.countAll<number>().as('n'))
    const ofCheck = <C extends 'name' | 'check_type'>(column: C) =>
      db.selectFrom('checks').select(column).where('checks.id', '=', f.checkId).where('checks.account_id', '=', f.accountId)
    const rows = await q
      .selectAll()
      .select(() => counted().as('total_rows'))
      .select(() => ofCheck('name').as('of_check_name'))
      .select(() => ofCheck('check_type').as('of_check_type'))
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute()
    const first = rows[0]
    const total = first ? Number(first.total_rows) : f.offset === 0 ? 0 : Number((await counted().executeTakeFirstOrThrow()).n)
    const check = typeof first?.of_check_name === 'string' && typeof first.of_check_type === 'string' ? { name: first.of_check_name, checkType: first.of_check_type } : undefined
    return { items: rows.map(({ total_rows: _total, of_check_name: _name, of_check_type: _type, ...row }) => row), total, check }
  }
  return {
    insertMany: (rows) => insertResults(db, rows),
    resultsWrite: (rows) => insertResults.of(rows),
    async list(f) {
      const { items, total } = await listOfCheck(f)
      return { items, total }
    },
    listOfCheck,
    listAfter(f) {
      let q = filtered(f)
      const after = f.after
      if (after) q = q.where((eb) => eb.or([eb('started_at', '<', after.startedAt), eb.and([eb('started_at', '=', after.startedAt), eb('id', '<', after.id)])]))
      return q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute()
    },
    get: (accountId, checkId, id) =>
      db.selectFrom('check_results').selectAll().where('account_id', '=', accountId).where('check_id', '=', checkId).where('id', '=', id).executeTakeFirst(),
    exists: async (accountId, id) => (await db.selectFrom('check_results').select('id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()) !== undefined,
    listBySession: (accountId, sessionId) =>
      db.selectFrom('check_results').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).orderBy('started_at').execute(),
    applyStatuses: (rows, sameStatus) => writeTogether(db, statusesWrites(rows, sameStatus)),
    statusesWrites,
    listStatuses: (accountId) => db.selectFrom('check_statuses').selectAll().where('account_id', '=', accountId).orderBy('check_id').execute(),
    listStatusesOf: async (accountId, checkIds) =>
      checkIds.length === 0
        ? []
        : db
            .selectFrom('check_statuses')
            .selectAll()
            .where('account_id', '=', accountId)
            .where('check_id', 'in', [...checkIds])
            .execute(),
    async countStatuses(accountId) {
      // From the checks, not the status rows: a deleted check's row never counts, a check never run counts as pending.
      const rows = await db
        .selectFrom('checks')
        .leftJoin('check_statuses', 'check_statuses.check_id', 'checks.id')
        .select((eb) => [eb.fn.coalesce('check_statuses.status', sql<string>`'pending'`).as('status'), eb.fn.countAll<number>().as('n')])
        .where('checks.account_id', '=', accountId)
        .groupBy(sql`1`)
        .execute()
      return rows.map((r) => ({ status: r.status, n: Number(r.n) }))
    },
    getStatus: (accountId, checkId) => db.selectFrom('check_statuses').selectAll().where('account_id', '=', accountId).where('check_id', '=', checkId).executeTakeFirst(),
    async getCheckStatus(accountId, checkId) {
      const row = await db
        .selectFrom('checks as c')
        .leftJoin('check_statuses as s', (join) => join.onRef('s.check_id', '=', 'c.id').onRef('s.account_id', '=', 'c.account_id'))
        .selectAll('s')
        .select(['c.name as check_name', 'c.created_at as check_created_at'])
        .where('c.id', '=', checkId)
        .where('c.account_id', '=', accountId)
        .executeTakeFirst()
      if (!row) return undefined
      const { check_name: name, check_created_at: createdAt, ...status } = row
      // A check without a status row has every status column null (the outer join found nothing).
      return { name, createdAt: Number(createdAt), status: status.check_id === null ? undefined : (status as CheckStatusRow) }
    },
  }
}
