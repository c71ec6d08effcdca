/** Tables of alert evaluation: the check alerts raised and the alert state machine of each check. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function createAlertTables(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('check_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('alert_type', 'text', (c) => c.notNull())
    .addColumn('check_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('run_location', 'text', (c) => c.notNull())
    .addColumn('response_time', 'double precision', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('status_code', 'text')
    .addColumn('result_id', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('is_reminder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ssl_domain', 'text')
    .addColumn('ssl_days_remaining', 'integer')
    .execute()
  await db.schema.createIndex('check_alerts_account_time').on('check_alerts').columns(['account_id', 'created_at']).execute()
  await db.schema.createIndex('check_alerts_check_time').on('check_alerts').columns(['check_id', 'created_at']).execute()

  await db.schema
    .createTable('alert_states')
    .addColumn('check_id', 'text', (c) => c.primaryKey().references('checks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    // The state machine (src/alerting/state.ts) as JSON, with the partial set of a parallel run still arriving.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('next_reminder_at', 'bigint')
    .addColumn('incident_id', 'text')
    // Optimistic concurrency: every write is "where version = the version read", so instances never lose an update.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('alert_states_reminder').on('alert_states').column('next_reminder_at').execute()
}
