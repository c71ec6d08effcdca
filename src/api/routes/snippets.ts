/** Setup/teardown snippets: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { SnippetBody, SnippetView } from '../../domain/snippets.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const tags = ['snippets']
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Snippet id (integer).' }) })
const PageOnly = Type.Object({ ...PageQuery })

export async function snippetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const snippets = services.snippets

  app.get<{ Querystring: Static<typeof PageOnly> }>(
    '/v1/snippets',
    { schema: { tags, summary: 'List snippets', querystring: PageOnly, response: { 200: Type.Array(SnippetView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await snippets.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.post<{ Body: Static<typeof SnippetBody> }>(
    '/v1/snippets',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: { tags, summary: 'Create a snippet', body: SnippetBody, response: { 201: SnippetView, ...errorResponses(400, 401, 429) } },
    },
    async (request, reply) => reply.code(201).send(await snippets.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/snippets/:id',
    { schema: { tags, summary: 'Get a snippet', params: IdParams, response: { 200: SnippetView, ...errorResponses(401, 404, 429) } } },
    async (request) => snippets.get(request.accountId, request.params.id),
  )

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof SnippetBody> }>(
    '/v1/snippets/:id',
    {
      attachValidation: true,
      schema: { tags, summary: 'Replace a snippet (name and script)', params: IdParams, body: SnippetBody, response: { 200: SnippetView, ...errorResponses(400, 401, 404, 429) } },
    },
    async (request) => snippets.update(request.accountId, request.params.id, request.body, bodySchemaErrors(request)),
  )

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/snippets/:id',
    {
      schema: {
        tags,
        summary: 'Delete a snippet; checks and groups that used it get that reference set to null',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      await snippets.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )
}
