/**
 * Client certificates of mutual TLS, one row per upload: the host it is presented to, the certificate and the
 * optional CA bundle (public, shown by the API), and the private key and its passphrase sealed by the store's
 * secret box (never shown, opened only for runs).
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('client_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('cert', 'text', (c) => c.notNull())
    .addColumn('ca', 'text')
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('passphrase_sealed', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('client_certificates_account').on('client_certificates').columns(['account_id', 'created_at']).execute()
}
