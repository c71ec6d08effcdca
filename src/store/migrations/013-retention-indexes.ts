/**
 * Data retention removes the oldest rows of a table in small batches, `where id in (select id … where
 * created_at < ? order by created_at limit ?)`: each table it prunes needs an index that leads with created_at, or
 * every batch would scan the table. check_results already has one (007: check_results_created); the indexes of
 * these tables lead with an account, check or location instead. Notifications are removed only once finished:
 * their index leads with the status, so a batch reads old SUCCESS or FAILURE rows and never walks past the
 * (many) recent ones.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

const TABLES = ['private_location_agent_errors', 'heartbeat_events', 'check_sessions'] as const

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of TABLES) await db.schema.createIndex(`${table}_created`).on(table).column('created_at').execute()
  await db.schema.createIndex('alert_notifications_status_created').on('alert_notifications').columns(['status', 'created_at']).execute()
}
