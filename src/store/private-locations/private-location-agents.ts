/** The agents of private locations as last seen (one row per location and agent) and the errors they report. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { PrivateLocationAgentErrorRow, PrivateLocationAgentRow } from '../private-location-rows.js'

/**
 * jobs_in_flight of an agent that said goodbye (it stopped): it is not counted as connected however recently it was
 * seen. Its row stays, so the location keeps its last sighting and is still found unavailable once nobody replaces it.
 */
export const AGENT_LEFT = -1

export interface AgentPresence {
  /** Newest last_seen_at of any agent of the location, or null. */
  lastSeen: number | null
  /** Agents seen since the given time that did not say goodbye since. */
  agentCount: number
}

export interface PrivateLocationAgentStore {
  /** Records (or refreshes) one agent's visit; with keepJobs, an existing row keeps its jobs_in_flight; leaving: it said goodbye. */
  seen(row: PrivateLocationAgentRow, options?: { keepJobs?: boolean; leaving?: boolean }): Promise<void>
  presence(locationId: string, since: number): Promise<AgentPresence>
  insertError(row: PrivateLocationAgentErrorRow): Promise<void>
  /** Newest first. */
  listErrors(accountId: string, locationId: string, page: { limit: number; offset: number }): Promise<{ items: PrivateLocationAgentErrorRow[]; total: number }>
}

export function privateLocationAgentStore(db: Kysely<Database>): PrivateLocationAgentStore {
  return {
    async seen(seenRow, options = {}) {
      const row = options.leaving ? { ...seenRow, jobs_in_flight: AGENT_LEFT } : seenRow
      const { version, last_seen_at, jobs_in_flight } = row
      await db
        .insertInto('private_location_agents')
        .values(row)
        .onConflict((oc) => oc.columns(['location_id', 'agent_id']).doUpdateSet(options.keepJobs ? { version, last_seen_at } : { version, last_seen_at, jobs_in_flight }))
        .execute()
    },
    async presence(locationId, since) {
      const r = await db
        .selectFrom('private_location_agents')
        .select((eb) => [
          eb.fn.max('last_seen_at').as('last'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('last_seen_at', '>=', since), eb('jobs_in_flight', '>=', 0)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('recent'),
        ])
        .where('location_id', '=', locationId)
        .executeTakeFirst()
      return { lastSeen: r?.last == null ? null : Number(r.last), agentCount: Number(r?.recent ?? 0) }
    },
    async insertError(row) {
      await db.insertInto('private_location_agent_errors').values(row).execute()
    },
    async listErrors(accountId, locationId, page) {
      const base = db.selectFrom('private_location_agent_errors').where('account_id', '=', accountId).where('location_id', '=', locationId)
      const items = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute()
      const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()
      return { items, total: Number(count?.n ?? 0) }
    },
  }
}
