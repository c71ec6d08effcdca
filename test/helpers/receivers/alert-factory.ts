/** Hand-made alerts and notification payloads for the notification tests (the receivers' input side). */
import type { NotificationPayload } from '../../../src/alerting/notifier-payload.js'
import type { AlertRecord } from '../../../src/alerting/types.js'

export const ALERT_AT = Date.UTC(2026, 2, 4, 5, 6, 7)

export function alertOf(over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id: 'alert-1',
    accountId: 'acc',
    checkId: 'check-1',
    alertType: 'ALERT_FAILURE',
    checkType: 'API',
    name: 'Shop "API"',
    runLocation: 'eu-central-1',
    responseTime: 123.4,
    error: 'Expected 200, got 500',
    statusCode: '500',
    resultId: 'result-1',
    startedAt: ALERT_AT - 1000,
    createdAt: ALERT_AT,
    isReminder: false,
    reminderSequence: 0,
    ...over,
  }
}

export function payloadOf(over: Partial<AlertRecord> = {}, check: Partial<NotificationPayload['check']> = {}): NotificationPayload {
  return {
    alert: alertOf(over),
    check: { description: 'The shop', tags: ['prod', 'team:payments'], groupId: 3, groupName: 'Shop', groupVariables: { GROUP_VAR: 'g' }, ...check },
    alertConfig: {},
  }
}
