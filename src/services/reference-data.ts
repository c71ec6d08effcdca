/** Runtimes, locations and source addresses */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the reference-data work
export interface ReferenceDataService {}

export function referenceDataService(_deps: ResourceDeps): ReferenceDataService {
  return {}
}
