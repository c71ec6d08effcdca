/** GET /v1/checks/{id}/skipped-runs (a Picket extension): the scheduled runs of a check skipped because the runners were behind. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { IdParams } from './check-queries.js'

const Query = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 32503680000, description: 'Unix seconds: skipped slots from this time on (default: 24 hours before `to`).' })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: 32503680000, description: 'Unix seconds: skipped slots before this time (default: now).' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 100, description: 'Most skipped runs listed (newest slot first); `total` counts them all.' }),
})

const SkippedRun = Type.Object({
  location: Type.String({ description: 'Data-center location code, or the slug name of a private location.' }),
  privateLocationId: Type.Union([Type.String(), Type.Null()]),
  scheduledAt: Type.String({ format: 'date-time', description: 'The slot that was skipped.' }),
  skippedAt: Type.String({ format: 'date-time' }),
})

const SkippedRunList = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  total: Type.Integer({ minimum: 0 }),
  items: Type.Array(SkippedRun),
})

export async function skippedRunRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof Query> }>(
    '/v1/checks/:id/skipped-runs',
    {
      schema: {
        tags: ['checks'],
        summary: "List a check's scheduled runs that were skipped because the runners were behind (not started by the check's next slot): a Picket extension",
        params: IdParams,
        querystring: Query,
        response: { 200: SkippedRunList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => services.skippedRuns.listForCheck(request.accountId, request.params.id, request.query),
  )
}
