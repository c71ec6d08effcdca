/**
 * Maintenances: the occurrences of an account's maintenance windows, their dates, status and status updates. The
 * occurrences a window's schedule has begun (the latest MAX_KEPT) and its next one are kept as maintenances when
 * listed; a maintenance changed here overrides its scheduled occurrence in alerting (ended or cancelled: it stops
 * silencing at once).
 */
import { toIso } from '../../lib/clock.js'
import { newId } from '../../lib/ids.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import { parseInstant } from '../../domain/maintenance.js'
import {
  statusAt,
  withStatus,
  type MaintenanceDoc,
  type MaintenancePatchBody,
  type MaintenanceUpdateBody,
  type MaintenanceUpdateDoc,
  type MaintenanceUpdateEditBody,
  type MaintenanceUpdateView,
  type MaintenanceView,
} from '../../domain/maintenances.js'
import type { DocRecord } from '../../store/doc-table.js'
import { serialId } from '../alert-channels/alert-channels.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { keepOccurrences } from './maintenance-occurrences.js'
import { maintenanceNotice } from './maintenance-notice.js'
import { announceDue } from './maintenance-announcements.js'
import { queueMaintenanceEmails } from '../status-pages/maintenance-mail-queue.js'

export interface MaintenanceService {
  list(accountId: string, windowId: string, page: { limit: number; page: number }): Promise<{ items: MaintenanceView[]; total: number }>
  get(accountId: string, windowId: string, id: string): Promise<MaintenanceView>
  patch(accountId: string, windowId: string, id: string, body: MaintenancePatchBody): Promise<MaintenanceView>
  remove(accountId: string, windowId: string, id: string): Promise<void>
  addUpdate(accountId: string, windowId: string, id: string, body: MaintenanceUpdateBody): Promise<MaintenanceUpdateView>
  editUpdate(accountId: string, windowId: string, id: string, updateId: string, body: MaintenanceUpdateEditBody): Promise<MaintenanceUpdateView>
  removeUpdate(accountId: string, windowId: string, id: string, updateId: string): Promise<void>
  /** Periodic: reminders, and starts and ends by the clock, e-mailed to status-page subscribers; returns how many. */
  announceDue(): Promise<number>
}

type Record_ = DocRecord<string, MaintenanceDoc>

const presentUpdate = (windowId: number, maintenanceId: string, u: MaintenanceUpdateDoc): MaintenanceUpdateView => ({
  id: u.id,
  maintenanceWindowId: windowId,
  maintenanceId,
  status: u.status,
  description: u.description,
  notifySubscribers: u.notifySubscribers,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
  previousStatus: u.previousStatus,
  previousStartsAt: u.previousStartsAt,
  previousEndsAt: u.previousEndsAt,
  dateAdjustments: u.dateAdjustments,
})

export function presentMaintenance(record: Record_, now: number): MaintenanceView {
  const d = record.doc
  return {
    id: record.id,
    maintenanceWindowId: d.maintenanceWindowId,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    status: statusAt(d, now),
    created_at: toIso(record.createdAt),
    updated_at: toIso(record.updatedAt ?? record.createdAt),
    updates: d.updates.map((u) => presentUpdate(d.maintenanceWindowId, record.id, u)),
  }
}

export const maintenanceServiceUses = uses(
  ['maintenanceWindows', 'maintenances', 'statusPages', 'statusPageSubscriptions', 'statusPageEmails'],
  ['clock', 'publicBaseUrl', 'transact'],
)
export type MaintenanceServiceDeps = DepsOf<typeof maintenanceServiceUses>

export function maintenanceService(deps: MaintenanceServiceDeps): MaintenanceService {
  const { stores, clock, transact } = deps
  const windowNotFound = (id: string) => new NotFoundError('Maintenance window', id)
  const notFound = (id: string) => new NotFoundError('Maintenance', id)

  /** The window (its id as a number) or a 404. */
  async function windowOf(s: typeof stores, accountId: string, windowId: string) {
    const n = serialId(windowId)
    const window = n === null ? undefined : await s.maintenanceWindows.get(accountId, n)
    if (!window) throw windowNotFound(windowId)
    return window
  }

  /** A shown maintenance of the window, or a 404. */
  async function maintenanceOf(s: typeof stores, accountId: string, windowId: string, id: string): Promise<Record_> {
    const window = await windowOf(s, accountId, windowId)
    const record = id.length <= 100 ? await s.maintenances.get(accountId, id) : undefined
    if (!record || record.doc.maintenanceWindowId !== window.id || record.doc.deleted) throw notFound(id)
    return record
  }

  /** Reads and changes one maintenance in a transaction, so that concurrent updates are not lost. */
  const change = <T>(accountId: string, windowId: string, id: string, work: (record: Record_, s: typeof stores) => Promise<T>) =>
    transact(async (s) => work(await maintenanceOf(s, accountId, windowId, id), s))

  /**
   * Saves the changed maintenance and queues, in the same transaction, what its change tells the subscribers of its
   * window's status pages (maintenance-notice.ts).
   */
  const save = async (s: typeof stores, record: Record_, doc: MaintenanceDoc, update?: { description: string; notifySubscribers: boolean }) => {
    const window = await s.maintenanceWindows.get(record.accountId, doc.maintenanceWindowId)
    const notice = window ? maintenanceNotice(record.doc, doc, window.doc.statusPageVisibility, clock.now(), update) : null
    // A start or end told now is not told again by the clock (maintenance-announcements.ts).
    const told = notice?.event === 'started' ? 'started' : notice?.event === 'ended' || notice?.event === 'cancelled' ? 'ended' : null
    const saved = await s.maintenances.update(record.accountId, record.id, told ? { ...doc, notices: [...(doc.notices ?? []), told] } : doc, clock.now())
    if (!saved) throw notFound(record.id)
    if (window && notice) await queueMaintenanceEmails(s, deps.publicBaseUrl, record.accountId, window.doc, notice, clock.now())
    return saved
  }

  const updateOf = (record: Record_, updateId: string) => {
    const found = record.doc.updates.find((u) => u.id === updateId)
    if (!found) throw new NotFoundError('Maintenance update', updateId)
    return found
  }

  return {
    async list(accountId, windowId, q) {
      const window = await windowOf(stores, accountId, windowId)
      const now = clock.now()
      await keepOccurrences(stores, accountId, window, now)
      const { items } = await stores.maintenances.list(accountId, { where: { window_id: window.id } })
      const shown = items.filter((r) => !r.doc.deleted).sort((a, b) => Date.parse(a.doc.startsAt) - Date.parse(b.doc.startsAt))
      const offset = (q.page - 1) * q.limit
      return { items: shown.slice(offset, offset + q.limit).map((r) => presentMaintenance(r, now)), total: shown.length }
    },

    async get(accountId, windowId, id) {
      return presentMaintenance(await maintenanceOf(stores, accountId, windowId, id), clock.now())
    },

    patch(accountId, windowId, id, body) {
      return change(accountId, windowId, id, async (record, s) => {
        const now = clock.now()
        const problems: FieldErrors = {}
        const instant = (key: 'startsAt' | 'endsAt') => {
          const raw = body[key]
          if (raw === undefined) return Date.parse(record.doc[key])
          const ms = parseInstant(raw)
          if (ms === null) problems[key] = 'must be an ISO 8601 date-time or date'
          return ms ?? 0
        }
        const startsAt = instant('startsAt')
        const endsAt = instant('endsAt')
        if (!problems.startsAt && !problems.endsAt && endsAt <= startsAt) problems.endsAt = 'must be after startsAt'
        if (Object.keys(problems).length > 0) throw new ValidationError(problems)
        let doc: MaintenanceDoc = { ...record.doc, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString(), overrides: true }
        if (body.status !== undefined) doc = withStatus(doc, body.status, now)
        return presentMaintenance(await save(s, record, doc), now)
      })
    },

    async remove(accountId, windowId, id) {
      // Kept as deleted, so that the schedule does not bring the occurrence back and it silences nothing.
      await change(accountId, windowId, id, (record, s) => save(s, record, { ...record.doc, deleted: true, overrides: true }))
    },

    addUpdate(accountId, windowId, id, body) {
      return change(accountId, windowId, id, async (record, s) => {
        const now = clock.now()
        const before = record.doc
        const after = withStatus(before, body.status, now)
        const moved = after.startsAt !== before.startsAt || after.endsAt !== before.endsAt
        const update: MaintenanceUpdateDoc = {
          id: newId(),
          status: body.status,
          description: body.description,
          notifySubscribers: body.notifySubscribers ?? false,
          previousStatus: statusAt(before, now),
          previousStartsAt: before.startsAt,
          previousEndsAt: before.endsAt,
          dateAdjustments: moved ? { startsAt: after.startsAt, endsAt: after.endsAt } : null,
          createdAt: toIso(now),
          updatedAt: null,
        }
        await save(s, record, { ...after, updates: [...before.updates, update] }, { description: body.description, notifySubscribers: update.notifySubscribers })
        return presentUpdate(before.maintenanceWindowId, record.id, update)
      })
    },

    editUpdate(accountId, windowId, id, updateId, body) {
      return change(accountId, windowId, id, async (record, s) => {
        const now = clock.now()
        const existing = updateOf(record, updateId)
        const edited: MaintenanceUpdateDoc = { ...existing, description: body.description, status: body.status ?? existing.status, updatedAt: toIso(now) }
        const updates = record.doc.updates.map((u) => (u.id === updateId ? edited : u))
        // A new status on the latest update is the maintenance's status now; older updates are history only.
        const latest = updates[updates.length - 1]?.id === updateId
        const doc = latest && body.status !== undefined && body.status !== existing.status ? withStatus(record.doc, body.status, now) : record.doc
        await save(s, record, { ...doc, updates })
        return presentUpdate(record.doc.maintenanceWindowId, record.id, edited)
      })
    },

    announceDue: () => announceDue({ stores, transact, publicBaseUrl: deps.publicBaseUrl }, clock.now()),

    async removeUpdate(accountId, windowId, id, updateId) {
      await change(accountId, windowId, id, async (record, s) => {
        updateOf(record, updateId)
        await save(s, record, { ...record.doc, updates: record.doc.updates.filter((u) => u.id !== updateId) })
      })
    },
  }
}
