/** What an account reads of its private locations' agents: queue metrics and the errors agents reported. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'The private location id (UUID).' }) })
const MetricsQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility: only the current values are kept.' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Accepted for compatibility: only the current values are kept.' })),
})
const Metrics = Type.Object({
  timestamps: Type.Array(Type.String()),
  queueSize: Type.Array(Type.Number()),
  oldestScheduledCheckRun: Type.Array(Type.Number({ description: 'Milliseconds the oldest queued run has waited since it was due.' })),
})
const AgentError = Type.Object({
  id: Type.String(),
  agentId: Type.String(),
  message: Type.String(),
  stack: Type.String(),
  agentVersion: Type.String(),
  platform: Type.String(),
  runtimeVersion: Type.String(),
  created_at: Type.String(),
})
const ErrorsQuery = Type.Object(PageQuery)

export async function privateLocationAgentRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['private locations']
  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof MetricsQuery> }>(
    '/v1/private-locations/:id/metrics',
    {
      schema: {
        tags,
        summary: "A private location's queue: runs waiting and how long the oldest has waited (current values)",
        params: IdParams,
        querystring: MetricsQuery,
        response: { 200: Metrics, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.agentPresence.metrics(request.accountId, request.params.id),
  )

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof ErrorsQuery> }>(
    '/v1/private-locations/:id/agent-errors',
    {
      schema: {
        tags,
        summary: "Errors the location's agents reported, newest first (scrubbed of secrets)",
        params: IdParams,
        querystring: ErrorsQuery,
        response: { 200: Type.Array(AgentError), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { limit, page } = request.query
      const { items, total } = await services.agentPresence.listErrors(request.accountId, request.params.id, { limit, page })
      return sendPage(request, reply, page, limit, items, total)
    },
  )
}
