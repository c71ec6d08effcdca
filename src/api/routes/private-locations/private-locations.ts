/** Private locations and their agent keys: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { PrivateLocationCreateBody, PrivateLocationUpdateBody, type PrivateLocationCreate, type PrivateLocationUpdate } from '../../../domain/private-locations.js'
import { PrivateLocationKeyView, PrivateLocationView } from '../../../domain/private-location-view.js'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { contentRange, sendPage } from '../../paging.js'
import { bodySchemaErrors } from '../../validation.js'

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'The private location id (UUID).' }) })
const KeyParams = Type.Object({ ...IdParams.properties, keyId: Type.String({ minLength: 1, maxLength: 100, description: 'The key id (UUID).' }) })

const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Items per page (1 to 100); without it, every location.' })),
  page: Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1 (with limit).' }),
})

type Id = { id: string }

export async function privateLocationRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const locations = services.privateLocations
  const tags = ['private locations']

  app.post<{ Body: PrivateLocationCreate }>(
    '/v1/private-locations',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create a private location (the response holds its first agent key in full, once)',
        body: PrivateLocationCreateBody,
        response: { 201: { ...PrivateLocationView, description: 'The created private location' }, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await locations.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/private-locations',
    { schema: { tags, summary: 'List private locations', querystring: ListQuery, response: { 200: Type.Array(PrivateLocationView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const { limit, page } = request.query
      const { items, total } = await locations.list(request.accountId, { limit, page })
      if (limit !== undefined) return sendPage(request, reply, page, limit, items, total)
      return reply.header('Content-Range', contentRange(1, Math.max(1, items.length), items.length, total)).send(items)
    },
  )

  app.get<{ Params: Id }>(
    '/v1/private-locations/:id',
    { schema: { tags, summary: 'Get a private location', params: IdParams, response: { 200: PrivateLocationView, ...errorResponses(401, 404, 429) } } },
    async (request) => locations.get(request.accountId, request.params.id),
  )

  app.put<{ Params: Id; Body: PrivateLocationUpdate }>(
    '/v1/private-locations/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update a private location (slugName cannot change)',
        params: IdParams,
        body: PrivateLocationUpdateBody,
        response: { 200: PrivateLocationView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => locations.update(request.accountId, request.params.id, request.body, bodySchemaErrors(request)),
  )

  app.delete<{ Params: Id }>(
    '/v1/private-locations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a private location (409 while a check or group uses it)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await locations.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  app.post<{ Params: Id }>(
    '/v1/private-locations/:id/keys',
    {
      schema: {
        tags,
        summary: 'Add an agent key (at most two per location; the raw key is shown once)',
        params: IdParams,
        response: { 201: PrivateLocationKeyView, ...errorResponses(401, 402, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await locations.addKey(request.accountId, request.params.id)),
  )

  app.delete<{ Params: Id & { keyId: string } }>(
    '/v1/private-locations/:id/keys/:keyId',
    { schema: { tags, summary: 'Revoke an agent key', params: KeyParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await locations.removeKey(request.accountId, request.params.id, request.params.keyId)
      return reply.code(204).send()
    },
  )
}
