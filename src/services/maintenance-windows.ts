/** Maintenance windows: account-scoped CRUD (PUT is partial). */
import { toIso, toIsoOrNull } from '../lib/clock.js'
import { BodyProblems } from '../domain/body-problems.js'
import { NotFoundError, type FieldErrors } from '../domain/errors.js'
import {
  buildMaintenanceWindowDoc,
  type MaintenanceWindowCreateBody,
  type MaintenanceWindowDoc,
  type MaintenanceWindowUpdateBody,
  type MaintenanceWindowView,
} from '../domain/maintenance.js'
import type { DocRecord } from '../store/doc-table.js'
import { serialId } from './alert-channels/alert-channels.js'
import { uses, type DepsOf } from './resource-deps.js'
import { dropUnbegunOccurrences } from './maintenances/maintenance-occurrences.js'
import { HIDDEN } from '../domain/maintenance-visibility.js'
import { occurrencesToKeep } from '../domain/maintenances.js'
import { queueMaintenanceEmails, type MaintenanceMailStores } from './status-pages/maintenance-mail-queue.js'

export type { MaintenanceWindowView }

/** create and update take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface MaintenanceWindowService {
  create(accountId: string, body: MaintenanceWindowCreateBody, schemaErrors?: FieldErrors): Promise<MaintenanceWindowView>
  get(accountId: string, id: string): Promise<MaintenanceWindowView>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: MaintenanceWindowView[]; total: number }>
  update(accountId: string, id: string, body: MaintenanceWindowUpdateBody, schemaErrors?: FieldErrors): Promise<MaintenanceWindowView>
  remove(accountId: string, id: string): Promise<void>
  /** Every window of the account, as stored (for alerting, with isInMaintenance / activeWindowsFor). */
  listAll(accountId: string): Promise<Array<MaintenanceWindowDoc & { id: number }>>
}

export function presentMaintenanceWindow(record: DocRecord<number, MaintenanceWindowDoc>): MaintenanceWindowView {
  const d = record.doc
  return {
    id: record.id,
    name: d.name,
    tags: d.tags,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    repeatInterval: d.repeatInterval,
    repeatUnit: d.repeatUnit,
    repeatEndsAt: d.repeatEndsAt,
    description: d.description ?? null,
    timezone: d.timezone ?? null,
    statusPageVisibility: d.statusPageVisibility ?? HIDDEN,
    created_at: toIso(record.createdAt),
    updated_at: toIsoOrNull(record.updatedAt),
  }
}

/** What the maintenance window service uses: the wiring hands it these stores and shared things and no others. */
export const maintenanceWindowServiceUses = uses(
  ['maintenanceWindows', 'maintenances', 'statusPages', 'statusPageSubscriptions', 'statusPageEmails'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type MaintenanceWindowServiceDeps = DepsOf<typeof maintenanceWindowServiceUses>

export function maintenanceWindowService(deps: MaintenanceWindowServiceDeps): MaintenanceWindowService {
  const { stores, clock, transact } = deps
  const notFound = (id: string) => new NotFoundError('Maintenance window', id)

  /** Tells the subscribers of the window's status pages of its next (or current) occurrence, if it has one. */
  async function announce(s: MaintenanceMailStores, accountId: string, doc: MaintenanceWindowDoc, event: 'scheduled' | 'rescheduled', now: number) {
    const next = occurrencesToKeep(doc, now, 1).find((o) => o.end > now)
    if (!next) return
    await queueMaintenanceEmails(
      s,
      deps.publicBaseUrl,
      accountId,
      doc,
      { event, status: next.start > now ? 'SCHEDULED' : 'IN_PROGRESS', description: null, startsAt: next.start, endsAt: next.end },
      now,
    )
  }

  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const doc = problems.valid(problems.check(() => buildMaintenanceWindowDoc(body)))
      return transact(async (s) => {
        const record = await s.maintenanceWindows.insert(accountId, doc, clock.now())
        await announce(s, accountId, doc, 'scheduled', clock.now())
        return presentMaintenanceWindow(record)
      })
    },

    async get(accountId, id) {
      const n = serialId(id)
      const record = n === null ? undefined : await stores.maintenanceWindows.get(accountId, n)
      if (!record) throw notFound(id)
      return presentMaintenanceWindow(record)
    },

    async list(accountId, q) {
      const { items, total } = await stores.maintenanceWindows.list(accountId, { limit: q.limit, offset: (q.page - 1) * q.limit })
      return { items: items.map(presentMaintenanceWindow), total }
    },

    async update(accountId, id, body, schemaErrors) {
      const n = serialId(id)
      if (n === null) throw notFound(id)
      return transact(async (s) => {
        const existing = await s.maintenanceWindows.get(accountId, n)
        if (!existing) throw notFound(id)
        const problems = new BodyProblems(schemaErrors)
        const doc = problems.valid(problems.check(() => buildMaintenanceWindowDoc(body, existing.doc)))
        const updated = await s.maintenanceWindows.update(accountId, n, doc, clock.now())
        if (!updated) throw notFound(id)
        const schedule = (d: typeof doc) => [d.startsAt, d.endsAt, d.repeatInterval, d.repeatUnit, d.repeatEndsAt, d.timezone ?? null].join()
        const moved = schedule(doc) !== schedule(existing.doc)
        if (moved) await dropUnbegunOccurrences(s, accountId, n, clock.now())
        // Subscribers hear of a window newly shown on their page, and of a shown one whose schedule changed.
        const pages = (d: typeof doc) => (d.statusPageVisibility?.enabled ? d.statusPageVisibility.statusPageIds : [])
        const newlyShown = pages(doc).some((p) => !pages(existing.doc).includes(p))
        if (newlyShown || (moved && pages(doc).length > 0)) await announce(s, accountId, doc, newlyShown && !moved ? 'scheduled' : 'rescheduled', clock.now())
        return presentMaintenanceWindow(updated)
      })
    },

    async remove(accountId, id) {
      const n = serialId(id)
      if (n === null || !(await stores.maintenanceWindows.delete(accountId, n))) throw notFound(id)
    },

    async listAll(accountId) {
      const { items } = await stores.maintenanceWindows.list(accountId)
      return items.map((r) => ({ ...r.doc, id: r.id }))
    },
  }
}
