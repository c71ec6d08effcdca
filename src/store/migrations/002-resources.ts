/** Tables of the configuration resources: variables, snippets, channels, locations, pages, dashboards, windows. */
import type { Kysely, CreateTableBuilder } from 'kysely'
import type { Dialect } from '../db.js'
import { autoIdColumn } from '../dialect.js'

const docColumns = <T extends string, C extends string>(b: CreateTableBuilder<T, C>) =>
  b
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuidTable = (name: string) => db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey())
  const serialTable = (name: string) => autoIdColumn(db.schema.createTable(name), dialect)

  await db.schema
    .createTable('variables')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('locked', 'integer', (c) => c.notNull())
    .addColumn('secret', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addPrimaryKeyConstraint('variables_pk', ['account_id', 'key'])
    .execute()

  await docColumns(serialTable('snippets')).execute()
  await docColumns(serialTable('alert_channels')).execute()
  await docColumns(serialTable('maintenance_windows')).execute()

  await serialTable('alert_subscriptions')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('alert_channels.id').onDelete('cascade'))
    .addColumn('check_id', 'text', (c) => c.references('checks.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('check_groups.id').onDelete('cascade'))
    .addColumn('activated', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('alert_subscriptions_check').on('alert_subscriptions').columns(['check_id', 'channel_id']).unique().execute()
  await db.schema.createIndex('alert_subscriptions_group').on('alert_subscriptions').columns(['group_id', 'channel_id']).unique().execute()
  await db.schema.createIndex('alert_subscriptions_channel').on('alert_subscriptions').column('channel_id').execute()

  await db.schema
    .createTable('account_settings')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await docColumns(uuidTable('private_locations'))
    .addColumn('slug_name', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('private_locations_slug').on('private_locations').columns(['account_id', 'slug_name']).unique().execute()
  await uuidTable('private_location_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('private_locations.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('masked_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('private_location_keys_location').on('private_location_keys').column('location_id').execute()

  await docColumns(uuidTable('status_pages'))
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('custom_domain', 'text', (c) => c.unique())
    .execute()
  await docColumns(uuidTable('status_page_services')).execute()
  await docColumns(uuidTable('status_page_incidents')).execute()
  await docColumns(uuidTable('status_page_incident_updates'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('status_page_incidents.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('status_page_incident_updates_incident').on('status_page_incident_updates').column('incident_id').execute()
  await docColumns(uuidTable('status_page_subscriptions'))
    .addColumn('status_page_id', 'text', (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('status_page_subscriptions_page').on('status_page_subscriptions').columns(['status_page_id', 'address']).unique().execute()

  await docColumns(serialTable('dashboards'))
    .addColumn('dashboard_id', 'text', (c) => c.notNull().unique())
    .addColumn('custom_url', 'text', (c) => c.unique())
    .addColumn('custom_domain', 'text', (c) => c.unique())
    .execute()

  for (const table of ['snippets', 'alert_channels', 'maintenance_windows', 'status_pages', 'status_page_services', 'status_page_incidents', 'dashboards']) {
    await db.schema.createIndex(`${table}_account`).on(table).columns(['account_id', 'created_at']).execute()
  }
}
