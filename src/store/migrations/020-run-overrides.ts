/**
 * Per-run overrides (domain/runs/run-overrides.ts) kept on the run job they belong to, as JSON whose secret
 * variable values are sealed by the store's secret box; null for the runs that override nothing (every
 * scheduled run). They leave with the job when its run is done, retries included.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('run_jobs').addColumn('overrides', 'text').execute()
}
