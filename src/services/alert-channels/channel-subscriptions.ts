/**
 * Links between checks or groups and alert channels. The subscriptions table is the source of truth; responses
 * show it as alertChannelSubscriptions and, for activated ones, the channels' public config as alertChannels.
 */
import type { Static } from 'typebox'
import type { AlertChannelSubscription } from '../../domain/checks/shared-schemas.js'
import type { Subscription, SubscriptionTarget } from '../../store/alerting/alert-subscriptions.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { AlertChannelDoc } from '../../domain/alert-channels/schemas.js'
import { emptyAlertChannels, type AlertChannelsView } from '../checks/check-view.js'
import type { Stores } from '../stores.js'

export interface LinkOptions {
  /** Body of the create or update (of a check or a group): alertChannelSubscriptions when given replaces the list. */
  body: { alertChannelSubscriptions?: Array<Static<typeof AlertChannelSubscription>> | null | undefined }
  autoAssignAlerts: boolean
  isCreate: boolean
}

/** Applies a create/update body's subscriptions, autoAssignAlerts, and channels' autoSubscribe (new checks). */
export async function syncSubscriptions(
  stores: Pick<Stores, 'alertSubscriptions' | 'alertChannels'>,
  accountId: string,
  target: SubscriptionTarget,
  options: LinkOptions,
): Promise<void> {
  const given = options.body.alertChannelSubscriptions
  if (Array.isArray(given)) {
    await stores.alertSubscriptions.replaceFor(
      accountId,
      target,
      given.map((s) => ({ channelId: Number(s.alertChannelId), activated: s.activated !== false })),
    )
    return
  }
  // Without autoAssignAlerts only a new check takes channels (those that subscribe new checks): an update, or a
  // group, takes none, and the channels need not be read.
  const autoSubscribes = options.isCreate && 'checkId' in target
  if (!options.autoAssignAlerts && !autoSubscribes) return
  const channels = (await stores.alertChannels.list(accountId)).items
  const wanted = channels.filter((c) => options.autoAssignAlerts || (autoSubscribes && c.doc.autoSubscribe === true))
  if (wanted.length === 0) return
  const existing = new Set((await stores.alertSubscriptions.listFor(accountId, target)).map((s) => s.channelId))
  for (const channel of wanted) {
    if (!existing.has(channel.id)) {
      await stores.alertSubscriptions.upsert(accountId, { channelId: channel.id, ...targetColumns(target), activated: true })
    }
  }
}

const targetColumns = (t: SubscriptionTarget) => ('checkId' in t ? { checkId: t.checkId, groupId: null } : { checkId: null, groupId: t.groupId })

/** The public part of a channel's config, as a check's alertChannels lists it. */
export function addChannelToView(view: AlertChannelsView, channel: DocRecord<number, AlertChannelDoc>): void {
  const doc = channel.doc
  // A config of an older version may lack a key: each reads as its default.
  switch (doc.type) {
    case 'EMAIL':
      view.email.push({ address: String(doc.config.address ?? '') })
      break
    case 'WEBHOOK': {
      const c = doc.config
      view.webhook.push({
        url: String(c.url ?? ''),
        name: String(c.name ?? ''),
        method: String(c.method ?? 'POST'),
        headers: c.headers ?? [],
        queryParameters: c.queryParameters ?? [],
      })
      break
    }
    case 'SLACK':
      view.slack.push({ url: String(doc.config.url ?? '') })
      break
    case 'SMS':
      view.sms.push({ number: String(doc.config.number ?? ''), name: String(doc.config.name ?? '') })
      break
    default:
      break
  }
}

export interface LinkView {
  alertChannelSubscriptions: Array<{ alertChannelId: number; activated: boolean }>
  alertChannels: AlertChannelsView
}

/** Views for many subscription lists at once, loading the account's channels once. */
export async function linkViews(stores: Pick<Stores, 'alertChannels'>, accountId: string, lists: Subscription[][]): Promise<LinkView[]> {
  const needChannels = lists.some((l) => l.length > 0)
  const channels = needChannels ? new Map((await stores.alertChannels.list(accountId)).items.map((c) => [c.id, c])) : new Map<number, DocRecord<number, AlertChannelDoc>>()
  return lists.map((subs) => {
    const alertChannels = emptyAlertChannels()
    for (const s of subs) {
      const channel = channels.get(s.channelId)
      if (s.activated && channel) addChannelToView(alertChannels, channel)
    }
    return { alertChannelSubscriptions: subs.map((s) => ({ alertChannelId: s.channelId, activated: s.activated })), alertChannels }
  })
}
