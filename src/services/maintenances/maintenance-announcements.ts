/**
 * The clock's part of telling status-page subscribers about maintenances: reminders before a start
 * (reminderMinutesBefore), and the start and end of maintenances that follow their schedule (autoStart, autoEnd,
 * notifyOnStart, notifyOnEnd). A periodic pass looks at the windows shown on status pages that ask for any of
 * these; each maintenance records what its subscribers were told (`notices`), so each notice goes once. A start or
 * end found more than LATE_MS after it happened (the service was down) is not announced late.
 */
import type { StatusPageVisibility } from '../../domain/maintenance-visibility.js'
import { statusAt, type MaintenanceDoc } from '../../domain/maintenances.js'
import type { MaintenanceEvent } from '../../domain/status-pages/maintenance-email.js'
import type { Stores } from '../stores.js'
import { queueMaintenanceEmails } from '../status-pages/maintenance-mail-queue.js'
import { keepOccurrences } from './maintenance-occurrences.js'

export const LATE_MS = 3_600_000

/** The notices due for a maintenance at `now` (pure): their keys, and the one e-mail to send for them. */
export function dueNotices(doc: MaintenanceDoc, v: StatusPageVisibility, now: number): { keys: string[]; event: MaintenanceEvent } | null {
  if (!v.enabled || v.statusPageIds.length === 0 || doc.deleted || doc.status === 'CANCELLED') return null
  const told = new Set(doc.notices ?? [])
  const start = Date.parse(doc.startsAt)
  const end = Date.parse(doc.endsAt)
  // Set by hand, a status was announced when it was set (maintenances.ts); the clock announces only its own.
  const byClock = doc.status === null
  const status = statusAt(doc, now)
  if (byClock && v.autoEnd && v.notifyOnEnd && status === 'COMPLETED' && now < end + LATE_MS && !told.has('ended')) return { keys: ['ended'], event: 'ended' }
  if (byClock && v.autoStart && v.notifyOnStart && status === 'IN_PROGRESS' && now < start + LATE_MS && !told.has('started')) return { keys: ['started'], event: 'started' }
  // Reminders passed since the last look: one e-mail for all of them.
  const reminders = v.reminderMinutesBefore
    .map((m) => `reminder-${m}`)
    .filter((key, i) => now < start && now >= start - (v.reminderMinutesBefore[i] ?? 0) * 60_000 && !told.has(key))
  return reminders.length > 0 ? { keys: reminders, event: 'reminder' } : null
}

const asks = (v: StatusPageVisibility | undefined): v is StatusPageVisibility =>
  v !== undefined && v.enabled && v.statusPageIds.length > 0 && (v.notifyOnStart || v.notifyOnEnd || v.reminderMinutesBefore.length > 0)

type AnnounceStores = Pick<Stores, 'maintenanceWindows' | 'maintenances' | 'statusPages' | 'statusPageSubscriptions' | 'statusPageEmails'>

/** One pass over the windows that ask for notices; returns how many maintenances told their subscribers something. */
export async function announceDue(
  deps: { stores: AnnounceStores; transact: <T>(work: (s: AnnounceStores) => Promise<T>) => Promise<T>; publicBaseUrl: string },
  now: number,
): Promise<number> {
  let told = 0
  for (const w of await deps.stores.maintenanceWindows.listAcrossAccounts()) {
    const v = w.doc.statusPageVisibility
    if (!asks(v)) continue
    await keepOccurrences(deps.stores, w.accountId, w, now)
    const { items } = await deps.stores.maintenances.list(w.accountId, { where: { window_id: w.id } })
    for (const m of items) {
      if (!dueNotices(m.doc, v, now)) continue
      told += await deps.transact(async (s) => {
        // The notice is recorded first, and only if no other pass (of this or another instance) recorded one since
        // this pass read the maintenance: the e-mails are queued in the same transaction, so each goes once.
        let due: ReturnType<typeof dueNotices> = null
        const recorded = await s.maintenances.change(
          m.accountId,
          m.id,
          (doc) => {
            due = dueNotices(doc, v, now)
            return due ? { ...doc, notices: [...(doc.notices ?? []), ...due.keys] } : undefined
          },
          now,
        )
        const told = due as ReturnType<typeof dueNotices>
        if (!recorded || !told) return 0
        const doc = recorded.doc
        const notice = { event: told.event, status: statusAt(doc, now), description: null, startsAt: Date.parse(doc.startsAt), endsAt: Date.parse(doc.endsAt) }
        await queueMaintenanceEmails(s, deps.publicBaseUrl, m.accountId, w.doc, notice, now)
        return 1
      })
    }
  }
  return told
}
