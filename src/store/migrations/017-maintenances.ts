/**
 * Maintenances: the occurrences of maintenance windows, kept as documents (dates, status, status updates) once they
 * are listed or changed. Each stands for one scheduled occurrence of its window (window_id, occurrence_start); an
 * occurrence changed by hand (dates moved, ended, cancelled or deleted) is an override that alerting reads.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('maintenances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('window_id', 'integer', (c) => c.notNull().references('maintenance_windows.id').onDelete('cascade'))
    /** Epoch ms of the scheduled start of the occurrence it stands for. */
    .addColumn('occurrence_start', 'bigint', (c) => c.notNull())
    /** 1 when changed by hand (alerting reads only these), else 0. */
    .addColumn('overrides', 'integer', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute()
  await db.schema.createIndex('maintenances_occurrence').on('maintenances').columns(['window_id', 'occurrence_start']).unique().execute()
  await db.schema.createIndex('maintenances_overrides').on('maintenances').columns(['account_id', 'overrides']).execute()
}
