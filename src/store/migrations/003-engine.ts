/** Tables of the engine: schedules, run jobs (leases), results, triggers and check sessions. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { autoIdColumn } from '../dialect.js'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('check_schedules')
    .addColumn('check_id', 'text', (c) => c.primaryKey().references('checks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addColumn('rr_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('check_schedules_due').on('check_schedules').column('next_due_at').execute()

  await db.schema
    .createTable('run_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('private_location_id', 'text')
    .addColumn('sequence_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('first_started_at', 'bigint')
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('leased_by', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('parallel_total', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('run_jobs_queue').on('run_jobs').columns(['status', 'private_location_id', 'due_at']).execute()
  await db.schema.createIndex('run_jobs_lease').on('run_jobs').columns(['status', 'lease_until']).execute()
  await db.schema.createIndex('run_jobs_check').on('run_jobs').column('check_id').execute()

  await db.schema
    .createTable('check_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('check_type', 'text', (c) => c.notNull())
    .addColumn('sequence_id', 'text', (c) => c.notNull())
    .addColumn('run_job_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('result_type', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('has_failures', 'integer', (c) => c.notNull())
    .addColumn('has_errors', 'integer', (c) => c.notNull())
    .addColumn('is_degraded', 'integer', (c) => c.notNull())
    .addColumn('over_max_response_time', 'integer', (c) => c.notNull())
    .addColumn('response_time', 'double precision', (c) => c.notNull())
    .addColumn('error_kind', 'text')
    .addColumn('error_message', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('scheduled_at', 'bigint')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('check_results_check_time').on('check_results').columns(['check_id', 'started_at']).execute()
  await db.schema.createIndex('check_results_account_time').on('check_results').columns(['account_id', 'started_at']).execute()
  await db.schema.createIndex('check_results_session').on('check_results').column('session_id').execute()

  for (const [column, type] of [
    ['has_failures', 'integer'],
    ['has_errors', 'integer'],
    ['is_degraded', 'integer'],
    ['last_result_id', 'text'],
    ['last_location', 'text'],
    ['last_run_at', 'bigint'],
    ['longest_run', 'double precision'],
    ['shortest_run', 'double precision'],
  ] as const) {
    await db.schema.alterTable('check_statuses').addColumn(column, type).execute()
  }

  await autoIdColumn(db.schema.createTable('triggers'), dialect)
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.references('checks.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('check_groups.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('called_at', 'bigint')
    .execute()
  await db.schema.createIndex('triggers_check').on('triggers').column('check_id').unique().execute()
  await db.schema.createIndex('triggers_group').on('triggers').column('group_id').unique().execute()

  await db.schema
    .createTable('check_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.notNull())
    .addColumn('run_source', 'text', (c) => c.notNull())
    .addColumn('expected_runs', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
}
