/**
 * Files the hosted service's CLI uploads before it runs checks (its project code bundles and Playwright
 * snapshots): one row per upload, naming its account, so that a key is only ever read back by that account.
 * The bytes live under DATA_DIR/code-bundles/<account>/<id>, never at a path a request names.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('code_bundles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // 'code-bundle' (a project's archive) or 'file' (any other upload, e.g. a snapshot).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('code_bundles_account_created').on('code_bundles').columns(['account_id', 'created_at']).execute()
}
