/** Incidents on status page services: CRUD, plus openIncident / resolveIncident for alerting (triggerIncident). */
import { BodyProblems } from '../../domain/body-problems.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import type { CursorPage, CursorQuery } from '../../domain/status-pages/cursor-page.js'
import type { IncidentSeverity } from '../../domain/status-pages/enums.js'
import { newUpdateDoc } from '../../domain/status-pages/incident-rules.js'
import type { IncidentChangeBody, IncidentCreateBody, IncidentDoc, IncidentView } from '../../domain/status-pages/incident-schemas.js'
import { serviceRefFields, uniqueServiceIds, type ServiceRef } from '../../domain/status-pages/service-ref.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { findOr404, listByCursor, loadServices, requireOwnServices } from './status-page-common.js'
import { createUpdate, dateOrThrow } from './status-page-incident-updates.js'
import { incidentView, orderedUpdates } from './status-page-incident-state.js'
import type { ServiceMap } from './status-page-views.js'
import { queueIncidentEmails } from './subscriber-mail-queue.js'

/** What a check's triggerIncident opens. */
export interface OpenIncidentInput {
  serviceId: string
  name: string
  severity: IncidentSeverity
  description: string
  notifySubscribers: boolean
}

/** createIncident and updateIncident take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface IncidentOps {
  createIncident(accountId: string, body: IncidentCreateBody, schemaErrors?: FieldErrors): Promise<IncidentView>
  getIncident(accountId: string, id: string): Promise<IncidentView>
  /** Newest first. */
  listIncidents(accountId: string, q: CursorQuery): Promise<CursorPage<IncidentView>>
  updateIncident(accountId: string, id: string, body: IncidentChangeBody, schemaErrors?: FieldErrors): Promise<IncidentView>
  /** Deletes the incident and (by cascade) its updates. */
  removeIncident(accountId: string, id: string): Promise<void>
  /** Opens an incident on one service with a first INVESTIGATING update. */
  openIncident(accountId: string, input: OpenIncidentInput): Promise<IncidentView>
  /** Posts a RESOLVED update (subscribers notified if the opening update asked for it); no-op when already resolved. */
  resolveIncident(accountId: string, incidentId: string, description: string): Promise<IncidentView>
}

const WHAT = 'Incident'

/** The stored service list: ids with their current names. */
const serviceRefs = (refs: readonly ServiceRef[], services: ServiceMap) => uniqueServiceIds(refs).map((id) => ({ id, name: services.get(id)?.doc.name ?? '' }))

/** The public date a body gives its first update, read where the body may have failed its schema. */
const openingDate = (updates: unknown): unknown => {
  const given: unknown = Array.isArray(updates) ? updates[0] : undefined
  return given !== null && typeof given === 'object' && 'publicIncidentUpdateDate' in given ? given.publicIncidentUpdateDate : undefined
}

/** What the incidents part uses: the wiring hands it these stores and shared things and no others. */
export const incidentOpsUses = uses(
  ['statusPageIncidents', 'statusPageIncidentUpdates', 'statusPageServices', 'statusPages', 'statusPageSubscriptions', 'statusPageEmails'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type IncidentOpsDeps = DepsOf<typeof incidentOpsUses>

export function incidentOps(deps: IncidentOpsDeps): IncidentOps {
  const { stores, clock, transact } = deps

  const ops: IncidentOps = {
    async createIncident(accountId, body, schemaErrors) {
      const services = await loadServices(stores, accountId)
      const problems = new BodyProblems(schemaErrors)
      problems.check(() => requireOwnServices(services, serviceRefFields(body.services, 'services')))
      const now = clock.now()
      const publicDate = problems.valid(problems.check(() => dateOrThrow(openingDate(body.incidentUpdates), now, 'incidentUpdates[0].publicIncidentUpdateDate')))
      // From here the body has matched its schema, which asks for exactly one update.
      const [opening] = body.incidentUpdates
      if (!opening) throw new ValidationError({ incidentUpdates: 'must have one update' })
      const firstUpdate = newUpdateDoc('', opening, publicDate, 1)
      const doc: IncidentDoc = {
        name: body.name,
        severity: body.severity,
        services: serviceRefs(body.services, services),
        lastUpdateStatus: firstUpdate.status,
      }
      const record = await transact(async (s) => {
        const incident = await s.statusPageIncidents.insert(accountId, doc, now)
        await s.statusPageIncidentUpdates.insert(accountId, { ...firstUpdate, incidentId: incident.id }, now)
        await queueIncidentEmails(s, deps.publicBaseUrl, accountId, doc, firstUpdate, true, now)
        return incident
      })
      return incidentView(stores, accountId, record, services)
    },
    async getIncident(accountId, id) {
      return incidentView(stores, accountId, await findOr404(stores.statusPageIncidents, accountId, id, WHAT))
    },
    async listIncidents(accountId, q) {
      const { entries, nextId } = await listByCursor(stores.statusPageIncidents, accountId, 'newest-first', q)
      const services = await loadServices(stores, accountId)
      return { entries: await Promise.all(entries.map((r) => incidentView(stores, accountId, r, services))), nextId }
    },
    async updateIncident(accountId, id, body, schemaErrors) {
      const record = await findOr404(stores.statusPageIncidents, accountId, id, WHAT)
      const services = await loadServices(stores, accountId)
      const problems = new BodyProblems(schemaErrors)
      problems.check(() => requireOwnServices(services, serviceRefFields(body.services, 'services')))
      problems.throwIfAny()
      const doc: IncidentDoc = { ...record.doc }
      if (body.name !== undefined) doc.name = body.name
      if (body.severity !== undefined) doc.severity = body.severity
      if (body.services !== undefined) doc.services = serviceRefs(body.services, services)
      const updated = await stores.statusPageIncidents.update(accountId, record.id, doc, clock.now())
      if (!updated) throw new NotFoundError(WHAT, id)
      return incidentView(stores, accountId, updated, services)
    },
    async removeIncident(accountId, id) {
      const record = await findOr404(stores.statusPageIncidents, accountId, id, WHAT)
      await stores.statusPageIncidents.delete(accountId, record.id)
    },
    openIncident(accountId, input) {
      return ops.createIncident(accountId, {
        name: input.name,
        severity: input.severity,
        services: [input.serviceId],
        incidentUpdates: [{ description: input.description, status: 'INVESTIGATING', notifySubscribers: input.notifySubscribers }],
      })
    },
    async resolveIncident(accountId, incidentId, description) {
      const record = await findOr404(stores.statusPageIncidents, accountId, incidentId, WHAT)
      if (record.doc.lastUpdateStatus !== 'RESOLVED') {
        const opening = (await orderedUpdates(stores, accountId, record.id))[0]
        await createUpdate(deps, accountId, record, { description, status: 'RESOLVED', notifySubscribers: opening?.doc.notifySubscribers === true })
      }
      return ops.getIncident(accountId, record.id)
    },
  }
  return ops
}
