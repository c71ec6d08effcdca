/** Status pages, services, incidents and subscriptions */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the status-pages work
export interface StatusPageService {}

export function statusPageService(_deps: ResourceDeps): StatusPageService {
  return {}
}
