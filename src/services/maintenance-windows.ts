/** Maintenance windows */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the maintenance-windows work
export interface MaintenanceWindowService {}

export function maintenanceWindowService(_deps: ResourceDeps): MaintenanceWindowService {
  return {}
}
