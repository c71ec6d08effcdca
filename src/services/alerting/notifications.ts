/**
 * Alert notification log: what was sent to which channel, with its outcome (GET /v1/alert-notifications), and
 * the delivery pass the periodic work runs (see alerting/notifier.ts).
 *
 * The list is a 24-hour window of `created_at` (the conventions): no bounds = the last 24 h; only `to` = the 24 h
 * before it; only `from` = the 24 h after it; both = at most 24 h apart.
 */
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import type { DeliveryReport, Notifier } from '../../alerting/notifier.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { presentNotification, type NotificationView } from './notification-view.js'

export interface NotificationQuery {
  limit: number
  page: number
  /** UNIX seconds. */
  from?: number | undefined
  to?: number | undefined
  alertChannelId?: number | undefined
  checkId?: string | undefined
  hasFailures?: boolean | undefined
}

export interface NotificationService {
  list(accountId: string, q: NotificationQuery): Promise<{ items: NotificationView[]; total: number }>
  get(accountId: string, id: string): Promise<NotificationView>
  /** One delivery pass of this instance: due notifications are sent and their outcomes recorded. */
  deliverDue(): Promise<DeliveryReport>
}

const DAY_MS = 86_400_000

/** The [from, to) window in epoch ms. */
export function notificationWindow(now: number, from: number | undefined, to: number | undefined): { from: number; to: number } {
  if (from !== undefined && to !== undefined) {
    if (to <= from) throw new ValidationError({ to: 'must be after from' })
    if ((to - from) * 1000 > DAY_MS) throw new ValidationError({ from: 'from and to must be at most 24 hours apart' })
    return { from: from * 1000, to: to * 1000 }
  }
  if (from !== undefined) return { from: from * 1000, to: from * 1000 + DAY_MS }
  const end = to !== undefined ? to * 1000 : now + 1
  return { from: end - DAY_MS, to: end }
}

/** What the notification service uses: the wiring hands it these stores and shared things and no others. */
export const notificationServiceUses = uses(['notifications'], ['clock'])
export type NotificationServiceDeps = DepsOf<typeof notificationServiceUses>

/** `notifier`: the outbox delivery (alerting/notifier.ts), which the wiring builds with the stores it asks for. */
export function notificationService(deps: NotificationServiceDeps, notifier: Pick<Notifier, 'deliverDue'>): NotificationService {
  return {
    async list(accountId, q) {
      const window = notificationWindow(deps.clock.now(), q.from, q.to)
      const { items, total } = await deps.stores.notifications.list({
        accountId,
        ...window,
        channelId: q.alertChannelId,
        checkId: q.checkId,
        hasFailures: q.hasFailures,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      })
      return { items: items.map(presentNotification), total }
    },
    async get(accountId, id) {
      const row = await deps.stores.notifications.get(accountId, id)
      if (!row) throw new NotFoundError('Alert notification', id)
      return presentNotification(row)
    },
    deliverDue: () => notifier.deliverDue(),
  }
}
