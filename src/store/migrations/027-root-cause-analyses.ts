/**
 * Root-cause analyses of error groups (a check's, or a test session's): one row per request, written as PENDING,
 * completed (or failed) in the background by the model. An analysis goes with its account and with the group it
 * explains; retention removes old ones by created_at like the account's other records.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('root_cause_analyses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('error_group_id', 'text', (c) => c.references('error_groups.id').onDelete('cascade'))
    .addColumn('test_session_error_group_id', 'text', (c) => c.references('test_session_error_groups.id').onDelete('cascade'))
    .addColumn('check_id', 'text')
    .addColumn('check_type', 'text', (c) => c.notNull())
    // PENDING, COMPLETED or FAILED.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_context', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    // The analysis as JSON (classification, userImpact, rootCause, codeFix, evidence, referenceLinks).
    .addColumn('analysis', 'text')
    .addColumn('error_message', 'text')
    .addColumn('duration_ms', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute()
  await db.schema.createIndex('root_cause_analyses_created').on('root_cause_analyses').column('created_at').execute()
  await db.schema.createIndex('root_cause_analyses_error_group').on('root_cause_analyses').columns(['error_group_id', 'created_at']).execute()
  await db.schema.createIndex('root_cause_analyses_ts_error_group').on('root_cause_analyses').columns(['test_session_error_group_id', 'created_at']).execute()
}
