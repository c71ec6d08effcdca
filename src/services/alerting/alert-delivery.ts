/**
 * The seam between alert records and delivery: for a recorded alert, queue one outbox row per subscribed,
 * activated channel whose flags let the alert type through. Call inside the transaction that records the alert,
 * so an alert is never recorded without its notifications (or the other way round).
 *
 * Subscribed = the check's own subscriptions plus its group's, activated ones only, each channel once. A muted
 * check (or a check in a muted group) gets none. ALERT_SSL needs `sslExpiry` and the days remaining at or below
 * the channel's `sslExpiryThreshold`.
 */
import type { AlertRecord } from '../../alerting/types.js'
import { channelFlagFor } from '../../alerting/types.js'
import type { LocationEvent, NotificationPayload } from '../../alerting/notifier-payload.js'
import { publicConfig } from '../../domain/alert-channels/build-doc.js'
import type { AlertChannelFlags } from '../../domain/alert-channels/schemas.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'
import { newId } from '../../lib/ids.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { AlertChannelDoc } from '../../domain/alert-channels/schemas.js'
import type { NotificationRow } from '../../store/alerting/notifications.js'
import type { CheckRecord } from '../../store/checks.js'
import type { Stores } from '../stores.js'

/** What queuing notifications reads and writes (the stores of the transaction that records the alerts). */
export type DeliveryStores = Pick<Stores, 'checks' | 'checkGroups' | 'alertSubscriptions' | 'alertChannels' | 'notifications'>

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** Whether a channel's flags let this alert through. */
export function channelAccepts(channel: AlertChannelFlags, alert: Pick<AlertRecord, 'alertType' | 'sslDaysRemaining'>): boolean {
  const flag = channelFlagFor(alert.alertType)
  if (flag === null || channel[flag] !== true) return false
  if (flag !== 'sslExpiry') return true
  const threshold = typeof channel.sslExpiryThreshold === 'number' ? channel.sslExpiryThreshold : 30
  return alert.sslDaysRemaining !== undefined && alert.sslDaysRemaining <= threshold
}

/** Non-secret environment variables of a group, by key. */
function groupVariables(group: StoredCheckGroupDoc | undefined): Record<string, string> {
  const plain: Array<[string, string]> = []
  for (const v of group?.environmentVariables ?? []) if (v.secret !== true && typeof v.key === 'string' && typeof v.value === 'string') plain.push([v.key, v.value])
  return Object.fromEntries(plain)
}

/** One outbox row: this alert through this channel, rendered later from the payload. */
function outboxRow(alert: AlertRecord, channel: DocRecord<number, AlertChannelDoc>, payload: NotificationPayload): NotificationRow {
  return {
    id: newId(),
    account_id: alert.accountId,
    alert_id: alert.id,
    check_id: alert.checkId,
    channel_id: channel.id,
    channel_type: channel.doc.type,
    status: 'PENDING',
    attempts: 0,
    next_attempt_at: alert.createdAt,
    leased_by: null,
    lease_until: null,
    last_error: null,
    response_status: null,
    result: null,
    payload: JSON.stringify(payload),
    created_at: alert.createdAt,
    sent_at: null,
  }
}

/**
 * A private location became unavailable or available again: one outbox row per channel of the account whose flags
 * let it through (sendFailure for unavailable, sendRecovery for available again), whatever checks it is subscribed to.
 */
export async function enqueueLocationNotifications(s: Pick<Stores, 'alertChannels' | 'notifications'>, event: LocationEvent, accountId: string, at: number): Promise<number> {
  const alert: AlertRecord = {
    id: newId(),
    accountId,
    checkId: '',
    alertType: event.event === 'UNAVAILABLE' ? 'ALERT_FAILURE' : 'ALERT_RECOVERY',
    checkType: '',
    name: event.name,
    runLocation: event.slugName,
    responseTime: 0,
    error: null,
    statusCode: null,
    resultId: null,
    startedAt: event.lastSeen,
    createdAt: at,
    isReminder: false,
    reminderSequence: 0,
  }
  const { items } = await s.alertChannels.list(accountId)
  const check: NotificationPayload['check'] = { description: null, tags: [], groupId: null, groupName: null, groupVariables: {} }
  const rows = items.filter((c) => channelAccepts(c.doc, alert)).map((c) => outboxRow(alert, c, { alert, check, privateLocation: event, alertConfig: publicConfig(c.doc) }))
  return rows.length === 0 ? 0 : s.notifications.insertMany(rows)
}

/** One alert's notifications (see enqueueNotificationsMany). */
export const enqueueNotifications = (s: DeliveryStores, alert: AlertRecord): Promise<number> => enqueueNotificationsMany(s, [alert])

/**
 * The notifications of many alerts (of any accounts), read and written in a few statements whatever their number:
 * the checks, their groups, the subscriptions and the channels each in one read, the outbox rows in one write.
 */
export async function enqueueNotificationsMany(s: DeliveryStores, alerts: AlertRecord[]): Promise<number> {
  const deliverable = alerts.filter((a) => channelFlagFor(a.alertType) !== null)
  if (deliverable.length === 0) return 0
  const checks = new Map((await s.checks.getMany(deliverable.map((a) => a.checkId))).map((c) => [c.id, c]))
  const groupIdOf = (check: CheckRecord) => (typeof check.doc.groupId === 'number' ? check.doc.groupId : null)
  const groupIds = [...checks.values()].flatMap((c) => groupIdOf(c) ?? [])
  const groups = new Map((groupIds.length === 0 ? [] : await s.checkGroups.getMany(groupIds)).map((g) => [g.id, g]))
  const targets = deliverable.flatMap((alert) => {
    const check = checks.get(alert.checkId)
    if (!check || check.accountId !== alert.accountId) return []
    const groupId = groupIdOf(check)
    const found = groupId === null ? undefined : groups.get(groupId)
    const group = found && found.accountId === alert.accountId ? found.doc : undefined
    if (check.doc.muted === true || group?.muted === true) return []
    return [{ alert, check, groupId, group }]
  })
  if (targets.length === 0) return 0
  const subscriptions = await s.alertSubscriptions.listForTargets(
    targets.map((t) => t.check.id),
    targets.flatMap((t) => t.groupId ?? []),
  )
  const subscribed = targets.map((t) => ({
    ...t,
    channelIds: [
      ...new Set(subscriptions.filter((sub) => sub.activated && (sub.checkId === t.check.id || (t.groupId !== null && sub.groupId === t.groupId))).map((sub) => sub.channelId)),
    ],
  }))
  const channelIds = subscribed.flatMap((t) => t.channelIds)
  if (channelIds.length === 0) return 0
  const channels = new Map((await s.alertChannels.getMany(channelIds)).map((c) => [c.id, c]))

  const rows = subscribed.flatMap(({ alert, check, groupId, group, channelIds: ids }) => {
    const context: Omit<NotificationPayload, 'alertConfig'> = {
      alert,
      check: {
        description: typeof check.doc.description === 'string' ? check.doc.description : null,
        tags: [...new Set([...strings(check.doc.tags), ...strings(group?.tags)])],
        groupId,
        groupName: group ? group.name : null,
        groupVariables: groupVariables(group),
      },
    }
    return ids.flatMap((id) => {
      const channel = channels.get(id)
      if (!channel || channel.accountId !== alert.accountId || !channelAccepts(channel.doc, alert)) return []
      return [outboxRow(alert, channel, { ...context, alertConfig: publicConfig(channel.doc) })]
    })
  })
  return rows.length === 0 ? 0 : s.notifications.insertMany(rows)
}
