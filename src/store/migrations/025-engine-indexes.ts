/**
 * The engine's queue reads at any backlog: each run job carries its check's type, so that a lane's lease (API and
 * other checks, or browser checks) filters the job row itself instead of looking up its check for every queued job
 * it passes (with a large backlog PostgreSQL chose to join and sort the whole queue on every lease). The browser
 * lane's jobs are found by type and due time in a partial index of the built-in runners' queued jobs, however many
 * jobs of the other lane wait ahead of them; the other lane walks the same jobs by due time alone (in the queue index
 * (status, place, due time) PostgreSQL does not take `place IS NULL` as fixing the place, so it sorted every queued
 * job instead of reading the first few in order).
 */
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('run_jobs')
    .addColumn('check_type', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update run_jobs set check_type = coalesce((select checks.check_type from checks where checks.id = run_jobs.check_id), '')`.execute(db)
  await sql`create index run_jobs_builtin_due on run_jobs (due_at) where status = 'queued' and private_location_id is null`.execute(db)
  await sql`create index run_jobs_lane on run_jobs (check_type, due_at) where status = 'queued' and private_location_id is null`.execute(db)
}
