/** Error groups of test-session results: failing runs grouped by their cleaned error message; archiving. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { ErrorGroupPatch } from '../../../domain/error-groups/contract.js'
import { TestSessionErrorGroupView } from '../../../domain/test-sessions/contract.js'
import { PageQuery } from '../../paging.js'

const ListQuery = Type.Object({ ...PageQuery })
const IdParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Test session error group ID.' }) })
const ProjectParams = Type.Object({ projectId: Type.String({ format: 'uuid', description: 'Project ID.' }) })
const tags = ['test session error groups']
const List = Type.Array(TestSessionErrorGroupView)

export async function testSessionErrorGroupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const groups = services.testSessionErrorGroups

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/test-session-error-groups',
    {
      schema: {
        tags,
        summary: 'List the test-session error groups of the account, latest occurrence first (archived ones left out)',
        querystring: ListQuery,
        response: { 200: List, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => groups.list(request.accountId, request.query),
  )

  app.get<{ Params: Static<typeof ProjectParams>; Querystring: Static<typeof ListQuery> }>(
    '/v1/test-session-error-groups/projects/:projectId',
    {
      schema: {
        tags,
        summary: "List the test-session error groups of one project's sessions, latest occurrence first",
        params: ProjectParams,
        querystring: ListQuery,
        response: { 200: List, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => groups.list(request.accountId, { ...request.query, projectId: request.params.projectId }),
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/test-session-error-groups/:id',
    { schema: { tags, summary: 'Get one test-session error group', params: IdParams, response: { 200: TestSessionErrorGroupView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => groups.get(request.accountId, request.params.id),
  )

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof ErrorGroupPatch> }>(
    '/v1/test-session-error-groups/:id',
    {
      schema: {
        tags,
        summary: 'Archive a test-session error group (until its next event, or for ever) or show it again',
        params: IdParams,
        body: ErrorGroupPatch,
        response: { 200: TestSessionErrorGroupView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => groups.update(request.accountId, request.params.id, request.body),
  )
}
