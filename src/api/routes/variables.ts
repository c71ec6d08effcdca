/** Account environment variables: HTTP routes. A secret's value reads as null everywhere. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { CreateVariableBody, UpdateVariableBody, VariableView } from '../../domain/variables.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const tags = ['variables']
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 500, description: 'The variable key.' }) })
const PageOnly = Type.Object({ ...PageQuery })

export async function variableRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const variables = services.variables

  app.get<{ Querystring: Static<typeof PageOnly> }>(
    '/v1/variables',
    { schema: { tags, summary: 'List environment variables', querystring: PageOnly, response: { 200: Type.Array(VariableView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await variables.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.post<{ Body: Static<typeof CreateVariableBody> }>(
    '/v1/variables',
    {
      schema: {
        tags,
        summary: 'Create an environment variable (409 when the key exists)',
        body: CreateVariableBody,
        response: { 201: VariableView, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await variables.create(request.accountId, request.body)),
  )

  app.get<{ Params: Static<typeof KeyParams> }>(
    '/v1/variables/:key',
    { schema: { tags, summary: 'Get an environment variable', params: KeyParams, response: { 200: VariableView, ...errorResponses(401, 404, 429) } } },
    async (request) => variables.get(request.accountId, request.params.key),
  )

  app.put<{ Params: Static<typeof KeyParams>; Body: Static<typeof UpdateVariableBody> }>(
    '/v1/variables/:key',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update the value, locked and secret of an environment variable (the key cannot change; secret cannot be turned off)',
        params: KeyParams,
        body: UpdateVariableBody,
        response: { 200: VariableView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => variables.update(request.accountId, request.params.key, request.body, bodySchemaErrors(request)),
  )

  app.delete<{ Params: Static<typeof KeyParams> }>(
    '/v1/variables/:key',
    { schema: { tags, summary: 'Delete an environment variable', params: KeyParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await variables.remove(request.accountId, request.params.key)
      return reply.code(204).send()
    },
  )
}
