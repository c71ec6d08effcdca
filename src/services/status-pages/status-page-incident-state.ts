/** Reading an incident with its updates, and keeping its stored lastUpdateStatus in step with them. */
import { orderUpdates, summarize } from '../../domain/status-pages/incident-rules.js'
import type { IncidentView } from '../../domain/status-pages/incident-schemas.js'
import type { Stores } from '../stores.js'
import { loadServices } from './status-page-common.js'
import { presentIncident, type IncidentRecord, type IncidentUpdateRecord, type ServiceMap } from './status-page-views.js'

/** The incident's updates, oldest first by public date, then posting order. */
export async function orderedUpdates(stores: Pick<Stores, 'statusPageIncidentUpdates'>, accountId: string, incidentId: string): Promise<IncidentUpdateRecord[]> {
  const { items } = await stores.statusPageIncidentUpdates.list(accountId, { where: { incident_id: incidentId } })
  return orderUpdates(items)
}

export async function incidentView(
  stores: Pick<Stores, 'statusPageIncidentUpdates' | 'statusPageServices'>,
  accountId: string,
  record: IncidentRecord,
  services?: ServiceMap,
): Promise<IncidentView> {
  const updates = await orderedUpdates(stores, accountId, record.id)
  const map = services ?? (await loadServices(stores, accountId))
  return presentIncident(record, map, updates, summarize(updates.map((u) => u.doc)))
}

/** After an update was posted, changed or deleted: store the incident's new lastUpdateStatus (and touch it). */
export async function refreshIncident(stores: Pick<Stores, 'statusPageIncidents' | 'statusPageIncidentUpdates'>, accountId: string, incidentId: string, at: number): Promise<void> {
  const incident = await stores.statusPageIncidents.get(accountId, incidentId)
  if (!incident) return
  const updates = await orderedUpdates(stores, accountId, incidentId)
  const { lastUpdateStatus } = summarize(updates.map((u) => u.doc))
  await stores.statusPageIncidents.update(accountId, incidentId, { ...incident.doc, lastUpdateStatus }, at)
}
