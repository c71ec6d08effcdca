/**
 * Queued scheduled runs that a check's next run supersedes (domain/schedule/superseded-runs.ts): found by check,
 * then turned into the next run in place. An update of a queued job changes only its time columns' index entries,
 * which sit together at the queue's end; a new job and the removal of the old one would each touch every index of
 * the table, two of them (the id and the check) at random pages.
 */
import { CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import type { Database } from '../schema.js'
import type { RunJobRow } from '../run-rows.js'
import { SCHEDULER_TRIGGER } from '../../domain/schedule/stale-slots.js'

export interface SupersedableQuery {
  checkIds: readonly string[]
  /** Only runs stale by then: expires_at at or before it. */
  staleBy: number
  /** Only runs in these data-center locations (RUN_LOCATIONS of the instance); null: any. */
  locations: readonly string[] | null
}

/**
 * A queued scheduled first attempt in a data-center location: the runs a new run of their check may supersede. The
 * scheduler's claim asks whether a check has one (schedules.ts) with the same test it uses to find them here.
 */
export const queuedScheduledRun = (eb: ExpressionBuilder<Database, 'run_jobs'>) =>
  eb.and([eb('run_jobs.status', '=', 'queued'), eb('run_jobs.trigger', '=', SCHEDULER_TRIGGER), eb('run_jobs.attempt', '=', 1), eb('run_jobs.private_location_id', 'is', null)])

/** The columns in which two scheduled first attempts of one check in a data-center location differ. */
const CHANGED = ['sequence_id', 'location', 'scheduled_at', 'due_at', 'expires_at', 'created_at', 'parallel_total'] as const

/** Queued scheduled first attempts of these checks in data-center locations, stale by `staleBy`. */
export async function supersedableJobs(db: Kysely<Database>, q: SupersedableQuery): Promise<RunJobRow[]> {
  if (q.checkIds.length === 0 || q.locations?.length === 0) return []
  let pick = db
    .selectFrom('run_jobs')
    .selectAll()
    .where('check_id', 'in', [...q.checkIds])
    .where(queuedScheduledRun)
    .where('expires_at', '<=', q.staleBy)
  if (q.locations) pick = pick.where('location', 'in', [...q.locations])
  return pick.orderBy('expires_at').execute()
}

const sqliteTexts = new Map<number, string>()

/** SQLite: the rows as a VALUES list of the id and the changed columns. */
function sqliteText(count: number): string {
  let text = sqliteTexts.get(count)
  if (text === undefined) {
    const row = `(${['id', ...CHANGED].map(() => '?').join(', ')})`
    text =
      `with v(id, ${CHANGED.join(', ')}) as (values ${Array.from({ length: count }, () => row).join(', ')}) ` +
      `update run_jobs set ${CHANGED.map((c) => `${c} = v.${c}`).join(', ')} from v where run_jobs.id = v.id and run_jobs.status = 'queued' returning run_jobs.id`
    sqliteTexts.set(count, text)
  }
  return text
}

/** PostgreSQL: the rows as one JSON parameter read with the table's column types. */
const PG_TEXT =
  `update run_jobs set ${CHANGED.map((c) => `${c} = v.${c}`).join(', ')} from json_populate_recordset(null::run_jobs, $1::json) v ` +
  `where run_jobs.id = v.id and run_jobs.status = 'queued' returning run_jobs.id`

const CHUNK = 100

/**
 * Each row's queued job (by its id) takes the row's changed columns, if it is still queued (a lease or the expiry
 * pass of another instance may have taken it meanwhile); returns the ids of the jobs that did.
 */
export async function replaceQueuedJobs(db: Kysely<Database>, dialect: Dialect, rows: readonly RunJobRow[]): Promise<Set<string>> {
  const replaced = new Set<string>()
  if (rows.length === 0) return replaced
  if (dialect === 'postgres') {
    const json = JSON.stringify(rows.map((r) => Object.fromEntries([['id', r.id], ...CHANGED.map((c) => [c, r[c] ?? null])])))
    const out = await db.executeQuery<{ id: string }>(CompiledQuery.raw(PG_TEXT, [json]))
    for (const r of out.rows) replaced.add(r.id)
    return replaced
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK)
    const params = chunk.flatMap((r) => [r.id, ...CHANGED.map((c) => r[c] ?? null)])
    const out = await db.executeQuery<{ id: string }>(CompiledQuery.raw(sqliteText(chunk.length), params))
    for (const r of out.rows) replaced.add(r.id)
  }
  return replaced
}
