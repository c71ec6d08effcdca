/** Dashboards (spec 2.13) */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the dashboards work
export interface DashboardService {}

export function dashboardService(_deps: ResourceDeps): DashboardService {
  return {}
}
