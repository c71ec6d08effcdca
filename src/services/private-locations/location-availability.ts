/**
 * Private locations without agents: a periodic pass marks a location that had an agent UNAVAILABLE once
 * none was seen for `unavailableAfterMs` and alerts every channel of the account; when an agent
 * is seen again it is AVAILABLE and the channels hear that too. While a location is unavailable the scheduler queues
 * nothing there (engine/scheduler.ts), so its checks do not pile up runs that would only expire. Each change and its
 * notifications are one transaction, and the change is conditional: with several instances, one alert per change.
 */
import { availabilityChange } from '../../domain/private-location-availability.js'
import type { EngineLog } from '../../engine/engine-deps.js'
import { enqueueLocationNotifications } from '../alerting/alert-delivery.js'
import { uses, type DepsOf } from '../resource-deps.js'

export interface LocationAvailabilityService {
  /** One pass over every location an agent ever visited; returns how many changed status. */
  checkAvailability(): Promise<number>
}

/** What the location availability service uses: the wiring hands it these stores and shared things and no others. */
export const locationAvailabilityServiceUses = uses(['privateLocationAvailability', 'privateLocations', 'alertChannels', 'notifications'], ['clock', 'transact'])
export type LocationAvailabilityServiceDeps = DepsOf<typeof locationAvailabilityServiceUses>

export function locationAvailabilityService(r: LocationAvailabilityServiceDeps, options: { unavailableAfterMs: number; log?: EngineLog }): LocationAvailabilityService {
  const { unavailableAfterMs } = options
  return {
    async checkAvailability() {
      const now = r.clock.now()
      let changed = 0
      for (const sighting of await r.stores.privateLocationAvailability.sightings()) {
        const change = availabilityChange({ status: sighting.status, lastSeen: sighting.lastSeen, now, unavailableAfterMs })
        if (!change) continue
        const done = await r.transact(async (s) => {
          const location = await s.privateLocations.get(sighting.accountId, sighting.locationId)
          if (!location) return false
          const moved = await s.privateLocationAvailability.transition({
            locationId: sighting.locationId,
            accountId: sighting.accountId,
            from: sighting.status,
            to: change.to,
            at: now,
          })
          if (!moved || change.alert === null) return moved
          const event = {
            id: location.id,
            name: String(location.doc.name),
            slugName: String(location.doc.slugName),
            event: change.alert,
            lastSeen: sighting.lastSeen,
            unavailableAfterMs,
          }
          const sent = await enqueueLocationNotifications(s, event, sighting.accountId, now)
          options.log?.warn(
            { location: event.slugName, event: change.alert, channels: sent },
            change.alert === 'UNAVAILABLE' ? 'private location unavailable: no agent seen' : 'private location available again',
          )
          return true
        })
        if (done) changed += 1
      }
      return changed
    },
  }
}
