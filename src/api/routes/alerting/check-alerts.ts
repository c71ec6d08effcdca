/** Check alerts: the record of every alert raised, newest first, in windows of at most 6 hours. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { ALERT_TYPES } from '../../../alerting/types.js'
import { Nullable, StringEnum } from '../../../domain/checks/shared-schemas.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'

const CheckAlert = Type.Object({
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
})

const Unix = (description: string) => Type.Integer({ minimum: 0, description })
const AlertsQuery = Type.Object({
  ...PageQuery,
  from: Type.Optional(Unix('UNIX seconds, inclusive. Default: 6 hours before `to`, or now − 6 hours.')),
  to: Type.Optional(Unix('UNIX seconds, exclusive; at most 6 hours after `from`. Default: 6 hours after `from`, or now.')),
})
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })
const tags = ['check alerts']

export async function checkAlertRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Querystring: Static<typeof AlertsQuery> }>(
    '/v1/check-alerts',
    {
      schema: {
        tags,
        summary: 'List the alerts of the account, newest first (a window of at most 6 hours)',
        querystring: AlertsQuery,
        response: { 200: Type.Array(CheckAlert), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.alerting.listAlerts(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof AlertsQuery> }>(
    '/v1/check-alerts/:checkId',
    {
      schema: {
        tags,
        summary: 'List the alerts of one check, newest first (a window of at most 6 hours)',
        params: CheckParams,
        querystring: AlertsQuery,
        response: { 200: Type.Array(CheckAlert), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.alerting.listAlerts(request.accountId, { ...q, checkId: request.params.checkId })
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
}
