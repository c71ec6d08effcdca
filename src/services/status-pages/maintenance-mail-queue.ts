/**
 * Queues the e-mails about a maintenance to the VERIFIED subscribers of the status pages that show its window
 * (statusPageVisibility: enabled, linked pages), in the caller's transaction, through the same outbox and delivery
 * as incident e-mails (subscriber-mail-queue.ts, subscriber-delivery.ts). A hidden window notifies nobody.
 */
import { maintenanceEmail, type MaintenanceEvent } from '../../domain/status-pages/maintenance-email.js'
import { visiblePageIds } from '../../domain/maintenance-visibility.js'
import type { MaintenanceWindowDoc } from '../../domain/maintenance.js'
import type { Stores } from '../stores.js'
import { queueToSubscribers, unsubscribeUrl } from './subscriber-mail-queue.js'

export interface MaintenanceNotice {
  event: MaintenanceEvent
  status: string
  /** The update's text; the window's description when null. */
  description: string | null
  startsAt: number
  endsAt: number
}

export type MaintenanceMailStores = Pick<Stores, 'statusPages' | 'statusPageSubscriptions' | 'statusPageEmails'>

/** Returns how many e-mails were queued. */
export async function queueMaintenanceEmails(
  s: MaintenanceMailStores,
  base: string,
  accountId: string,
  window: Pick<MaintenanceWindowDoc, 'name' | 'description' | 'timezone' | 'statusPageVisibility'>,
  notice: MaintenanceNotice,
  now: number,
): Promise<number> {
  const pages = []
  for (const pageId of visiblePageIds(window.statusPageVisibility)) {
    const page = await s.statusPages.get(accountId, pageId)
    if (page) pages.push(page)
  }
  return queueToSubscribers(s, accountId, pages, 'MAINTENANCE', now, (page, sub) =>
    maintenanceEmail({
      pageName: page.doc.name,
      maintenanceName: window.name,
      event: notice.event,
      status: notice.status,
      description: notice.description ?? window.description ?? null,
      startsAt: notice.startsAt,
      endsAt: notice.endsAt,
      timezone: window.timezone ?? null,
      unsubscribeUrl: unsubscribeUrl(base, sub),
    }),
  )
}
