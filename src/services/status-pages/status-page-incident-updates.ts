/** Incident updates: each post, change or delete keeps the incident's lastUpdateStatus in step. */
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import { changedUpdateDoc, newUpdateDoc, nextPosition, parseUpdateDate, type IncidentUpdateDoc } from '../../domain/status-pages/incident-rules.js'
import type { IncidentUpdateChangeBody, IncidentUpdateCreateBody, IncidentUpdateView } from '../../domain/status-pages/incident-schemas.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { findOr404, type PageOf, type Paging } from './status-page-common.js'
import { orderedUpdates, refreshIncident } from './status-page-incident-state.js'
import { presentIncidentUpdate, type IncidentRecord, type IncidentUpdateRecord } from './status-page-views.js'
import { queueIncidentEmails } from './subscriber-mail-queue.js'

/** Posting and changing an update take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface IncidentUpdateOps {
  /** Oldest first. */
  listIncidentUpdates(accountId: string, incidentId: string, paging: Paging): Promise<PageOf<IncidentUpdateView>>
  createIncidentUpdate(accountId: string, incidentId: string, body: IncidentUpdateCreateBody, schemaErrors?: FieldErrors): Promise<IncidentUpdateView>
  getIncidentUpdate(accountId: string, incidentId: string, updateId: string): Promise<IncidentUpdateView>
  updateIncidentUpdate(accountId: string, incidentId: string, updateId: string, body: IncidentUpdateChangeBody, schemaErrors?: FieldErrors): Promise<IncidentUpdateView>
  /** 409 for the incident's only update (delete the incident instead). */
  removeIncidentUpdate(accountId: string, incidentId: string, updateId: string): Promise<void>
}

/** The public date of an update in epoch ms; a 400 naming `field` when it is not acceptable. */
export function dateOrThrow(value: unknown, now: number, field = 'publicIncidentUpdateDate'): number {
  const date = parseUpdateDate(value, now)
  if ('error' in date) throw new ValidationError({ [field]: date.error })
  return date.ms
}

/** Posts an update to an incident of the account (also used by resolveIncident and the dashboard incident routes, which mark maintenance). */
export async function createUpdate(
  deps: IncidentUpdateOpsDeps,
  accountId: string,
  incident: IncidentRecord,
  body: IncidentUpdateCreateBody,
  schemaErrors?: FieldErrors,
  marks: Pick<IncidentUpdateDoc, 'maintenance'> = {},
): Promise<IncidentUpdateRecord> {
  const now = deps.clock.now()
  const problems = new BodyProblems(schemaErrors)
  const publicDate = problems.valid(problems.check(() => dateOrThrow(body.publicIncidentUpdateDate, now)))
  return deps.transact(async (s) => {
    const position = nextPosition(await orderedUpdates(s, accountId, incident.id))
    const doc: IncidentUpdateDoc = { ...newUpdateDoc(incident.id, body, publicDate, position), ...marks }
    const record = await s.statusPageIncidentUpdates.insert(accountId, doc, now)
    await refreshIncident(s, accountId, incident.id, now)
    await queueIncidentEmails(s, deps.publicBaseUrl, accountId, incident.doc, doc, false, now)
    return record
  })
}

/** What the incident updates part (and createUpdate) uses: the wiring hands it these stores and shared things and no others. */
export const incidentUpdateOpsUses = uses(
  ['statusPageIncidents', 'statusPageIncidentUpdates', 'statusPages', 'statusPageSubscriptions', 'statusPageEmails'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type IncidentUpdateOpsDeps = DepsOf<typeof incidentUpdateOpsUses>

export function incidentUpdateOps(deps: IncidentUpdateOpsDeps): IncidentUpdateOps {
  const { stores, clock, transact } = deps
  const incidentOf = (accountId: string, id: string) => findOr404(stores.statusPageIncidents, accountId, id, 'Incident')

  async function updateOf(accountId: string, incidentId: string, updateId: string) {
    const incident = await incidentOf(accountId, incidentId)
    const update = await findOr404(stores.statusPageIncidentUpdates, accountId, updateId, 'Incident update')
    if (update.doc.incidentId !== incident.id) throw new NotFoundError('Incident update', updateId)
    return { incident, update }
  }

  return {
    async listIncidentUpdates(accountId, incidentId, paging) {
      const incident = await incidentOf(accountId, incidentId)
      const all = await orderedUpdates(stores, accountId, incident.id)
      const start = (paging.page - 1) * paging.limit
      return { items: all.slice(start, start + paging.limit).map(presentIncidentUpdate), total: all.length }
    },
    async createIncidentUpdate(accountId, incidentId, body, schemaErrors) {
      const incident = await incidentOf(accountId, incidentId)
      return presentIncidentUpdate(await createUpdate(deps, accountId, incident, body, schemaErrors))
    },
    async getIncidentUpdate(accountId, incidentId, updateId) {
      return presentIncidentUpdate((await updateOf(accountId, incidentId, updateId)).update)
    },
    async updateIncidentUpdate(accountId, incidentId, updateId, body, schemaErrors) {
      const { incident, update } = await updateOf(accountId, incidentId, updateId)
      const now = clock.now()
      const problems = new BodyProblems(schemaErrors)
      const publicDate = body.publicIncidentUpdateDate === undefined ? undefined : problems.check(() => dateOrThrow(body.publicIncidentUpdateDate, now))
      problems.throwIfAny()
      const doc = changedUpdateDoc(update.doc, body, publicDate)
      const record = await transact(async (s) => {
        const changed = await s.statusPageIncidentUpdates.update(accountId, update.id, doc, now)
        await refreshIncident(s, accountId, incident.id, now)
        return changed
      })
      if (!record) throw new NotFoundError('Incident update', updateId)
      return presentIncidentUpdate(record)
    },
    async removeIncidentUpdate(accountId, incidentId, updateId) {
      const { incident, update } = await updateOf(accountId, incidentId, updateId)
      await transact(async (s) => {
        const { total } = await s.statusPageIncidentUpdates.list(accountId, { where: { incident_id: incident.id }, limit: 0 })
        if (total <= 1) throw new ConflictError('An incident keeps at least one update; delete the incident instead', { incidentUpdateId: 'is the only update' })
        await s.statusPageIncidentUpdates.delete(accountId, update.id)
        await refreshIncident(s, accountId, incident.id, clock.now())
      })
    },
  }
}
