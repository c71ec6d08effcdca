/** Private locations and their agent keys */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the private-locations work
export interface PrivateLocationService {}

export function privateLocationService(_deps: ResourceDeps): PrivateLocationService {
  return {}
}
