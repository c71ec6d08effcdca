/** Maintenance windows: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../services/index.js'
import { MaintenanceWindowCreateBody, MaintenanceWindowUpdateBody, MaintenanceWindowView } from '../../domain/maintenance.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const IdParams = Type.Object({ id: Type.String({ description: 'Maintenance window id (an integer); anything else is a 404.' }) })
const ListQuery = Type.Object(PageQuery)
const tags = ['maintenance windows']

type Params = Static<typeof IdParams>

export async function maintenanceWindowRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const windows = services.maintenanceWindows

  app.get(
    '/v1/maintenance-windows',
    { schema: { tags, summary: 'List maintenance windows', querystring: ListQuery, response: { 200: Type.Array(MaintenanceWindowView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await windows.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.post(
    '/v1/maintenance-windows',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create a maintenance window (alerts of checks having any of its tags are silenced while it is on)',
        body: MaintenanceWindowCreateBody,
        response: { 201: MaintenanceWindowView, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await windows.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get(
    '/v1/maintenance-windows/:id',
    { schema: { tags, summary: 'Get a maintenance window', params: IdParams, response: { 200: MaintenanceWindowView, ...errorResponses(401, 404, 429) } } },
    async (request) => windows.get(request.accountId, request.params.id),
  )

  app.put(
    '/v1/maintenance-windows/:id',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update a maintenance window (fields left out keep their value)',
        params: IdParams,
        body: MaintenanceWindowUpdateBody,
        response: { 200: MaintenanceWindowView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => windows.update(request.accountId, request.params.id, request.body, bodySchemaErrors(request)),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.

  fastify.delete<{ Params: Params }>(
    '/v1/maintenance-windows/:id',
    { schema: { tags, summary: 'Delete a maintenance window', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await windows.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )
}
