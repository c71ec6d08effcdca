/**
 * Private-location agents: the agents last seen per location (from their requests' X-Picket-Agent
 * headers) and the errors they report, scrubbed of secrets before they are stored.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('private_location_agents')
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('jobs_in_flight', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('private_location_agents_pk', ['location_id', 'agent_id'])
    .execute()

  await db.schema
    .createTable('private_location_agent_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('stack', 'text', (c) => c.notNull())
    .addColumn('agent_version', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('runtime_version', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('private_location_agent_errors_location').on('private_location_agent_errors').columns(['location_id', 'created_at']).execute()
}
