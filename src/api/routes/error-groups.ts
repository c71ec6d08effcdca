/** Error groups: failing runs of a check grouped by their cleaned error message; archiving. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { ErrorGroupPatch, ErrorGroupView } from '../../domain/error-groups/contract.js'
import { PageQuery, sendPage } from '../paging.js'

const ListQuery = Type.Object({
  ...PageQuery,
  includeArchived: Type.Optional(Type.Boolean({ default: false, description: 'Also list archived groups (until the next event, or for ever).' })),
})
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Error group id (UUID); anything else is a 404.' }) })
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100, description: 'Check id (UUID).' }) })
const tags = ['error groups']

export async function errorGroupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const groups = services.errorGroups

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/error-groups',
    {
      schema: {
        tags,
        summary: 'List the error groups of the account, latest occurrence first (archived ones only with includeArchived=true)',
        querystring: ListQuery,
        response: { 200: Type.Array(ErrorGroupView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await groups.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof ListQuery> }>(
    '/v1/error-groups/checks/:checkId',
    {
      schema: {
        tags,
        summary: 'List the error groups of one check, latest occurrence first (archived ones only with includeArchived=true)',
        params: CheckParams,
        querystring: ListQuery,
        response: { 200: Type.Array(ErrorGroupView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await groups.listForCheck(request.accountId, request.params.checkId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/error-groups/:id',
    { schema: { tags, summary: 'Get one error group', params: IdParams, response: { 200: ErrorGroupView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => groups.get(request.accountId, request.params.id),
  )

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof ErrorGroupPatch> }>(
    '/v1/error-groups/:id',
    {
      schema: {
        tags,
        summary: 'Archive an error group (until its next event, or for ever) or show it again',
        params: IdParams,
        body: ErrorGroupPatch,
        response: { 200: ErrorGroupView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => groups.update(request.accountId, request.params.id, request.body),
  )
}
