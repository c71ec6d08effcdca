/**
 * What the public subscriber links do (no API key: the token is the credential): confirm a subscription, show and
 * perform an unsubscribe. Plus the delivery pass of the subscriber e-mail outbox, for the periodic work.
 */
import { isTokenShape } from '../../domain/status-pages/subscriber-links.js'
import { newId } from '../../lib/ids.js'
import type { SubscriptionDoc } from '../../domain/status-pages/subscription-schemas.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { subscriberDelivery, type SubscriberDeliveryReport } from './subscriber-delivery.js'
import type { SubscriptionRecord } from './status-page-views.js'

export interface SubscriberLinkService {
  /** Marks the subscriber VERIFIED; null when the token is unknown, used, or of another page. */
  verify(statusPageId: string, token: string): Promise<{ pageName: string } | null>
  /** Who the unsubscribe link is for; null when unknown. */
  unsubscribeTarget(statusPageId: string, token: string): Promise<{ pageName: string; address: string } | null>
  /** Removes the subscriber; null when there was none (already unsubscribed): idempotent. */
  unsubscribe(statusPageId: string, token: string): Promise<{ pageName: string } | null>
  /** One delivery pass of the status page e-mail outbox. */
  deliverDue(): Promise<SubscriberDeliveryReport>
}

/** What the subscriber link service uses: the wiring hands it these stores and shared things and no others. */
export const subscriberLinkServiceUses = uses(['statusPageSubscriptions', 'statusPages', 'statusPageEmails'], ['clock', 'delivery'])
export type SubscriberLinkServiceDeps = DepsOf<typeof subscriberLinkServiceUses>

export function subscriberLinkService(deps: SubscriberLinkServiceDeps): SubscriberLinkService {
  const { stores, clock } = deps
  const delivery = subscriberDelivery({ stores, clock, smtp: deps.delivery.smtp, instanceId: newId() })

  async function find(column: 'verification_token' | 'unsubscribe_token', statusPageId: string, token: string) {
    if (!isTokenShape(token)) return null
    const sub = await stores.statusPageSubscriptions.findByColumn(column, token)
    if (!sub || sub.doc.statusPageId !== statusPageId.toLowerCase()) return null
    const page = await stores.statusPages.get(sub.accountId, sub.doc.statusPageId)
    return page ? { sub, pageName: page.doc.name } : null
  }

  const verifyDoc = (sub: SubscriptionRecord): SubscriptionDoc => ({
    ...sub.doc,
    status: 'VERIFIED',
    verificationToken: null,
    verifiedAt: new Date(clock.now()).toISOString(),
  })

  return {
    async verify(statusPageId, token) {
      const found = await find('verification_token', statusPageId, token)
      if (!found) return null
      const updated = await stores.statusPageSubscriptions.update(found.sub.accountId, found.sub.id, verifyDoc(found.sub), clock.now())
      return updated ? { pageName: found.pageName } : null
    },
    async unsubscribeTarget(statusPageId, token) {
      const found = await find('unsubscribe_token', statusPageId, token)
      return found ? { pageName: found.pageName, address: found.sub.doc.address } : null
    },
    async unsubscribe(statusPageId, token) {
      const found = await find('unsubscribe_token', statusPageId, token)
      if (!found) return null
      await stores.statusPageSubscriptions.delete(found.sub.accountId, found.sub.id)
      return { pageName: found.pageName }
    },
    deliverDue: () => delivery.deliverDue(),
  }
}
