/** What every resource service is built from. */
import type { Clock } from '../lib/clock.js'
import type { Stores, Transact } from './stores.js'

export interface ResourceDeps {
  stores: Stores
  transact: Transact
  clock: Clock
  publicBaseUrl: string
  /** Runner source addresses by region, from configuration. */
  staticIps: { ipv4: Record<string, string[]>; ipv6: Record<string, string[]> }
  /** Where checks with no locations run. */
  defaultLocation: string
}
