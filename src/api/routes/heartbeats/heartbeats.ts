/** Heartbeat checks: the ping address, events and availability. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { sendPage } from '../../paging.js'
import { heartbeatPingRoutes } from './heartbeat-ping.js'

const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })
const EventParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }), id: Type.String({ minLength: 1, maxLength: 100 }) })
const TIME = 'UNIX timestamp in seconds, or an ISO 8601 date or date-time.'
const WindowQuery = Type.Object({
  startTime: Type.Optional(Type.String({ maxLength: 40, description: `Start of the window (inclusive). ${TIME}` })),
  endTime: Type.Optional(Type.String({ maxLength: 40, description: `End of the window (exclusive). ${TIME}` })),
})
const EventsQuery = Type.Object({
  ...WindowQuery.properties,
  limit: Type.Integer({ minimum: 1, maximum: 10, default: 10, description: 'Events per page (1 to 10).' }),
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1.' }),
})

const Availability = Type.Object({
  successRatio: Type.Object({
    currentPeriod: Type.Number({ description: 'Percentage of successful outcomes in the window (0 to 100, two decimals).' }),
    previousPeriod: Type.Union([Type.Number(), Type.Null()], {
      description: 'The same for the window of equal length just before; null when that window had no outcome (0 means every outcome failed).',
    }),
  }),
  totalEntitiesCurrentPeriod: Type.Number({ description: 'Outcomes in the window: pings, /fail signals and missed deadlines.' }),
})
const MaybeAvailability = Type.Union([Availability, Type.Null()], { description: 'Null when the window holds no outcome.' })
const Event = Type.Object({
  id: Type.String(),
  state: Type.String({ description: 'EARLY, RECEIVED, GRACE, LATE or FAILING.' }),
  timestamp: Type.String(),
  source: Type.Union([Type.String(), Type.Null()], { description: 'Origin header of the ping, else its Referer.' }),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  type: Type.String({ description: 'PING, FAIL, START, or DEADLINE (no ping by the deadline).' }),
  method: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Union([Type.Number(), Type.Null()], { description: 'Time since the /start signal, when there was one.' }),
  body: Type.Union([Type.String(), Type.Null()], { description: 'The first KiB of a POST body.' }),
  resultId: Type.Union([Type.String(), Type.Null()], { description: 'The check result recorded with the event.' }),
})
const Stats = Type.Object(
  { last24Hours: MaybeAvailability, last7Days: MaybeAvailability },
  { description: 'Availability of the last 24 hours and of the last 7 days, each null without outcomes.' },
)

export async function heartbeatRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['heartbeats']
  await heartbeatPingRoutes(app, services)

  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof WindowQuery> }>(
    '/v1/checks/heartbeats/:checkId/availability',
    {
      schema: {
        tags,
        summary: 'Availability of a heartbeat check over a window (default: the last 24 hours) and the window before it',
        params: CheckParams,
        querystring: WindowQuery,
        response: { 200: MaybeAvailability, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.availability(request.accountId, request.params.checkId, request.query),
  )
  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof EventsQuery> }>(
    '/v1/checks/heartbeats/:checkId/events',
    {
      schema: {
        tags,
        summary: 'Events of a heartbeat check, newest first',
        description:
          'A bare array of events, like every list: Content-Range counts the events of the window and Link names the other pages. ' +
          'The availability of the last 24 hours and 7 days is at GET /v1/checks/heartbeats/{checkId}/events/stats.',
        params: CheckParams,
        querystring: EventsQuery,
        response: { 200: Type.Array(Event), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { events, total } = await services.heartbeats.events(request.accountId, request.params.checkId, q)
      return sendPage(request, reply, q.page, q.limit, events, total)
    },
  )
  app.get<{ Params: Static<typeof CheckParams> }>(
    '/v1/checks/heartbeats/:checkId/events/stats',
    {
      schema: {
        tags,
        summary: 'Availability of a heartbeat check over the last 24 hours and the last 7 days (each with the window before it)',
        params: CheckParams,
        response: { 200: Stats, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.stats(request.accountId, request.params.checkId),
  )
  app.get<{ Params: Static<typeof EventParams> }>(
    '/v1/checks/heartbeats/:checkId/events/:id',
    {
      schema: {
        tags,
        summary: 'One event of a heartbeat check, with the availability of the last 24 hours and 7 days',
        params: EventParams,
        response: { 200: Type.Object({ event: Event, stats: Stats }), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.event(request.accountId, request.params.checkId, request.params.id),
  )
}
