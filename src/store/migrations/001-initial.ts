import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { autoIdColumn } from '../dialect.js'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute()

  await autoIdColumn(db.schema.createTable('check_groups'), dialect)
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute()
  await db.schema.createIndex('check_groups_account').on('check_groups').columns(['account_id', 'id']).execute()

  await db.schema
    .createTable('checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('check_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('activated', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('check_groups.id'))
    .addColumn('url', 'text')
    .addColumn('ping_token', 'text', (c) => c.unique())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute()
  await db.schema.createIndex('checks_account_created').on('checks').columns(['account_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('checks_group').on('checks').column('group_id').execute()

  await db.schema
    .createTable('check_tags')
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('check_tags_pk', ['check_id', 'tag'])
    .execute()
  await db.schema.createIndex('check_tags_account_tag').on('check_tags').columns(['account_id', 'tag']).execute()

  await db.schema
    .createTable('check_statuses')
    .addColumn('check_id', 'text', (c) => c.primaryKey().references('checks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('check_statuses_account').on('check_statuses').columns(['account_id', 'status']).execute()
}
