/** Check results (every attempt; FINAL ones are the runs' outcomes) and the latest status per check. */
import type { Kysely } from 'kysely'
import type { CheckResultRow, CheckStatusRow, Database } from '../schema.js'

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

export interface ResultStore {
  insertMany(rows: CheckResultRow[]): Promise<void>
  list(f: ResultFilter): Promise<{ items: CheckResultRow[]; total: number }>
  get(accountId: string, checkId: string, id: string): Promise<CheckResultRow | undefined>
  listBySession(accountId: string, sessionId: string): Promise<CheckResultRow[]>
  /** Latest status of a check from a FINAL result (only if newer than the stored one). */
  applyStatus(row: CheckResultRow): Promise<void>
  listStatuses(accountId: string): Promise<CheckStatusRow[]>
  getStatus(accountId: string, checkId: string): Promise<CheckStatusRow | undefined>
}

export function resultStore(db: Kysely<Database>): ResultStore {
  return {
    async insertMany(rows) {
      for (let i = 0; i < rows.length; i += 200) await db.insertInto('check_results').values(rows.slice(i, i + 200)).execute()
    },
    async list(f) {
      let q = db.selectFrom('check_results').where('account_id', '=', f.accountId).where('check_id', '=', f.checkId)
      if (f.from !== undefined) q = q.where('started_at', '>=', f.from)
      if (f.to !== undefined) q = q.where('started_at', '<', f.to)
      if (f.location) q = q.where('location', '=', f.location)
      if (f.hasFailures !== undefined) q = q.where('has_failures', '=', f.hasFailures ? 1 : 0)
      if (f.resultType && f.resultType !== 'ALL') q = q.where('result_type', '=', f.resultType)
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const items = await q.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset).execute()
      return { items, total: Number(count.n) }
    },
    get: (accountId, checkId, id) =>
      db.selectFrom('check_results').selectAll().where('account_id', '=', accountId).where('check_id', '=', checkId).where('id', '=', id).executeTakeFirst(),
    listBySession: (accountId, sessionId) =>
      db.selectFrom('check_results').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).orderBy('started_at').execute(),
    async applyStatus(r) {
      const current = await db.selectFrom('check_statuses').selectAll().where('check_id', '=', r.check_id).executeTakeFirst()
      if (current?.last_run_at && Number(current.last_run_at) > r.started_at) return
      const values = {
        status: r.status,
        updated_at: r.stopped_at,
        has_failures: r.has_failures,
        has_errors: r.has_errors,
        is_degraded: r.is_degraded,
        last_result_id: r.id,
        last_location: r.location,
        last_run_at: r.started_at,
        longest_run: Math.max(Number(current?.longest_run ?? 0), r.response_time),
        shortest_run: current?.shortest_run === null || current?.shortest_run === undefined ? r.response_time : Math.min(Number(current.shortest_run), r.response_time),
      }
      if (current) await db.updateTable('check_statuses').set(values).where('check_id', '=', r.check_id).execute()
      else await db.insertInto('check_statuses').values({ check_id: r.check_id, account_id: r.account_id, ...values }).execute()
    },
    listStatuses: (accountId) => db.selectFrom('check_statuses').selectAll().where('account_id', '=', accountId).orderBy('check_id').execute(),
    getStatus: (accountId, checkId) => db.selectFrom('check_statuses').selectAll().where('account_id', '=', accountId).where('check_id', '=', checkId).executeTakeFirst(),
  }
}
