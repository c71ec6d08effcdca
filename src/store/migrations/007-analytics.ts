/**
 * Analytics: each result's metric values (check_results.metrics), hour and minute roll-ups of final results, and
 * the watermark (insertion time) up to which results have been rolled up. Results inserted after the watermark
 * are read raw at query time, so analytics are exact at every moment.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('check_results').addColumn('metrics', 'text').execute()
  // The roll-up job reads new results by insertion time.
  await db.schema.createIndex('check_results_created').on('check_results').column('created_at').execute()

  let rollups = db.schema
    .createTable('analytics_rollups')
    .addColumn('check_id', 'text', (c) => c.notNull().references('checks.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('bucket_start', 'bigint', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addColumn('degraded', 'integer', (c) => c.notNull())
    .addColumn('retries', 'integer', (c) => c.notNull())
  for (let slot = 0; slot < 10; slot++) rollups = rollups.addColumn(`m${slot}`, 'text')
  await rollups.addPrimaryKeyConstraint('analytics_rollups_pk', ['check_id', 'level', 'bucket_start', 'location', 'status_code', 'success']).execute()

  await db.schema
    .createTable('analytics_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('watermark', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db
    .insertInto('analytics_state' as never)
    .values({ name: 'rollup', watermark: 0, updated_at: 0 } as never)
    .execute()
}
