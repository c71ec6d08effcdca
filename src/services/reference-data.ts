/** Runtimes, locations and source addresses: read-only data every account sees alike. */
import { NotFoundError } from '../domain/errors.js'
import { PUBLIC_LOCATIONS, servedLocations, type PublicLocation } from '../domain/locations.js'
import { RUNTIMES, runtimeById, type Runtime } from '../domain/runtimes.js'
import { uses, type DepsOf } from './resource-deps.js'

export type IpFamily = 'ipv4' | 'ipv6'

export interface ReferenceDataService {
  runtimes(): readonly Runtime[]
  /** Throws NotFoundError for an unknown runtime id. */
  runtime(id: string): Runtime
  locations(): readonly PublicLocation[]
  /** Source addresses of check runs by region, as configured by the operator. */
  staticIpsByRegion(family: IpFamily): Record<string, string[]>
  /** Every source address once, in region order. */
  staticIps(family: IpFamily): string[]
  /** The same list as text, one address per line. */
  staticIpsText(family: IpFamily): string
}

/** What the reference data service uses: the wiring hands it these stores and shared things and no others. */
export const referenceDataServiceUses = uses([], ['staticIps', 'defaultLocation'])
export type ReferenceDataServiceDeps = DepsOf<typeof referenceDataServiceUses>

export function referenceDataService(deps: ReferenceDataServiceDeps): ReferenceDataService {
  const flat = (family: IpFamily) => [...new Set(Object.values(deps.staticIps[family]).flat())]
  const served = servedLocations(deps.defaultLocation, [...Object.keys(deps.staticIps.ipv4), ...Object.keys(deps.staticIps.ipv6)])
  const locations = PUBLIC_LOCATIONS.map((l) => ({ ...l, served: served.has(l.region) }))
  return {
    runtimes: () => RUNTIMES,
    runtime(id) {
      const found = runtimeById(id)
      if (!found) throw new NotFoundError('Runtime', id)
      return found
    },
    locations: () => locations,
    staticIpsByRegion: (family) => Object.fromEntries(Object.entries(deps.staticIps[family]).map(([region, ips]) => [region, [...ips]])),
    staticIps: flat,
    staticIpsText: (family) =>
      flat(family)
        .map((ip) => `${ip}\n`)
        .join(''),
  }
}
