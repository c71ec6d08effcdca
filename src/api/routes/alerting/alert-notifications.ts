/** Alert notification log: what was sent to which channel, with its outcome: HTTP routes. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../../services/index.js'
import { AlertNotificationView } from '../../../alerting/contract.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'

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

export async function alertNotificationRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  // Requests are typed from the routes' schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/alert-notifications',
    {
      schema: {
        tags,
        summary: 'List the notifications sent for alerts, newest first (a window of at most 24 hours)',
        querystring: NotificationsQuery,
        response: { 200: Type.Array(AlertNotificationView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.notifications.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
  app.get(
    '/v1/alert-notifications/:id',
    {
      schema: {
        tags,
        summary: 'Get one alert notification with its delivery outcome',
        params: IdParams,
        response: { 200: AlertNotificationView, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.notifications.get(request.accountId, request.params.id),
  )
}
