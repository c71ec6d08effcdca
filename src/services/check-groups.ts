/** Check groups (spec 2.7) */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the check-groups work
export interface CheckGroupService {}

export function checkGroupService(_deps: ResourceDeps): CheckGroupService {
  return {}
}
