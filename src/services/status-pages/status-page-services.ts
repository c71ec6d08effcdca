/** Status page services: the things incidents affect and page cards show. */
import { ConflictError, NotFoundError } from '../../domain/errors.js'
import type { IncidentDoc } from '../../domain/status-pages/incident-rules.js'
import type { PageDoc } from '../../domain/status-pages/page-rules.js'
import type { Doc } from '../../store/doc-table.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { findOr404, offsetOf, type PageOf, type Paging } from './status-page-common.js'
import { presentService, type View } from './status-page-views.js'

export interface ServiceOps {
  createService(accountId: string, body: Doc): Promise<View>
  getService(accountId: string, id: string): Promise<View>
  listServices(accountId: string, paging: Paging): Promise<PageOf<View>>
  updateService(accountId: string, id: string, body: Doc): Promise<View>
  /** 409 while a page card, an open incident, a check or a group uses the service. */
  removeService(accountId: string, id: string): Promise<void>
}

const WHAT = 'Status page service'

/** Who uses a service; resolved incidents do not block (they keep the service's name). */
async function usersOf(s: Pick<Stores, 'statusPages' | 'statusPageIncidents' | 'checks' | 'checkGroups'>, accountId: string, serviceId: string) {
  const pages = (await s.statusPages.list(accountId)).items.filter((p) => (p.doc as unknown as PageDoc).cards.some((c) => c.serviceIds.includes(serviceId)))
  const incidents = (await s.statusPageIncidents.list(accountId)).items.filter((i) => (i.doc as unknown as IncidentDoc).services.some((x) => x.id === serviceId))
  const triggers = (doc: Doc) => (doc.triggerIncident as Doc | null | undefined)?.serviceId === serviceId
  const checks = (await s.checks.listAll(accountId)).filter((c) => triggers(c.doc))
  const groups = (await s.checkGroups.list(accountId)).items.filter((g) => triggers(g.doc))
  const open = incidents.filter((i) => i.doc.lastUpdateStatus !== 'RESOLVED')
  const resolved = incidents.filter((i) => i.doc.lastUpdateStatus === 'RESOLVED')
  const blocking: Record<string, Array<string | number>> = {
    statusPages: pages.map((p) => p.id),
    incidents: open.map((i) => i.id),
    checks: checks.map((c) => c.id),
    checkGroups: groups.map((g) => g.id),
  }
  return { blocking: Object.fromEntries(Object.entries(blocking).filter(([, ids]) => ids.length > 0)), resolved }
}

/** What the status page services part uses: the wiring hands it these stores and shared things and no others. */
export const serviceOpsUses = uses(['statusPageServices', 'statusPages', 'statusPageIncidents', 'checks', 'checkGroups'], ['clock', 'transact'])
export type ServiceOpsDeps = DepsOf<typeof serviceOpsUses>

export function serviceOps(deps: ServiceOpsDeps): ServiceOps {
  const { stores, clock, transact } = deps
  return {
    async createService(accountId, body) {
      return presentService(await stores.statusPageServices.insert(accountId, { name: String(body.name) }, clock.now()))
    },
    async getService(accountId, id) {
      return presentService(await findOr404(stores.statusPageServices, accountId, id, WHAT))
    },
    async listServices(accountId, paging) {
      const { items, total } = await stores.statusPageServices.list(accountId, offsetOf(paging))
      return { items: items.map(presentService), total }
    },
    async updateService(accountId, id, body) {
      const record = await findOr404(stores.statusPageServices, accountId, id, WHAT)
      const updated = await stores.statusPageServices.update(accountId, record.id, { ...record.doc, name: String(body.name) }, clock.now())
      if (!updated) throw new NotFoundError(WHAT, id)
      return presentService(updated)
    },
    async removeService(accountId, id) {
      const record = await findOr404(stores.statusPageServices, accountId, id, WHAT)
      await transact(async (s) => {
        const { blocking, resolved } = await usersOf(s, accountId, record.id)
        if (Object.keys(blocking).length > 0) {
          const list = Object.entries(blocking)
            .map(([kind, ids]) => `${kind} ${ids.join(', ')}`)
            .join('; ')
          throw new ConflictError(`Status page service ${record.id} is in use by ${list}`, blocking)
        }
        // Resolved incidents keep showing the service under its latest name.
        const at = clock.now()
        for (const incident of resolved) {
          const doc = incident.doc as unknown as IncidentDoc
          const services = doc.services.map((x) => (x.id === record.id ? { id: x.id, name: String(record.doc.name) } : x))
          await s.statusPageIncidents.update(accountId, incident.id, { ...incident.doc, services }, at)
        }
        await s.statusPageServices.delete(accountId, record.id)
      })
    },
  }
}
