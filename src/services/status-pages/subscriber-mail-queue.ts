/**
 * Queues subscriber e-mails in the status_page_emails outbox, inside the caller's transaction: nothing is sent
 * here (see subscriber-delivery.ts). Messages are rendered when queued, each with its subscriber's unsubscribe link.
 */
import type { IncidentDoc, IncidentUpdateDoc } from '../../domain/status-pages/incident-schemas.js'
import { addressKey } from '../../domain/status-pages/subscription-schemas.js'
import { incidentEmail, verificationEmail, type SubscriberEmail } from '../../domain/status-pages/subscriber-emails.js'
import { subscriberLink, verificationDue } from '../../domain/status-pages/subscriber-links.js'
import { newId } from '../../lib/ids.js'
import type { StatusPageEmailKind, StatusPageEmailRow } from '../../store/status-page-emails.js'
import type { Stores } from '../stores.js'
import type { PageRecord, SubscriptionRecord } from './status-page-views.js'

type Sub = SubscriptionRecord

const row = (sub: Sub, kind: StatusPageEmailKind, message: SubscriberEmail, now: number): StatusPageEmailRow => ({
  id: newId(),
  account_id: sub.accountId,
  status_page_id: sub.doc.statusPageId,
  subscription_id: sub.id,
  address: addressKey(sub.doc.address),
  kind,
  status: 'PENDING',
  attempts: 0,
  next_attempt_at: now,
  leased_by: null,
  lease_until: null,
  last_error: null,
  message: JSON.stringify(message),
  created_at: now,
  sent_at: null,
})

export const unsubscribeUrl = (base: string, sub: Sub): string => subscriberLink(base, sub.doc.statusPageId, 'unsubscribe', sub.doc.unsubscribeToken)

/**
 * Queues the verification e-mail of a PENDING subscriber unless one went to this address of this page less than
 * VERIFICATION_THROTTLE_MS ago. Returns whether one was queued.
 */
export async function queueVerification(s: Pick<Stores, 'statusPageEmails'>, base: string, sub: Sub, pageName: string, now: number): Promise<boolean> {
  if (sub.doc.status !== 'PENDING' || typeof sub.doc.verificationToken !== 'string') return false
  const last = await s.statusPageEmails.lastVerificationAt(sub.doc.statusPageId, addressKey(sub.doc.address))
  if (!verificationDue(last, now)) return false
  const verifyUrl = subscriberLink(base, sub.doc.statusPageId, 'verify', sub.doc.verificationToken)
  await s.statusPageEmails.insertMany([row(sub, 'VERIFY', verificationEmail({ pageName, verifyUrl, unsubscribeUrl: unsubscribeUrl(base, sub) }), now)])
  return true
}

/**
 * Status pages of the account that show any of these services (on one of their cards); all of them for an
 * incident naming no service, which every page shows.
 */
async function pagesShowing(s: Pick<Stores, 'statusPages'>, accountId: string, serviceIds: ReadonlySet<string>): Promise<PageRecord[]> {
  const { items } = await s.statusPages.list(accountId)
  if (serviceIds.size === 0) return items
  return items.filter((p) => p.doc.cards.some((c) => c.serviceIds.some((id) => serviceIds.has(id))))
}

/**
 * Queues one e-mail per VERIFIED subscriber of every page that shows the incident, when the update asked for
 * subscribers to be notified (notifySubscribers). Returns how many were queued.
 */
export async function queueIncidentEmails(
  s: Pick<Stores, 'statusPages' | 'statusPageSubscriptions' | 'statusPageEmails'>,
  base: string,
  accountId: string,
  incident: IncidentDoc,
  update: IncidentUpdateDoc,
  opening: boolean,
  now: number,
): Promise<number> {
  if (!update.notifySubscribers) return 0
  const pages = await pagesShowing(s, accountId, new Set(incident.services.map((r) => r.id)))
  return queueToSubscribers(s, accountId, pages, 'INCIDENT', now, (page, sub) =>
    incidentEmail({
      pageName: page.doc.name,
      incidentName: incident.name,
      status: update.status,
      description: update.description,
      at: update.publicIncidentUpdateDate,
      opening,
      unsubscribeUrl: unsubscribeUrl(base, sub),
    }),
  )
}

/**
 * Queues one e-mail per VERIFIED subscriber of each of these pages, each rendered for its page and subscriber (its
 * own unsubscribe link). Returns how many were queued.
 */
export async function queueToSubscribers(
  s: Pick<Stores, 'statusPageSubscriptions' | 'statusPageEmails'>,
  accountId: string,
  pages: PageRecord[],
  kind: StatusPageEmailKind,
  now: number,
  render: (page: PageRecord, sub: Sub) => SubscriberEmail,
): Promise<number> {
  const rows: StatusPageEmailRow[] = []
  for (const page of pages) {
    const { items } = await s.statusPageSubscriptions.list(accountId, { where: { status_page_id: page.id } })
    for (const sub of items.filter((x) => x.doc.status === 'VERIFIED')) rows.push(row(sub, kind, render(page, sub), now))
  }
  await s.statusPageEmails.insertMany(rows)
  return rows.length
}
