/**
 * The dashboard incident routes (/v1/incidents): the same incident records as the status page incident routes,
 * read and written in the dashboard shape. An incident opened here names no services, so it concerns the whole
 * account: every status page and every dashboard showing incidents shows it.
 */
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import { dashboardStatusOf, givenMoment, impactOf, severityOfImpact, storedStatus } from '../../domain/status-pages/dashboard-incident-rules.js'
import type {
  DashboardIncidentChangeBody,
  DashboardIncidentChangedView,
  DashboardIncidentCreateBody,
  DashboardIncidentUpdateChangeBody,
  DashboardIncidentUpdateCreateBody,
  DashboardIncidentUpdateView,
  DashboardIncidentView,
} from '../../domain/status-pages/dashboard-incident-schemas.js'
import { newUpdateDoc, summarize } from '../../domain/status-pages/incident-rules.js'
import type { IncidentDoc } from '../../domain/status-pages/incident-schemas.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import { narrowDeps, uses, type DepsOf } from '../resource-deps.js'
import { findOr404 } from './status-page-common.js'
import { createUpdate, incidentUpdateOps, incidentUpdateOpsUses } from './status-page-incident-updates.js'
import { orderedUpdates } from './status-page-incident-state.js'
import type { IncidentRecord, IncidentUpdateRecord } from './status-page-views.js'

/** Bodies have matched their schemas (the routes validate them). */
export interface DashboardIncidentOps {
  createDashboardIncident(accountId: string, body: DashboardIncidentCreateBody): Promise<DashboardIncidentView>
  /** With every update (newest first), or only the latest. */
  getDashboardIncident(accountId: string, id: string, allUpdates: boolean): Promise<DashboardIncidentView>
  updateDashboardIncident(accountId: string, id: string, body: DashboardIncidentChangeBody): Promise<DashboardIncidentChangedView>
  removeDashboardIncident(accountId: string, id: string): Promise<void>
  createDashboardIncidentUpdate(accountId: string, incidentId: string, body: DashboardIncidentUpdateCreateBody): Promise<DashboardIncidentUpdateView>
  updateDashboardIncidentUpdate(accountId: string, incidentId: string, updateId: string, body: DashboardIncidentUpdateChangeBody): Promise<DashboardIncidentUpdateView>
  /** 409 for the incident's only update (delete the incident instead). */
  removeDashboardIncidentUpdate(accountId: string, incidentId: string, updateId: string): Promise<void>
}

const WHAT = 'Incident'

export const presentDashboardUpdate = (r: IncidentUpdateRecord): DashboardIncidentUpdateView => ({
  id: r.id,
  incidentId: r.doc.incidentId,
  status: dashboardStatusOf(r.doc),
  description: r.doc.description,
  created_at: toIso(r.createdAt),
  updated_at: toIsoOrNull(r.updatedAt),
})

/** The incident in the dashboard shape; its dates, when not given, are those of its first and resolving updates. */
function presentChanged(r: IncidentRecord, ordered: readonly IncidentUpdateRecord[]): DashboardIncidentChangedView {
  const summary = summarize(ordered.map((u) => u.doc))
  return {
    id: r.id,
    name: r.doc.name,
    impact: impactOf(r.doc),
    startedAt: toIsoOrNull(r.doc.startedAt ?? ordered[0]?.doc.publicIncidentUpdateDate ?? null),
    stoppedAt: toIsoOrNull(r.doc.stoppedAt ?? summary.resolvedAt),
    dashboardId: r.doc.dashboardId ?? 0,
    created_at: toIso(r.createdAt),
    updated_at: toIso(r.updatedAt ?? r.createdAt),
  }
}

/** What the dashboard incidents part uses: the wiring hands it these stores and shared things and no others. */
export const dashboardIncidentOpsUses = uses(
  ['dashboards', 'statusPageIncidents', 'statusPageIncidentUpdates', 'statusPages', 'statusPageSubscriptions', 'statusPageEmails'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type DashboardIncidentOpsDeps = DepsOf<typeof dashboardIncidentOpsUses>

export function dashboardIncidentOps(deps: DashboardIncidentOpsDeps): DashboardIncidentOps {
  const { stores, clock, transact } = deps
  const updates = incidentUpdateOps(narrowDeps(deps, incidentUpdateOpsUses))
  const incidentOf = (accountId: string, id: string) => findOr404(stores.statusPageIncidents, accountId, id, WHAT)

  async function view(accountId: string, record: IncidentRecord, allUpdates: boolean): Promise<DashboardIncidentView> {
    const ordered = await orderedUpdates(stores, accountId, record.id)
    const newestFirst = [...ordered].reverse()
    return { ...presentChanged(record, ordered), incidentUpdates: (allUpdates ? newestFirst : newestFirst.slice(0, 1)).map(presentDashboardUpdate) }
  }

  /** The stored update of a dashboard update id, with the dashboard view of it. */
  async function updateView(accountId: string, incidentId: string, updateId: string): Promise<DashboardIncidentUpdateView> {
    const record = await findOr404(stores.statusPageIncidentUpdates, accountId, updateId, 'Incident update')
    if (record.doc.incidentId !== incidentId) throw new NotFoundError('Incident update', updateId)
    return presentDashboardUpdate(record)
  }

  return {
    async createDashboardIncident(accountId, body) {
      if (!(await stores.dashboards.get(accountId, body.dashboardId))) throw new NotFoundError('Dashboard', String(body.dashboardId))
      const [opening] = body.incidentUpdates
      if (!opening) throw new ValidationError({ incidentUpdates: 'must have one update' })
      const now = clock.now()
      const { status, maintenance } = storedStatus(opening.status)
      const firstUpdate = { ...newUpdateDoc('', { description: opening.description, status }, now, 1), ...(maintenance ? { maintenance } : {}) }
      const doc: IncidentDoc = {
        name: body.name,
        severity: severityOfImpact(body.impact),
        services: [],
        lastUpdateStatus: status,
        impact: body.impact,
        dashboardId: body.dashboardId,
        startedAt: givenMoment(body.startedAt, null),
        stoppedAt: givenMoment(body.stoppedAt, null),
      }
      const record = await transact(async (s) => {
        const incident = await s.statusPageIncidents.insert(accountId, doc, now)
        await s.statusPageIncidentUpdates.insert(accountId, { ...firstUpdate, incidentId: incident.id }, now)
        return incident
      })
      return view(accountId, record, true)
    },
    async getDashboardIncident(accountId, id, allUpdates) {
      return view(accountId, await incidentOf(accountId, id), allUpdates)
    },
    async updateDashboardIncident(accountId, id, body) {
      const record = await incidentOf(accountId, id)
      const doc: IncidentDoc = {
        ...record.doc,
        name: body.name,
        impact: body.impact,
        severity: severityOfImpact(body.impact),
        startedAt: givenMoment(body.startedAt, record.doc.startedAt),
        stoppedAt: givenMoment(body.stoppedAt, record.doc.stoppedAt),
      }
      const updated = await stores.statusPageIncidents.update(accountId, record.id, doc, clock.now())
      if (!updated) throw new NotFoundError(WHAT, id)
      return presentChanged(updated, await orderedUpdates(stores, accountId, record.id))
    },
    async removeDashboardIncident(accountId, id) {
      const record = await incidentOf(accountId, id)
      await stores.statusPageIncidents.delete(accountId, record.id)
    },
    async createDashboardIncidentUpdate(accountId, incidentId, body) {
      const incident = await incidentOf(accountId, incidentId)
      const { status, maintenance } = storedStatus(body.status)
      const record = await createUpdate(deps, accountId, incident, { description: body.description, status }, undefined, maintenance ? { maintenance } : {})
      return presentDashboardUpdate(record)
    },
    async updateDashboardIncidentUpdate(accountId, incidentId, updateId, body) {
      const incident = await incidentOf(accountId, incidentId)
      await updates.updateIncidentUpdate(accountId, incident.id, updateId, { description: body.description })
      return updateView(accountId, incident.id, updateId.toLowerCase())
    },
    async removeDashboardIncidentUpdate(accountId, incidentId, updateId) {
      await updates.removeIncidentUpdate(accountId, incidentId, updateId)
    },
  }
}
