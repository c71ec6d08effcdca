/**
 * Status pages, services, incidents and subscriptions. The service is the union of the parts in
 * status-page-*.ts; openIncident / resolveIncident are what alerting calls for a check's triggerIncident.
 */
import type { ResourceDeps } from '../resource-deps.js'
import { incidentOps, type IncidentOps } from './status-page-incidents.js'
import { incidentUpdateOps, type IncidentUpdateOps } from './status-page-incident-updates.js'
import { pageOps, type PageOps } from './status-page-pages.js'
import { serviceOps, type ServiceOps } from './status-page-services.js'
import { subscriptionOps, type SubscriptionOps } from './status-page-subscriptions.js'

export type { Paging, PageOf } from './status-page-common.js'
export type { OpenIncidentInput } from './status-page-incidents.js'
export type { BulkResult } from './status-page-subscriptions.js'

export interface StatusPageService extends PageOps, ServiceOps, IncidentOps, IncidentUpdateOps, SubscriptionOps {}

export function statusPageService(deps: ResourceDeps): StatusPageService {
  return {
    ...pageOps(deps),
    ...serviceOps(deps),
    ...incidentOps(deps),
    ...incidentUpdateOps(deps),
    ...subscriptionOps(deps),
  }
}
