/**
 * The notification outbox and log (alert_notifications): one row per alert and channel, written in the transaction
 * that records the alert, leased by one instance at a time while it is sent, and kept with its outcome.
 * alert_id, check_id and channel_id carry no foreign key on purpose: the log outlives deleted checks and channels.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function createNotificationTables(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('alert_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('check_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('channel_type', 'text', (c) => c.notNull())
    /** PENDING | IN_PROGRESS | SUCCESS | FAILURE | RATE_LIMITED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('leased_by', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('response_status', 'integer')
    /** What the receiver answered (response body or SMTP reply), truncated. */
    .addColumn('result', 'text')
    /** JSON: the alert and the check context to render the message from (see alerting/notifier-payload.ts). */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute()
  await db.schema.createIndex('alert_notifications_alert_channel').on('alert_notifications').columns(['alert_id', 'channel_id']).unique().execute()
  await db.schema.createIndex('alert_notifications_due').on('alert_notifications').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('alert_notifications_lease').on('alert_notifications').columns(['status', 'lease_until']).execute()
  await db.schema.createIndex('alert_notifications_account_time').on('alert_notifications').columns(['account_id', 'created_at']).execute()
}
