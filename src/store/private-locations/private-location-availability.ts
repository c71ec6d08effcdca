/**
 * Whether private locations are available: one row per location once an agent was seen there. The
 * newest visit of any agent comes from private_location_agents; a change of status is a conditional write, so
 * when several instances look at once exactly one of them makes it (and sends its alert).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { PrivateLocationAvailabilityRow } from '../private-location-rows.js'

export type Availability = PrivateLocationAvailabilityRow['status']

export interface LocationSighting {
  locationId: string
  accountId: string
  /** The newest last_seen_at of any of its agents. */
  lastSeen: number
  /** null: no agent was seen before this row existed (never connected). */
  status: Availability | null
  changedAt: number | null
}

export interface PrivateLocationAvailabilityStore {
  /** Every location that any agent ever visited (deleted ones too: agents' rows outlive them), with its status. */
  sightings(): Promise<LocationSighting[]>
  /** Moves a location from one status (null: no row) to another; false when another instance got there first. */
  transition(change: { locationId: string; accountId: string; from: Availability | null; to: Availability; at: number }): Promise<boolean>
  /** The status of each of the account's locations that has one. */
  statuses(accountId: string): Promise<Map<string, { status: Availability; changedAt: number }>>
}

export function privateLocationAvailabilityStore(db: Kysely<Database>): PrivateLocationAvailabilityStore {
  return {
    async sightings() {
      const rows = await db
        .selectFrom('private_location_agents as a')
        .leftJoin('private_location_availability as v', 'v.location_id', 'a.location_id')
        .select((eb) => ['a.location_id', 'a.account_id', 'v.status', 'v.changed_at', eb.fn.max('a.last_seen_at').as('last_seen')])
        .groupBy(['a.location_id', 'a.account_id', 'v.status', 'v.changed_at'])
        .execute()
      return rows.map((r) => ({
        locationId: r.location_id,
        accountId: r.account_id,
        lastSeen: Number(r.last_seen),
        status: r.status ?? null,
        changedAt: r.changed_at == null ? null : Number(r.changed_at),
      }))
    },

    async transition({ locationId, accountId, from, to, at }) {
      if (from === null) {
        const r = await db
          .insertInto('private_location_availability')
          .values({ location_id: locationId, account_id: accountId, status: to, changed_at: at })
          .onConflict((oc) => oc.column('location_id').doNothing())
          .executeTakeFirst()
        return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
      }
      const r = await db
        .updateTable('private_location_availability')
        .set({ status: to, changed_at: at })
        .where('location_id', '=', locationId)
        .where('status', '=', from)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    async statuses(accountId) {
      const rows = await db.selectFrom('private_location_availability').selectAll().where('account_id', '=', accountId).execute()
      return new Map(rows.map((r) => [r.location_id, { status: r.status, changedAt: Number(r.changed_at) }]))
    },
  }
}
