/**
 * New run jobs (the scheduler's, a check session's, a trigger's), written from SQL compiled once per row count
 * (compiled-rows.ts): the scheduler writes every scheduled run through here, and Kysely compiling each row of each
 * pass took about a tenth of the engine's thread under twice the load it can run. Each row carries its check's type.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { RunJobRow } from '../run-rows.js'
import { columnsOf, compiledRows } from '../compiled-rows.js'

const JOB_COLUMNS = columnsOf<Required<RunJobRow>>({
  id: true,
  account_id: true,
  check_id: true,
  location: true,
  private_location_id: true,
  sequence_id: true,
  attempt: true,
  first_started_at: true,
  scheduled_at: true,
  due_at: true,
  status: true,
  leased_by: true,
  lease_until: true,
  trigger: true,
  session_id: true,
  parallel_total: true,
  created_at: true,
  overrides: true,
  expires_at: true,
  check_type: true,
})

const insertJobs = compiledRows<RunJobRow>(JOB_COLUMNS, (db, rows) => db.insertInto('run_jobs').values(rows as unknown as RunJobRow[]))

/** The rows with their check's type: as given, else looked up (one statement for all of them). */
async function withCheckTypes(db: Kysely<Database>, rows: RunJobRow[]): Promise<RunJobRow[]> {
  const missing = [...new Set(rows.filter((r) => !r.check_type).map((r) => r.check_id))]
  if (missing.length === 0) return rows
  const found = await db.selectFrom('checks').select(['id', 'check_type']).where('id', 'in', missing).execute()
  const typeOf = new Map(found.map((c) => [c.id, c.check_type]))
  return rows.map((r) => (r.check_type ? r : { ...r, check_type: typeOf.get(r.check_id) ?? '' }))
}

/** Writes the rows (their secrets already sealed), each with its check's type. */
export async function insertJobRows(db: Kysely<Database>, rows: RunJobRow[]): Promise<void> {
  await insertJobs(db, await withCheckTypes(db, rows))
}
