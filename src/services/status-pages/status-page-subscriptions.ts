/**
 * E-mail subscribers of a status page. Subscribers start PENDING with a verification token for the
 * public confirmation link, and an unsubscribe token for the links in every e-mail; bulk imports may be VERIFIED at
 * once (autoVerify). A PENDING subscriber gets a verification e-mail through the outbox (status-pages/), at most one
 * per address and page in 10 minutes: a repeated subscribe is still 409, and re-sends the e-mail only after that.
 */
import { randomBytes } from 'node:crypto'
import { BodyProblems } from '../../domain/body-problems.js'
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import type { SubscriptionStatus } from '../../domain/status-pages/enums.js'
import {
  addressKey,
  isEmailAddress,
  planBulk,
  type BulkSubscriptionBody,
  type SubscriptionCreateBody,
  type SubscriptionDoc,
  type SubscriptionView,
} from '../../domain/status-pages/subscription-schemas.js'
import { newSubscriberToken } from '../../domain/status-pages/subscriber-links.js'
import { queueVerification } from './subscriber-mail-queue.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { findOr404, offsetOf, type PageOf, type Paging } from './status-page-common.js'
import { presentSubscription } from './status-page-views.js'

export interface BulkResult {
  created: number
  skipped: number
  status: SubscriptionStatus
}

export interface SubscriptionOps {
  listSubscriptions(accountId: string, statusPageId: string, paging: Paging): Promise<PageOf<SubscriptionView>>
  /**
   * One PENDING subscriber; 409 when the address is already subscribed. Takes the reasons the body failed its schema
   * for, if it did: one 400 names every problem.
   */
  subscribe(accountId: string, statusPageId: string, body: SubscriptionCreateBody, schemaErrors?: FieldErrors): Promise<SubscriptionView>
  bulkSubscribe(accountId: string, statusPageId: string, body: BulkSubscriptionBody): Promise<BulkResult>
  unsubscribe(accountId: string, statusPageId: string, subscriptionId: string): Promise<void>
}

const subscriptionDoc = (statusPageId: string, address: string, status: SubscriptionStatus): SubscriptionDoc => ({
  statusPageId,
  type: 'EMAIL',
  address,
  status,
  verificationToken: status === 'PENDING' ? randomBytes(24).toString('base64url') : null,
  unsubscribeToken: newSubscriberToken(),
})

const subscribed = async (s: Pick<Stores, 'statusPageSubscriptions'>, accountId: string, statusPageId: string, address: string) =>
  (await s.statusPageSubscriptions.list(accountId, { where: { status_page_id: statusPageId, address: addressKey(address) }, limit: 1 })).items[0]
const isSubscribed = async (s: Pick<Stores, 'statusPageSubscriptions'>, accountId: string, statusPageId: string, address: string) =>
  (await subscribed(s, accountId, statusPageId, address)) !== undefined

/** What the subscriptions part uses: the wiring hands it these stores and shared things and no others. */
export const subscriptionOpsUses = uses(['statusPages', 'statusPageSubscriptions', 'statusPageEmails'], ['clock', 'publicBaseUrl', 'transact'])
export type SubscriptionOpsDeps = DepsOf<typeof subscriptionOpsUses>

export function subscriptionOps(deps: SubscriptionOpsDeps): SubscriptionOps {
  const { stores, clock, transact } = deps
  const pageOf = (accountId: string, id: string) => findOr404(stores.statusPages, accountId, id, 'Status page')

  return {
    async listSubscriptions(accountId, statusPageId, paging) {
      const page = await pageOf(accountId, statusPageId)
      const { items, total } = await stores.statusPageSubscriptions.list(accountId, { where: { status_page_id: page.id }, ...offsetOf(paging) })
      return { items: items.map(presentSubscription), total }
    },
    async subscribe(accountId, statusPageId, body, schemaErrors) {
      const page = await pageOf(accountId, statusPageId)
      const problems = new BodyProblems(schemaErrors)
      const address = problems.valid(
        problems.check(() => {
          // The body may have failed its schema here (the address missing or not text): read as text.
          const address = String(body.address).trim()
          if (!isEmailAddress(address)) throw new ValidationError({ address: 'must be an e-mail address' })
          return address
        }),
      )
      const existing = await subscribed(stores, accountId, page.id, address)
      if (existing) {
        await queueVerification(stores, deps.publicBaseUrl, existing, page.doc.name, clock.now())
        throw new ConflictError(`${address} is already subscribed to this status page`, { address: 'is already subscribed' })
      }
      return presentSubscription(
        await transact(async (s) => {
          const record = await s.statusPageSubscriptions.insert(accountId, subscriptionDoc(page.id, address, 'PENDING'), clock.now())
          await queueVerification(s, deps.publicBaseUrl, record, page.doc.name, clock.now())
          return record
        }),
      )
    },
    async bulkSubscribe(accountId, statusPageId, body) {
      const page = await pageOf(accountId, statusPageId)
      const status: SubscriptionStatus = body.autoVerify === true ? 'VERIFIED' : 'PENDING'
      const addresses = body.subscriptions.map((s) => s.config)
      return transact(async (s) => {
        const existing = new Set<string>()
        for (const address of addresses) {
          if (isEmailAddress(address.trim()) && (await isSubscribed(s, accountId, page.id, address.trim()))) existing.add(addressKey(address))
        }
        const plan = planBulk(addresses, existing)
        const now = clock.now()
        for (const address of plan.create) {
          const record = await s.statusPageSubscriptions.insert(accountId, subscriptionDoc(page.id, address, status), now)
          await queueVerification(s, deps.publicBaseUrl, record, page.doc.name, now)
        }
        return { created: plan.create.length, skipped: plan.skipped, status }
      })
    },
    async unsubscribe(accountId, statusPageId, subscriptionId) {
      const page = await pageOf(accountId, statusPageId)
      const subscription = await findOr404(stores.statusPageSubscriptions, accountId, subscriptionId, 'Subscription')
      if (subscription.doc.statusPageId !== page.id) throw new NotFoundError('Subscription', subscriptionId)
      await stores.statusPageSubscriptions.delete(accountId, subscription.id)
    },
  }
}
