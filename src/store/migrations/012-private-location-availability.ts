/**
 * Whether each private location is available: a location that had an agent and then went without one
 * for PRIVATE_LOCATION_UNAVAILABLE_SECONDS is UNAVAILABLE until an agent is seen again. No row: no agent was ever
 * seen. The row goes with its location.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('private_location_availability')
    .addColumn('location_id', 'text', (c) => c.primaryKey().references('private_locations.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** AVAILABLE | UNAVAILABLE */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute()
}
