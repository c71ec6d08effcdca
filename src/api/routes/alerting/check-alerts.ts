/** Check alerts: the record of every alert raised, newest first, in windows of at most 6 hours. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../../services/index.js'
import { CheckAlertView } from '../../../alerting/contract.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'

const Unix = (description: string) => Type.Integer({ minimum: 0, description })
const AlertsQuery = Type.Object({
  ...PageQuery,
  from: Type.Optional(Unix('UNIX seconds, inclusive. Default: 6 hours before `to`, or now − 6 hours.')),
  to: Type.Optional(Unix('UNIX seconds, exclusive; at most 6 hours after `from`. Default: 6 hours after `from`, or now.')),
})
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })
const tags = ['check alerts']

export async function checkAlertRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  // Requests are typed from the routes' schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/v1/check-alerts',
    {
      schema: {
        tags,
        summary: 'List the alerts of the account, newest first (a window of at most 6 hours)',
        querystring: AlertsQuery,
        response: { 200: Type.Array(CheckAlertView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.alerting.listAlerts(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
  app.get(
    '/v1/check-alerts/:checkId',
    {
      schema: {
        tags,
        summary: 'List the alerts of one check, newest first (a window of at most 6 hours)',
        params: CheckParams,
        querystring: AlertsQuery,
        response: { 200: Type.Array(CheckAlertView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.alerting.listAlerts(request.accountId, { ...q, checkId: request.params.checkId })
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
}
