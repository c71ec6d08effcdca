/** Status page services: the things incidents affect and page cards show. */
import { ConflictError, NotFoundError } from '../../domain/errors.js'
import type { ServiceBody, ServiceView } from '../../domain/status-pages/service-ref.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import type { CursorPage, CursorQuery } from '../../domain/status-pages/cursor-page.js'
import { findOr404, listByCursor } from './status-page-common.js'
import { presentService } from './status-page-views.js'

export interface ServiceOps {
  createService(accountId: string, body: ServiceBody): Promise<ServiceView>
  getService(accountId: string, id: string): Promise<ServiceView>
  /** Oldest first. */
  listServices(accountId: string, q: CursorQuery): Promise<CursorPage<ServiceView>>
  updateService(accountId: string, id: string, body: ServiceBody): Promise<ServiceView>
  /** 409 while a page card, an open incident, a check or a group uses the service. */
  /**
   * Deletes a service that no page, check or group uses. An open incident naming it blocks the delete too, unless
   * `withOpenIncidents` (a project removing its own service: the check that opened the incident goes with it, so
   * the incident keeps the service under its latest name, as resolved ones do).
   */
  removeService(accountId: string, id: string, options?: { withOpenIncidents?: boolean }): Promise<void>
}

const WHAT = 'Status page service'

/** The service a stored triggerIncident names, if it is an object with one. */
const triggeredService = (trigger: unknown): unknown => (trigger !== null && typeof trigger === 'object' && 'serviceId' in trigger ? trigger.serviceId : undefined)

/** Who uses a service; resolved incidents do not block (they keep the service's name). */
async function usersOf(s: Pick<Stores, 'statusPages' | 'statusPageIncidents' | 'checks' | 'checkGroups'>, accountId: string, serviceId: string) {
  const pages = (await s.statusPages.list(accountId)).items.filter((p) => p.doc.cards.some((c) => c.serviceIds.includes(serviceId)))
  const incidents = (await s.statusPageIncidents.list(accountId)).items.filter((i) => i.doc.services.some((x) => x.id === serviceId))
  // A check's or group's triggerIncident, when it has one, names the service it opens incidents on.
  const triggers = (doc: object) => triggeredService('triggerIncident' in doc ? doc.triggerIncident : undefined) === serviceId
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
  return { blocking: Object.fromEntries(Object.entries(blocking).filter(([, ids]) => ids.length > 0)), resolved, open }
}

/** What the status page services part uses: the wiring hands it these stores and shared things and no others. */
export const serviceOpsUses = uses(['statusPageServices', 'statusPages', 'statusPageIncidents', 'checks', 'checkGroups'], ['clock', 'transact'])
export type ServiceOpsDeps = DepsOf<typeof serviceOpsUses>

export function serviceOps(deps: ServiceOpsDeps): ServiceOps {
  const { stores, clock, transact } = deps
  return {
    async createService(accountId, body) {
      return presentService(await stores.statusPageServices.insert(accountId, { name: body.name }, clock.now()))
    },
    async getService(accountId, id) {
      return presentService(await findOr404(stores.statusPageServices, accountId, id, WHAT))
    },
    async listServices(accountId, q) {
      const { entries, nextId } = await listByCursor(stores.statusPageServices, accountId, 'oldest-first', q)
      return { entries: entries.map(presentService), nextId }
    },
    async updateService(accountId, id, body) {
      const record = await findOr404(stores.statusPageServices, accountId, id, WHAT)
      const updated = await stores.statusPageServices.update(accountId, record.id, { ...record.doc, name: body.name }, clock.now())
      if (!updated) throw new NotFoundError(WHAT, id)
      return presentService(updated)
    },
    async removeService(accountId, id, options = {}) {
      const record = await findOr404(stores.statusPageServices, accountId, id, WHAT)
      await transact(async (s) => {
        const users = await usersOf(s, accountId, record.id)
        const { incidents: _open, ...others } = users.blocking
        const blocking = options.withOpenIncidents ? others : users.blocking
        const kept = options.withOpenIncidents ? [...users.resolved, ...users.open] : users.resolved
        if (Object.keys(blocking).length > 0) {
          const list = Object.entries(blocking)
            .map(([kind, ids]) => `${kind} ${ids.join(', ')}`)
            .join('; ')
          throw new ConflictError(`Status page service ${record.id} is in use by ${list}`, blocking)
        }
        // Resolved incidents (and, for a project's own service, open ones) keep showing it under its latest name.
        const at = clock.now()
        for (const incident of kept) {
          const services = incident.doc.services.map((x) => (x.id === record.id ? { id: x.id, name: record.doc.name, createdAt: record.createdAt } : x))
          await s.statusPageIncidents.update(accountId, incident.id, { ...incident.doc, services }, at)
        }
        await s.statusPageServices.delete(accountId, record.id)
      })
    },
  }
}
