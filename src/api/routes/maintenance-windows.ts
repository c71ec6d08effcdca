/** Maintenance windows: HTTP routes. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { MaintenanceWindowCreateBody, MaintenanceWindowUpdateBody, MaintenanceWindowView } from '../../domain/maintenance.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const IdParams = Type.Object({ id: Type.String({ description: 'Maintenance window id (an integer); anything else is a 404.' }) })
const ListQuery = Type.Object(PageQuery)
const tags = ['maintenance windows']

type Body = Record<string, unknown>
type Params = { id: string }

export async function maintenanceWindowRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const windows = services.maintenanceWindows

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/maintenance-windows',
    { schema: { tags, summary: 'List maintenance windows', querystring: ListQuery, response: { 200: Type.Array(MaintenanceWindowView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await windows.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.post<{ Body: Body }>(
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

  app.get<{ Params: Params }>(
    '/v1/maintenance-windows/:id',
    { schema: { tags, summary: 'Get a maintenance window', params: IdParams, response: { 200: MaintenanceWindowView, ...errorResponses(401, 404, 429) } } },
    async (request) => windows.get(request.accountId, request.params.id),
  )

  app.put<{ Body: Body; Params: Params }>(
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

  app.delete<{ Params: Params }>(
    '/v1/maintenance-windows/:id',
    { schema: { tags, summary: 'Delete a maintenance window', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await windows.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )
}
