/**
 * The contract of the alerting records the API shows: a check alert (GET /v1/check-alerts) and an alert notification
 * (GET /v1/alert-notifications), as TypeBox response schemas with their static types. The presenters in
 * services/alerting build these views; the routes answer with them.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../domain/checks/shared-schemas.js'
import { ALERT_TYPES } from './types.js'

export const CheckAlertView = Type.Object({
  id: Type.String({ description: 'Unique ID of the alert.' }),
  name: Type.String({ description: 'Name of the check.' }),
  checkId: Type.String({ description: 'Check the alert belongs to.' }),
  alertType: StringEnum(ALERT_TYPES),
  checkType: Type.String({ description: 'Type of the check.' }),
  runLocation: Type.String({ description: 'Location that triggered the alert.' }),
  responseTime: Type.Number({ description: 'Time spent executing the relevant parts of the check (ms).' }),
  error: Nullable(Type.String({ description: 'Error message of the failing run.' })),
  statusCode: Nullable(Type.String({ description: 'Response status; API checks only.' })),
  created_at: Type.String({ format: 'date-time' }),
  startedAt: Type.String({ format: 'date-time', description: 'Start of the run that raised the alert.' }),
  isReminder: Type.Boolean({ description: 'True for ALERT_FAILURE_REMAIN / ALERT_DEGRADED_REMAIN reminders.' }),
  reminderSequence: Type.Integer({ description: '1..n for reminders; 0 for the alert itself.' }),
  sslDomain: Type.Optional(Type.String({ description: 'ALERT_SSL only.' })),
  sslDaysRemaining: Type.Optional(Type.Integer({ description: 'ALERT_SSL only.' })),
  checkResultId: Type.Optional(Nullable(Type.String({ description: 'The result that raised the alert; null for SSL and heartbeat-deadline alerts without one.' }))),
})

export type CheckAlertView = Static<typeof CheckAlertView>

const DateTime = (description: string) => Nullable(Type.String({ format: 'date-time', description }))

export const AlertNotificationView = Type.Object({
  id: Type.String({ description: 'Unique ID of the notification.' }),
  type: Type.String({ description: 'Type of the alert channel: EMAIL, SLACK, WEBHOOK or SMS.' }),
  channelType: Type.String({ description: 'Same as type.' }),
  status: StringEnum(['IN_PROGRESS', 'SUCCESS', 'FAILURE', 'RATE_LIMITED'] as const, {
    description: 'IN_PROGRESS while queued, being sent or waiting for a retry; SUCCESS; FAILURE after the last attempt; RATE_LIMITED while the receiver asked to slow down.',
  }),
  alertType: Nullable(
    Type.String({ description: 'The alert type of the check alert, or PRIVATE_LOCATION_UNAVAILABLE / PRIVATE_LOCATION_AVAILABLE for a private location without agents and back.' }),
  ),
  alertConfig: Type.Object({}, { additionalProperties: true, description: 'The channel configuration when the alert was raised (webhook secret masked).' }),
  notificationResult: Nullable(Type.String({ description: "The receiver's answer: response body or SMTP reply (truncated)." })),
  timestamp: DateTime('When the notification was delivered.'),
  checkType: Type.Optional(Type.String({ description: 'Absent for private-location events.' })),
  privateLocationId: Type.Optional(Type.String({ description: 'Private-location events only: the location that became unavailable or available again.' })),
  checkId: Type.String({ description: 'Empty for private-location events.' }),
  checkAlertId: Type.String({ description: 'The check alert (GET /v1/check-alerts) this notifies.' }),
  alertId: Type.String({ description: 'Same as checkAlertId.' }),
  alertChannelId: Type.Integer(),
  channelName: Type.Optional(
    Type.String({
      description:
        'What the channel sent to, as the message was addressed: the name of a webhook or SMS channel, the address of an e-mail channel, the channel of a Slack one (or "Slack").',
    }),
  ),
  checkName: Type.Optional(Nullable(Type.String({ description: 'Name of the check as the message named it; null for private-location events.' }))),
  privateLocationName: Type.Optional(Type.String({ description: 'Private-location events only: the name of the location.' })),
  checkResultId: Type.Optional(Type.String({ description: 'The result that raised the alert; absent when none did (SSL, heartbeat deadlines, private locations).' })),
  attempts: Type.Integer({ description: 'Delivery attempts so far (at most 6).' }),
  lastError: Nullable(Type.String({ description: 'Why the last attempt failed.' })),
  responseStatus: Nullable(Type.Integer({ description: 'HTTP status (webhook, Slack, SMS gateway) or SMTP reply code of the last attempt.' })),
  nextAttemptAt: DateTime('When the next attempt is due; null once delivered or given up.'),
  created_at: Type.String({ format: 'date-time' }),
  sent_at: DateTime('When the notification was delivered.'),
})

export type AlertNotificationView = Static<typeof AlertNotificationView>
