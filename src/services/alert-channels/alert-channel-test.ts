/**
 * POST /v1/alert-channels/{id}/test: sends one real notification through a channel's own delivery code (webhook,
 * Slack, e-mail, SMS) at once, outside the outbox (no retries, nothing logged), and says how it went. The message
 * is a failure alert of a made-up check whose name and error say it is a test.
 */
import { sendThroughChannel } from '../../alerting/channel-send.js'
import type { NotificationPayload } from '../../alerting/notifier-payload.js'
import type { ChannelTestResult } from '../../domain/alert-channels/schemas.js'
import { NotFoundError } from '../../domain/errors.js'
import { newId } from '../../lib/ids.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { serialId } from './alert-channels.js'

export interface AlertChannelTestService {
  send(accountId: string, channelId: string): Promise<ChannelTestResult>
}

export const TEST_CHECK_ID = '00000000-0000-4000-8000-000000000000'

function testPayload(accountId: string, location: string, now: number): NotificationPayload {
  return {
    alert: {
      id: newId(),
      accountId,
      checkId: TEST_CHECK_ID,
      alertType: 'ALERT_FAILURE',
      checkType: 'API',
      name: 'Picket test notification',
      runLocation: location,
      responseTime: 0,
      error: 'This is a test notification sent from Picket; nothing has failed.',
      statusCode: null,
      resultId: null,
      startedAt: now,
      createdAt: now,
      isReminder: false,
      reminderSequence: 0,
    },
    check: { description: null, tags: ['test'], groupId: null, groupName: null, groupVariables: {} },
    alertConfig: {},
  }
}

/** What the alert channel test service uses: the wiring hands it these stores and shared things and no others. */
export const alertChannelTestServiceUses = uses(['alertChannels', 'variables'], ['clock', 'defaultLocation', 'delivery'])
export type AlertChannelTestServiceDeps = DepsOf<typeof alertChannelTestServiceUses>

export function alertChannelTestService(deps: AlertChannelTestServiceDeps): AlertChannelTestService {
  const { stores, clock } = deps
  return {
    async send(accountId, rawId) {
      const id = serialId(rawId)
      const channel = id === null ? undefined : await stores.alertChannels.get(accountId, id)
      if (!channel) throw new NotFoundError('Alert channel', rawId)
      const doc = channel.doc
      const now = clock.now()
      const variables = async () => {
        const { items } = await stores.variables.list(accountId)
        return Object.fromEntries(items.filter((v) => !v.secret).map((v) => [v.key, v.value]))
      }
      let outcome
      try {
        outcome = await sendThroughChannel(doc, testPayload(accountId, deps.defaultLocation, now), deps.delivery, variables, now)
      } catch (err) {
        return { delivered: false, message: `Delivery failed: ${err instanceof Error ? err.message : String(err)}` }
      }
      const statusCode = outcome.responseStatus === null ? {} : { statusCode: outcome.responseStatus }
      if (outcome.ok) return { delivered: true, ...statusCode, message: `Test notification delivered through the ${doc.type} channel` }
      return { delivered: false, ...statusCode, message: outcome.error }
    },
  }
}
