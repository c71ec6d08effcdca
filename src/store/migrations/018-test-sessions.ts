/**
 * Test sessions: recorded runs of a set of checks (from the API, the CLI or a trigger), one row per check and
 * location run (its check session's run sequence), the runs cancelled before they ended, the error groups of
 * failing test-session results, and the deployment triggers that start test sessions after a deploy.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { autoIdColumn } from '../dialect.js'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('test_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // The project of monitoring as code the checks belong to, when they do (no foreign key: projects come and go).
    .addColumn('project_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('private_location_id', 'text')
    // JSON: the trigger's metadata (environment, repository, commit, branch).
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('invoker', 'text')
    // RUNNING until every run has a final result or was cancelled; kept up to date as results come in.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute()
  await db.schema.createIndex('test_sessions_account_created').on('test_sessions').columns(['account_id', 'created_at']).execute()

  await db.schema
    .createTable('test_session_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('test_session_id', 'text', (c) => c.notNull().references('test_sessions.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('check_session_id', 'text', (c) => c.notNull())
    .addColumn('sequence_id', 'text', (c) => c.notNull())
    // The check's id, name and type when the run started: a test session outlives the checks it ran.
    .addColumn('check_id', 'text', (c) => c.notNull())
    .addColumn('check_name', 'text', (c) => c.notNull())
    .addColumn('check_type', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('private_location_id', 'text')
    // The run's outcome, copied from its final result when it comes (RUNNING until then, or CANCELLED).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result_id', 'text')
    .addColumn('has_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_degraded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time', 'double precision')
    .addColumn('error_message', 'text')
    .addColumn('error_group_id', 'text')
    .addColumn('started_at', 'bigint')
    .addColumn('stopped_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('test_session_runs_session').on('test_session_runs').column('test_session_id').execute()
  await db.schema.createIndex('test_session_runs_check_session').on('test_session_runs').column('check_session_id').execute()

  // A run cancelled before its final result: its queued attempts were taken out of the queue.
  await db.schema
    .createTable('run_cancellations')
    .addColumn('sequence_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('run_cancellations_session').on('run_cancellations').column('session_id').execute()

  await db.schema
    .createTable('test_session_error_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // '' when the sessions had no project: a unique key needs a value.
    .addColumn('project_key', 'text', (c) => c.notNull())
    .addColumn('error_hash', 'text', (c) => c.notNull())
    .addColumn('cleaned_error_message', 'text', (c) => c.notNull())
    .addColumn('raw_error_message', 'text')
    // JSON array of the environments the error was seen in.
    .addColumn('environments', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('occurrences', 'bigint', (c) => c.notNull())
    .addColumn('archived_until_next_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_forever', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('test_session_error_groups_key', ['account_id', 'project_key', 'error_hash'])
    .execute()
  await db.schema.createIndex('test_session_error_groups_seen').on('test_session_error_groups').columns(['account_id', 'last_seen']).execute()

  await autoIdColumn(db.schema.createTable('deployment_triggers'), dialect)
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.references('checks.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('check_groups.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('repo_id', 'text', (c) => c.notNull())
    .addColumn('repo_name', 'text', (c) => c.notNull())
    .addColumn('repo_link', 'text')
    .addColumn('use_environment_url', 'integer', (c) => c.notNull())
    .addColumn('include_screenshots', 'integer', (c) => c.notNull())
    .addColumn('environment_regex_filter', 'text')
    .addColumn('environment_url_regex_filter', 'text')
    .addColumn('run_location', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute()
  await db.schema.createIndex('deployment_triggers_account').on('deployment_triggers').columns(['account_id', 'repo_id']).execute()
}
