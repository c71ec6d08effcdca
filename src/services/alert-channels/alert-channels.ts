/** Alert channels and their subscriptions: account-scoped CRUD and PUT /v1/alert-channels/{id}/subscriptions. */
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import { buildAlertChannelDoc, publicConfig, subscriptionTarget } from '../../domain/alert-channels/build-doc.js'
import type { AlertChannelCreateBody, AlertChannelUpdateBody, AlertChannelView, SubscriptionBody, SubscriptionView } from '../../domain/alert-channels/schemas.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { AlertChannelDoc } from '../../domain/alert-channels/schemas.js'
import type { Subscription } from '../../store/alerting/alert-subscriptions.js'
import { uses, type DepsOf } from '../resource-deps.js'

export type { AlertChannelView, SubscriptionView }

/** create, update and subscribe take the reasons the body failed its schema for, if it did: one 400 names every problem. */
export interface AlertChannelService {
  create(accountId: string, body: AlertChannelCreateBody, schemaErrors?: FieldErrors): Promise<AlertChannelView>
  get(accountId: string, id: string): Promise<AlertChannelView>
  list(accountId: string, page: { limit: number; page: number }): Promise<{ items: AlertChannelView[]; total: number }>
  update(accountId: string, id: string, body: AlertChannelUpdateBody, schemaErrors?: FieldErrors): Promise<AlertChannelView>
  remove(accountId: string, id: string): Promise<void>
  /** Subscribes (or unsubscribes with activated:false) one check or group to the channel. */
  subscribe(accountId: string, id: string, body: SubscriptionBody, schemaErrors?: FieldErrors): Promise<SubscriptionView>
}

/** Path ids are serial integers (PostgreSQL `serial` is 32-bit); anything else names no channel. */
const MAX_SERIAL = 2147483647
export function serialId(raw: string | number): number | null {
  const text = String(raw)
  if (!/^[1-9]\d{0,9}$/.test(text)) return null
  const n = Number(text)
  return n <= MAX_SERIAL ? n : null
}

const subscriptionView = (s: Subscription): SubscriptionView => ({ checkId: s.checkId, groupId: s.groupId, activated: s.activated })

export function presentAlertChannel(record: DocRecord<number, AlertChannelDoc>, subscriptions: Subscription[]): AlertChannelView {
  const d = record.doc
  return {
    id: record.id,
    type: d.type,
    config: publicConfig(d),
    sendRecovery: d.sendRecovery,
    sendFailure: d.sendFailure,
    sendDegraded: d.sendDegraded,
    sslExpiry: d.sslExpiry,
    sslExpiryThreshold: d.sslExpiryThreshold,
    autoSubscribe: d.autoSubscribe,
    subscriptions: subscriptions.map(subscriptionView),
    created_at: toIso(record.createdAt),
    updated_at: toIsoOrNull(record.updatedAt),
  }
}

/** What the alert channel service uses: the wiring hands it these stores and shared things and no others. */
export const alertChannelServiceUses = uses(['alertChannels', 'alertSubscriptions', 'checks', 'checkGroups'], ['clock', 'transact'])
export type AlertChannelServiceDeps = DepsOf<typeof alertChannelServiceUses>

export function alertChannelService(deps: AlertChannelServiceDeps): AlertChannelService {
  const { stores, clock, transact } = deps

  const view = async (s: AlertChannelServiceDeps['stores'], accountId: string, record: DocRecord<number, AlertChannelDoc>) =>
    presentAlertChannel(record, await s.alertSubscriptions.listForChannel(accountId, record.id))

  async function load(s: AlertChannelServiceDeps['stores'], accountId: string, rawId: string): Promise<DocRecord<number, AlertChannelDoc>> {
    const id = serialId(rawId)
    const record = id === null ? undefined : await s.alertChannels.get(accountId, id)
    if (!record) throw new NotFoundError('Alert channel', rawId)
    return record
  }

  /** The check or group must be the account's own: a 400 naming the field otherwise, like every body reference. */
  async function ensureTarget(s: AlertChannelServiceDeps['stores'], accountId: string, target: { checkId: string } | { groupId: number }): Promise<void> {
    if ('checkId' in target) {
      if (!(await s.checks.get(accountId, target.checkId))) throw new ValidationError({ checkId: `check ${target.checkId} does not exist` })
    } else if (!(await s.checkGroups.get(accountId, target.groupId))) {
      throw new ValidationError({ groupId: `check group ${target.groupId} does not exist` })
    }
  }

  return {
    async create(accountId, body, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const doc = problems.valid(problems.check(() => buildAlertChannelDoc(body)))
      const record = await stores.alertChannels.insert(accountId, doc, clock.now())
      return presentAlertChannel(record, [])
    },

    async get(accountId, id) {
      return view(stores, accountId, await load(stores, accountId, id))
    },

    async list(accountId, q) {
      const { items, total } = await stores.alertChannels.list(accountId, { limit: q.limit, offset: (q.page - 1) * q.limit })
      return { items: await Promise.all(items.map((r) => view(stores, accountId, r))), total }
    },

    async update(accountId, id, body, schemaErrors) {
      return transact(async (s) => {
        const existing = await load(s, accountId, id)
        const problems = new BodyProblems(schemaErrors)
        const doc = problems.valid(problems.check(() => buildAlertChannelDoc(body, existing.doc)))
        const updated = await s.alertChannels.update(accountId, existing.id, doc, clock.now())
        if (!updated) throw new NotFoundError('Alert channel', id)
        return view(s, accountId, updated)
      })
    },

    async remove(accountId, id) {
      const channelId = serialId(id)
      // Its subscriptions go with it (ON DELETE CASCADE).
      if (channelId === null || !(await stores.alertChannels.delete(accountId, channelId))) throw new NotFoundError('Alert channel', id)
    },

    async subscribe(accountId, id, body, schemaErrors) {
      return transact(async (s) => {
        const channel = await load(s, accountId, id)
        const problems = new BodyProblems(schemaErrors)
        const parsed = problems.check((errors) => subscriptionTarget(body, errors))
        const wanted = parsed?.target
        if (wanted) await problems.checkAsync(() => ensureTarget(s, accountId, wanted))
        const target = problems.valid(parsed?.target)
        const activated = parsed?.activated === true
        const subscription: Subscription = {
          channelId: channel.id,
          checkId: 'checkId' in target ? target.checkId : null,
          groupId: 'groupId' in target ? target.groupId : null,
          activated,
        }
        await s.alertSubscriptions.upsert(accountId, subscription)
        return subscriptionView(subscription)
      })
    },
  }
}
