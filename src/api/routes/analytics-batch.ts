/** Analytics of many checks in one call: POST /v1/analytics/checks. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { UUID_PATTERN } from '../../lib/ids.js'
import { BATCH_RANGES } from '../../services/analytics/batch.js'
import { errorResponses } from '../schemas/common.js'

const BatchBody = Type.Object({
  checkIds: Type.Array(Type.String({ pattern: UUID_PATTERN, description: 'A check id (UUID).' }), { minItems: 1, maxItems: 100, description: 'The checks (1 to 100).' }),
})
const BatchQuery = Type.Object({ quickRange: StringEnum(BATCH_RANGES, { default: 'last24Hours', description: 'Time range for analytics (UTC; weeks start on Monday).' }) })

const Figure = Type.Optional(Type.Union([Type.Number(), Type.Null()]))
const BatchItem = Type.Object({
  checkId: Type.String({ format: 'uuid' }),
  checkType: Type.String(),
  availability: Figure,
  responseTime_avg: Figure,
  responseTime_p50: Figure,
  responseTime_p95: Figure,
  responseTime_p99: Figure,
  latency_avg: Figure,
  latency_p50: Figure,
  latency_p95: Figure,
  latency_p99: Figure,
  packetLoss_avg: Figure,
  packetLoss_p95: Figure,
  packetLoss_p99: Figure,
  hopCount_avg: Figure,
})

export async function analyticsBatchRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.post<{ Body: Static<typeof BatchBody>; Querystring: Static<typeof BatchQuery> }>(
    '/v1/analytics/checks',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Availability and response times of many checks over a quick range',
        description:
          'Per check, in the order asked: availability (% of successful runs, degraded counts as up) and the average, P50, P95 and P99 of its ' +
          'response time (TCP, DNS and gRPC monitors: total time; SSL monitors: TLS handshake; agentic checks: run duration), or for ICMP ' +
          'and traceroute monitors of its latency and packet loss (traceroute: of the final hop, and the average hop count); each the figure of the ' +
          "check's own analytics route for the same window. null: no runs in the range; absent: the figure does not apply to the type. " +
          'Ids of other accounts or of no check are left out.',
        querystring: BatchQuery,
        body: BatchBody,
        response: { 200: Type.Array(BatchItem), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => services.analytics.batch(request.accountId, request.body.checkIds, request.query.quickRange),
  )
}
