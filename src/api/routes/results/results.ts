/** Check results and statuses: what the engine recorded. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { CheckStatusCounts, CheckStatusView, PENDING_STATUS } from '../../../domain/results/status-view-schema.js'
import { errorResponses } from '../../schemas/common.js'
import { CheckResultView } from '../../../domain/results/result-view-schema.js'
import { PageQuery, sendPage } from '../../paging.js'

/** The filters of both result lists (v1 pages, v2 cursors). */
export const ResultFilters = {
  from: Type.Optional(Type.Number({ minimum: 0, description: 'UNIX seconds (fractions allowed), inclusive lower bound on startedAt.' })),
  to: Type.Optional(Type.Number({ minimum: 0, description: 'UNIX seconds (fractions allowed), exclusive upper bound on startedAt.' })),
  location: Type.Optional(Type.String({ maxLength: 100 })),
  checkType: Type.Optional(Type.String({ maxLength: 40, description: 'The type of the check: its results, or none for another type.' })),
  hasFailures: Type.Optional(Type.Boolean()),
  resultType: Type.Optional(StringEnum(['FINAL', 'ATTEMPT', 'ALL'] as const, { default: 'FINAL', description: 'FINAL (default): runs; ATTEMPT: retried attempts; ALL.' })),
}
const ResultsQuery = Type.Object({ ...PageQuery, ...ResultFilters })
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })
const ResultParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }), resultId: Type.String({ minLength: 1, maxLength: 100 }) })

export async function resultRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['check results']
  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof ResultsQuery> }>(
    '/v1/check-results/:checkId',
    {
      schema: {
        tags,
        summary: 'List results of a check, newest first',
        params: CheckParams,
        querystring: ResultsQuery,
        response: { 200: Type.Array(CheckResultView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await services.results.list(request.accountId, request.params.checkId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )
  app.get<{ Params: Static<typeof ResultParams> }>(
    '/v1/check-results/:checkId/:resultId',
    {
      schema: {
        tags,
        summary: 'Get one check result with its timing phases, assertions and response',
        params: ResultParams,
        response: { 200: CheckResultView, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.results.get(request.accountId, request.params.checkId, request.params.resultId),
  )
  app.get(
    '/v1/check-statuses',
    {
      schema: {
        tags: ['check statuses'],
        summary: `Status of every check of the account (${PENDING_STATUS} for those without a result yet), oldest check first`,
        response: { 200: Type.Array(CheckStatusView), ...errorResponses(401, 429) },
      },
    },
    async (request) => services.results.statuses(request.accountId),
  )
  app.get(
    '/v1/check-status-counts',
    {
      schema: {
        tags: ['check statuses'],
        summary: `How many checks of the account are passing, degraded, failing and ${PENDING_STATUS}`,
        description: 'The figures a list of checks sums up with, from one counting query: cheaper than reading every status.',
        response: { 200: CheckStatusCounts, ...errorResponses(401, 429) },
      },
    },
    async (request) => services.results.statusCounts(request.accountId),
  )
  app.get<{ Params: Static<typeof CheckParams> }>(
    '/v1/check-statuses/:checkId',
    {
      schema: {
        tags: ['check statuses'],
        summary: `Status of a check (${PENDING_STATUS} while it has no result yet; 404 only for a check that does not exist)`,
        params: CheckParams,
        response: { 200: CheckStatusView, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => services.results.status(request.accountId, request.params.checkId),
  )
}
