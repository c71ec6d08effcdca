/** Tables of heartbeats: one timer per heartbeat check (next deadline indexed) and its events. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('heartbeat_timers')
    .addColumn('check_id', 'text', (c) => c.primaryKey().references('checks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('ping_token', 'text', (c) => c.notNull().unique())
    .addColumn('activated', 'integer', (c) => c.notNull())
    .addColumn('period_ms', 'bigint', (c) => c.notNull())
    .addColumn('grace_ms', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('last_ping_at', 'bigint')
    .addColumn('expected_at', 'bigint')
    .addColumn('next_deadline_at', 'bigint')
    .addColumn('failing', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('heartbeat_timers_deadline').on('heartbeat_timers').column('next_deadline_at').execute()

  await db.schema
    .createTable('heartbeat_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('source', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('body', 'text')
    .addColumn('duration_ms', 'bigint')
    .addColumn('result_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('heartbeat_events_check_time').on('heartbeat_events').columns(['check_id', 'created_at']).execute()
}
