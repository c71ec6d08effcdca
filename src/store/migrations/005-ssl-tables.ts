/** SSL certificates watched for expiry: one row per check and domain. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function createSslTables(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ssl_certificates')
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'bigint')
    .addColumn('issuer', 'text')
    .addColumn('subject', 'text')
    .addColumn('days_remaining', 'integer')
    .addColumn('last_checked_at', 'bigint')
    .addColumn('next_check_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('alerted_thresholds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ssl_certificates_pk', ['check_id', 'domain'])
    .execute()
  await db.schema.createIndex('ssl_certificates_due').on('ssl_certificates').column('next_check_at').execute()
  await db.schema.createIndex('ssl_certificates_account').on('ssl_certificates').column('account_id').execute()
}
