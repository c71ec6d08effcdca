/**
 * The maintenances kept for a window's schedule, and the windows as alerting reads them: each with the overrides of
 * its occurrences changed by hand, so that an occurrence ended, cancelled or deleted stops silencing.
 */
import { ConflictError } from '../../domain/errors.js'
import type { MaintenanceOverride, MaintenanceWindowDoc } from '../../domain/maintenance.js'
import { occurrencesToKeep, overrideOf, type MaintenanceDoc } from '../../domain/maintenances.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { Stores } from '../stores.js'

/** Past occurrences kept per window: the newest ones (one page of the largest size the list allows). */
export const MAX_KEPT = 50

type WindowRecord = DocRecord<number, MaintenanceWindowDoc>

/** Stores, as a maintenance for each occurrence to keep, those not stored yet. */
export async function keepOccurrences(s: Pick<Stores, 'maintenances'>, accountId: string, window: WindowRecord, now: number): Promise<void> {
  const { items } = await s.maintenances.list(accountId, { where: { window_id: window.id } })
  const kept = new Set(items.map((r) => Date.parse(r.doc.occurrenceStart)))
  for (const o of occurrencesToKeep(window.doc, now, MAX_KEPT)) {
    if (kept.has(o.start)) continue
    const start = new Date(o.start).toISOString()
    const doc: MaintenanceDoc = {
      maintenanceWindowId: window.id,
      occurrenceStart: start,
      startsAt: start,
      endsAt: new Date(o.end).toISOString(),
      status: null,
      deleted: false,
      overrides: false,
      updates: [],
    }
    try {
      await s.maintenances.insert(accountId, doc, now)
    } catch (err) {
      // Another request kept the same occurrence first: that one stands.
      if (!(err instanceof ConflictError)) throw err
    }
  }
}

/**
 * After a window's schedule changed: its maintenances not begun and not changed by hand stood for occurrences of the
 * old schedule, so they go (the next list keeps the new schedule's). Begun or changed ones stay as they are.
 */
export async function dropUnbegunOccurrences(s: Pick<Stores, 'maintenances'>, accountId: string, windowId: number, now: number): Promise<void> {
  const { items } = await s.maintenances.list(accountId, { where: { window_id: windowId, overrides: 0 } })
  for (const r of items) if (Date.parse(r.doc.startsAt) > now) await s.maintenances.delete(accountId, r.id)
}

/** A window as alerting reads it. */
export type SilencingWindow = MaintenanceWindowDoc & { overrides?: MaintenanceOverride[] }

/** The account's windows as alerting reads them: each stored document with the overrides of its occurrences. */
export async function windowsWithOverrides(s: Pick<Stores, 'maintenanceWindows' | 'maintenances'>, accountId: string): Promise<SilencingWindow[]> {
  const windows = await s.maintenanceWindows.list(accountId)
  const changed = await s.maintenances.list(accountId, { where: { overrides: 1 } })
  return windows.items.map((w) => {
    const overrides = changed.items.filter((m) => m.doc.maintenanceWindowId === w.id).map((m) => overrideOf(m.doc))
    return overrides.length > 0 ? { ...w.doc, overrides } : w.doc
  })
}
