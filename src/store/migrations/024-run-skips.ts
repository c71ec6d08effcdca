/**
 * Stale slots (domain/schedule/stale-slots.ts): a scheduled first attempt carries the time from which it is stale
 * (its check's next slot); leases pass it by and an expiry pass takes it out of the queue and records it in
 * run_skips. The queue index leading with (status, private_location_id, expires_at) lets the expiry pass find the
 * stale jobs of one place, oldest first, without walking the rest of the queue; run_skips is read by check and
 * time (the API and console) and pruned by created_at (data retention).
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('run_jobs').addColumn('expires_at', 'bigint').execute()
  await db.schema.createIndex('run_jobs_expiry').on('run_jobs').columns(['status', 'private_location_id', 'expires_at']).execute()
  await db.schema
    .createTable('run_skips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('private_location_id', 'text')
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('skipped_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('run_skips_check').on('run_skips').columns(['check_id', 'scheduled_at']).execute()
  await db.schema.createIndex('run_skips_created').on('run_skips').column('created_at').execute()
}
