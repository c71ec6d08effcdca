/** Private-location agents, read from the store on each scrape: agents connected and locations without any. */
import { Gauge, type Registry } from 'prom-client'
import { connectedWindowMs } from '../domain/private-location-availability.js'
import type { Stores } from '../store/all-stores.js'
import type { CollectFailures } from './collect-failures.js'
import { sharedSample } from './shared-sample.js'

export interface AgentGaugeDeps {
  stores: Pick<Stores, 'privateLocationAvailability' | 'privateLocationAgents' | 'privateLocations'>
  now: () => number
  /** The availability window (PRIVATE_LOCATION_UNAVAILABLE_SECONDS); agents count as connected within connectedWindowMs of it. */
  windowMs: number
  failures: CollectFailures
}

export interface AgentCounts {
  agents: number
  connectedLocations: number
  unavailableLocations: number
}

/** One query for every location an agent ever visited; then one per location seen lately or marked unavailable. */
export async function countAgents(deps: Omit<AgentGaugeDeps, 'failures'>): Promise<AgentCounts> {
  const since = deps.now() - connectedWindowMs(deps.windowMs)
  const counts: AgentCounts = { agents: 0, connectedLocations: 0, unavailableLocations: 0 }
  for (const s of await deps.stores.privateLocationAvailability.sightings()) {
    if (s.lastSeen >= since) {
      const presence = await deps.stores.privateLocationAgents.presence(s.locationId, since)
      counts.agents += presence.agentCount
      if (presence.agentCount > 0) counts.connectedLocations += 1
    } else if (s.status === 'UNAVAILABLE' && (await deps.stores.privateLocations.get(s.accountId, s.locationId))) {
      // Agents' rows outlive a deleted location: only locations that still exist count.
      counts.unavailableLocations += 1
    }
  }
  return counts
}

export function registerAgentGauges(registry: Registry, deps: AgentGaugeDeps): void {
  const sample = sharedSample(() => countAgents(deps))
  const gauge = (name: string, help: string, pick: (c: AgentCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        try {
          this.set(pick(await sample()))
        } catch {
          this.reset()
          deps.failures.failed('agents')
        }
      },
    })
  gauge('picket_agents_connected', 'Private-location agents connected (seen within the last minute and not stopped), over all private locations.', (c) => c.agents)
  gauge('picket_private_locations_connected', 'Private locations with at least one agent connected.', (c) => c.connectedLocations)
  gauge('picket_private_locations_unavailable', 'Private locations marked unavailable: they had an agent, and none was seen within the window.', (c) => c.unavailableLocations)
}
