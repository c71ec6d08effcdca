/** Heartbeat checks: the ping address, events and availability. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { contentRange, linkHeader } from '../../paging.js'
import { heartbeatPingRoutes } from './heartbeat-ping.js'
import { EventStatsView, EventsOfCheckView, HeartbeatEventView, MaybeAvailabilityView } from '../../../domain/heartbeats/contract.js'

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

export async function heartbeatRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['heartbeats']
  await heartbeatPingRoutes(app, services)

  app.get(
    '/v1/checks/heartbeats/:checkId/availability',
    {
      schema: {
        tags,
        summary: 'Availability of a heartbeat check over a window (default: the last 24 hours) and the window before it',
        params: CheckParams,
        querystring: WindowQuery,
        response: { 200: MaybeAvailabilityView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.availability(request.accountId, request.params.checkId, request.query),
  )
  app.get(
    '/v1/checks/heartbeats/:checkId/events',
    {
      schema: {
        tags,
        summary: 'Events of a heartbeat check, newest first, with the availability of the last 24 hours and 7 days',
        description:
          "The reference's shape: an array with one entry for the check, holding a page of its events and its stats. " +
          'Content-Range counts the events of the window and Link names the other pages.',
        params: CheckParams,
        querystring: EventsQuery,
        response: { 200: Type.Array(EventsOfCheckView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { events, stats, total } = await services.heartbeats.events(request.accountId, request.params.checkId, q)
      reply.header('Content-Range', contentRange(q.page, q.limit, events.length, total))
      reply.header('Link', linkHeader(request.url, q.page, q.limit, total))
      return [{ events, stats }]
    },
  )
  app.get(
    '/v1/checks/heartbeats/:checkId/events/stats',
    {
      schema: {
        tags,
        summary: 'Availability of a heartbeat check over the last 24 hours and the last 7 days (each with the window before it)',
        params: CheckParams,
        response: { 200: EventStatsView, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.stats(request.accountId, request.params.checkId),
  )
  app.get(
    '/v1/checks/heartbeats/:checkId/events/:id',
    {
      schema: {
        tags,
        summary: 'One event of a heartbeat check, with the availability of the last 24 hours and 7 days',
        params: EventParams,
        response: { 200: Type.Object({ event: HeartbeatEventView, stats: EventStatsView }), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.heartbeats.event(request.accountId, request.params.checkId, request.params.id),
  )
}
