/** Alert notification log: what was sent to which channel, with its outcome: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { Nullable, StringEnum } from '../../../domain/checks/shared-schemas.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'

const DateTime = (description: string) => Nullable(Type.String({ format: 'date-time', description }))

const AlertNotification = Type.Object({
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
  checkType: Type.Optional(Nullable(Type.String({ description: 'Absent for private-location events.' }))),
  privateLocationId: Type.Optional(Type.String({ description: 'Private-location events only: the location that became unavailable or available again.' })),
  checkId: Type.String({ description: 'Empty for private-location events.' }),
  checkAlertId: Type.String({ description: 'The check alert (GET /v1/check-alerts) this notifies.' }),
  alertId: Type.String({ description: 'Same as checkAlertId.' }),
  alertChannelId: Type.Integer(),
  checkResultId: Nullable(Type.String({ description: 'The result that raised the alert, if any.' })),
  attempts: Type.Integer({ description: 'Delivery attempts so far (at most 6).' }),
  lastError: Nullable(Type.String({ description: 'Why the last attempt failed.' })),
  responseStatus: Nullable(Type.Integer({ description: 'HTTP status (webhook, Slack, SMS gateway) or SMTP reply code of the last attempt.' })),
  nextAttemptAt: DateTime('When the next attempt is due; null once delivered or given up.'),
  created_at: Type.String({ format: 'date-time' }),
  sent_at: DateTime('When the notification was delivered.'),
})

const Unix = (description: string) => Type.Integer({ minimum: 0, description })
const NotificationsQuery = Type.Object({
  ...PageQuery,
  from: Type.Optional(Unix('UNIX seconds, inclusive. Default: 24 hours before `to`, or now − 24 hours.')),
  to: Type.Optional(Unix('UNIX seconds, exclusive; at most 24 hours after `from`. Default: 24 hours after `from`, or now.')),
  alertChannelId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only notifications to this alert channel.' })),
  checkId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only notifications of this check.' })),
  hasFailures: Type.Optional(Type.Boolean({ description: 'true: only notifications that could not be delivered (FAILURE); false: all others.' })),
})
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
const tags = ['alert notifications']

export async function alertNotificationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Querystring: Static<typeof NotificationsQuery> }>(
    '/v1/alert-notifications',
    {
      schema: {
        tags,
        summary: 'List the notifications sent for alerts, newest first (a window of at most 24 hours)',
        querystring: NotificationsQuery,
        response: { 200: Type.Array(AlertNotification), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.notifications.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/alert-notifications/:id',
    {
      schema: { tags, summary: 'Get one alert notification with its delivery outcome', params: IdParams, response: { 200: AlertNotification, ...errorResponses(401, 404, 429) } },
    },
    async (request) => services.notifications.get(request.accountId, request.params.id),
  )
}
