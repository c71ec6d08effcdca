/**
 * Status pages, services, incidents and subscriptions. The service is the union of the parts in
 * status-page-*.ts and dashboard-incidents.ts (the /v1/incidents shape of the same incidents); openIncident / resolveIncident are what alerting calls for a check's triggerIncident.
 */
import { narrowDeps, uses, type DepsOf } from '../resource-deps.js'
import { dashboardIncidentOps, dashboardIncidentOpsUses, type DashboardIncidentOps } from './dashboard-incidents.js'
import { incidentOps, incidentOpsUses, type IncidentOps } from './status-page-incidents.js'
import { incidentUpdateOps, incidentUpdateOpsUses, type IncidentUpdateOps } from './status-page-incident-updates.js'
import { pageOps, pageOpsUses, type PageOps } from './status-page-pages.js'
import { serviceOps, serviceOpsUses, type ServiceOps } from './status-page-services.js'
import { subscriptionOps, subscriptionOpsUses, type SubscriptionOps } from './status-page-subscriptions.js'

export type { Paging, PageOf } from './status-page-common.js'
export type { OpenIncidentInput } from './status-page-incidents.js'
export type { BulkResult } from './status-page-subscriptions.js'

export interface StatusPageService extends PageOps, ServiceOps, IncidentOps, IncidentUpdateOps, SubscriptionOps, DashboardIncidentOps {}

/** What the status page service uses: the wiring hands it these stores and shared things and no others. */
export const statusPageServiceUses = uses(
  ['statusPages', 'statusPageServices', 'statusPageIncidents', 'statusPageIncidentUpdates', 'statusPageSubscriptions', 'statusPageEmails', 'checks', 'checkGroups', 'dashboards'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type StatusPageServiceDeps = DepsOf<typeof statusPageServiceUses>

export function statusPageService(deps: StatusPageServiceDeps): StatusPageService {
  return {
    ...pageOps(narrowDeps(deps, pageOpsUses)),
    ...serviceOps(narrowDeps(deps, serviceOpsUses)),
    ...incidentOps(narrowDeps(deps, incidentOpsUses)),
    ...incidentUpdateOps(narrowDeps(deps, incidentUpdateOpsUses)),
    ...subscriptionOps(narrowDeps(deps, subscriptionOpsUses)),
    ...dashboardIncidentOps(narrowDeps(deps, dashboardIncidentOpsUses)),
  }
}
