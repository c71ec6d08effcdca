/**
 * What the delivery tests share: local receivers (webhook, Slack-style, SMS gateway, a real SMTP server), a test
 * app on a fake clock whose delivery settings point at them, and short-hands to create channels, checks and
 * subscriptions through the API and to record an alert the way raiseAlert does (enqueueNotifications in a
 * transaction).
 */
import { expect } from 'vitest'
import { enqueueNotifications } from '../../../src/services/alerting/alert-delivery.js'
import { transactor } from '../../../src/services/stores.js'
import type { DeliveryConfig } from '../../../src/services/resource-deps.js'
import type { AlertRecord } from '../../../src/alerting/types.js'
import type { DeliveryReport } from '../../../src/alerting/notifier.js'
import { FakeClock } from '../../../src/lib/clock.js'
import { newId } from '../../../src/lib/ids.js'
import { startTestApp, type TestApp } from '../app.js'
import type { TestDb } from '../db.js'
import { startHttpReceiver, type HttpReceiver } from './http-receiver.js'
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.js'

export type Json = Record<string, unknown>

export interface Receivers {
  hook: HttpReceiver
  slack: HttpReceiver
  sms: HttpReceiver
  smtp: SmtpReceiver
  close(): Promise<void>
}

export async function startReceivers(): Promise<Receivers> {
  const [hook, slack, sms, smtp] = await Promise.all([startHttpReceiver(), startHttpReceiver(), startHttpReceiver(), startSmtpReceiver()])
  return {
    hook,
    slack,
    sms,
    smtp,
    close: async () => {
      await Promise.all([hook.close(), slack.close(), sms.close(), smtp.close()])
    },
  }
}

export const RESULT_LINK_BASE = 'https://picket.example'

export function deliveryConfig(r: Receivers): DeliveryConfig {
  return {
    smtp: { url: r.smtp.url, from: 'Picket <alerts@picket.test>' },
    sms: { url: `${r.sms.url}/messages`, username: 'gateway-user', password: 'gateway-pass', from: 'Picket' },
    resultLinkBase: RESULT_LINK_BASE,
  }
}

export interface Kit {
  t: TestApp
  clock: FakeClock
  channel(body: Json): Promise<number>
  check(body?: Json): Promise<string>
  group(body?: Json): Promise<number>
  subscribe(channelId: number, target: { checkId: string } | { groupId: number }, activated?: boolean): Promise<void>
  /** Records an alert of the check (as raiseAlert would) and returns it with how many notifications were queued. */
  raise(checkId: string, over?: Partial<AlertRecord>): Promise<{ alert: AlertRecord; queued: number }>
  deliver(): Promise<DeliveryReport>
  /** GET /v1/alert-notifications with a query string. */
  log(query?: string): Promise<Json[]>
  close(): Promise<void>
}

export async function startKit(db: TestDb, receivers: Receivers, delivery: DeliveryConfig = deliveryConfig(receivers)): Promise<Kit> {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const t = await startTestApp(db, { clock, delivery })
  const ok = async (method: 'POST' | 'PUT', url: string, body: Json, status: number) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as Json
  }
  return {
    t,
    clock,
    channel: async (body) => Number((await ok('POST', '/v1/alert-channels', body, 201)).id),
    check: async (body = {}) => String((await ok('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Shop API', request: { url: 'https://example.com' }, ...body }, 201)).id),
    group: async (body = {}) => Number((await ok('POST', '/v1/check-groups?autoAssignAlerts=false', { name: `Group ${newId().slice(0, 8)}`, ...body }, 201)).id),
    subscribe: async (channelId, target, activated = true) => {
      await ok('PUT', `/v1/alert-channels/${channelId}/subscriptions`, { ...target, activated }, 200)
    },
    async raise(checkId, over = {}) {
      const alert: AlertRecord = {
        id: newId(),
        accountId: t.accountId,
        checkId,
        alertType: 'ALERT_FAILURE',
        checkType: 'API',
        name: 'Shop API',
        runLocation: 'eu-west-1',
        responseTime: 250,
        error: 'Expected status 200, got 503',
        statusCode: '503',
        resultId: newId(),
        startedAt: clock.now() - 2000,
        createdAt: clock.now(),
        isReminder: false,
        reminderSequence: 0,
        ...over,
      }
      const queued = await transactor(t.store)((s) => enqueueNotifications(s, alert))
      return { alert, queued }
    },
    deliver: () => t.services.notifications.deliverDue(),
    async log(query = '') {
      const res = await t.call('GET', `/v1/alert-notifications?limit=100${query}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as Json[]
    },
    close: () => t.close(),
  }
}
