/**
 * Monitoring as code: a project (its logical id unique in the account) and the resources it deployed,
 * each bound under (kind, logical id) to the resource's id in the API (as text: integer ids and variable keys too),
 * with the SHA-256 of each top-level field of the payload it was deployed with (never the payload itself: payloads
 * hold secrets), so that the next deploy knows what changed.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('logical_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('projects_account_logical_id', ['account_id', 'logical_id'])
    .execute()

  await db.schema
    .createTable('project_resources')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('logical_id', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    /** JSON object: top-level payload field → SHA-256 (hex) of its canonical JSON. */
    .addColumn('field_hashes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_resources_pk', ['project_id', 'kind', 'logical_id'])
    .execute()
  // Which project owns a resource (a check's view shows its project and logical id).
  await db.schema.createIndex('project_resources_resource').on('project_resources').columns(['kind', 'resource_id']).execute()
}
