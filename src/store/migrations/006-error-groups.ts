/** Error groups: one row per check and hash of a cleaned error message, with its occurrences. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('error_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('error_hash', 'text', (c) => c.notNull())
    .addColumn('cleaned_error_message', 'text', (c) => c.notNull())
    // The message of the latest occurrence.
    .addColumn('raw_error_message', 'text')
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('occurrences', 'bigint', (c) => c.notNull())
    .addColumn('archived_until_next_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_forever', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('error_groups_check_hash', ['check_id', 'error_hash'])
    .execute()
  // The account's list and a check's list, newest occurrence first.
  await db.schema.createIndex('error_groups_account_seen').on('error_groups').columns(['account_id', 'last_seen']).execute()
  await db.schema.createIndex('error_groups_check_seen').on('error_groups').columns(['check_id', 'last_seen']).execute()
}
