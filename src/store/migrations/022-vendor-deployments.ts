/**
 * Deployments of projects sent by the hosted service's own CLI: that client submits a deploy (or a destroy) and then
 * follows the deployment by its id (its record, its completion, its event stream, its cancel). Picket applies a
 * deploy in one transaction before it answers, so a deployment is recorded already final; the record keeps what the
 * client reads of it afterwards: its status, the diff it made, or the error that ended it.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('vendor_deployments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('project_logical_id', 'text', (c) => c.notNull())
    /** DEPLOY or DESTROY. */
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON: the deployment's result ({diff}), or null. */
    .addColumn('result', 'text')
    /** JSON: {message} of a failed deployment, or null. */
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute()
  // Retention removes the oldest records of every account in batches.
  await db.schema.createIndex('vendor_deployments_created').on('vendor_deployments').column('created_at').execute()
  await db.schema.createIndex('vendor_deployments_project').on('vendor_deployments').columns(['account_id', 'project_logical_id', 'created_at']).execute()
}
