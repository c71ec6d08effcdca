/**
 * Aborting runs that are executing, and pruning test sessions. A cancellation keeps the id of the job it took out
 * of the queue: an agent asking about the job it holds learns that it was cancelled (rather than lost to another
 * lease) and stops. The indexes on creation and cancellation times let data retention remove test sessions, their
 * runs, cancellations and error groups oldest first in small batches without reading whole tables.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('run_cancellations').addColumn('job_id', 'text').execute()
  await db.schema.createIndex('run_cancellations_job').on('run_cancellations').column('job_id').execute()
  await db.schema.createIndex('run_cancellations_cancelled').on('run_cancellations').column('cancelled_at').execute()
  await db.schema.createIndex('test_sessions_created').on('test_sessions').column('created_at').execute()
  await db.schema.createIndex('test_session_runs_created').on('test_session_runs').column('created_at').execute()
  await db.schema.createIndex('test_session_error_groups_last_seen').on('test_session_error_groups').column('last_seen').execute()
}
