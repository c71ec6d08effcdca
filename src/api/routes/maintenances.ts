/**
 * Maintenances, the occurrences of a maintenance window, and their status updates: HTTP routes. Ending one (endsAt
 * now, or the status COMPLETED) or cancelling it stops its silencing at once; a deleted one silences nothing.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Services } from '../../services/index.js'
import { MaintenancePatchBody, MaintenanceUpdateBody, MaintenanceUpdateEditBody, MaintenanceUpdateView, MaintenanceView } from '../../domain/maintenances.js'
import { errorResponses } from '../schemas/common.js'
import { sendPage } from '../paging.js'

const MaintenanceParams = Type.Object({
  id: Type.String({ description: 'Maintenance window id (an integer); anything else is a 404.' }),
  maintenanceId: Type.String({ description: 'Maintenance id.' }),
})
const UpdateParams = Type.Object({ ...MaintenanceParams.properties, updateId: Type.String({ description: 'Status update id.' }) })
const ListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Items per page (1 to 50).' }),
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page number, from 1.' }),
})
const tags = ['maintenance windows']
const base = '/v1/maintenance-windows/:id/maintenances'

type Params = Static<typeof MaintenanceParams>
type UpdateParamsT = Static<typeof UpdateParams>

export async function maintenanceRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const maintenances = services.maintenances

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List the maintenances (occurrences) of a maintenance window',
        description: 'By start. The occurrences its schedule has begun (the latest 50) and its next one, each with its status and status updates.',
        params: Type.Object({ id: MaintenanceParams.properties.id }),
        querystring: ListQuery,
        response: { 200: Type.Array(MaintenanceView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await maintenances.list(request.accountId, request.params.id, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get(
    `${base}/:maintenanceId`,
    { schema: { tags, summary: 'Get a maintenance', params: MaintenanceParams, response: { 200: MaintenanceView, ...errorResponses(401, 404, 429) } } },
    async (request) => maintenances.get(request.accountId, request.params.id, request.params.maintenanceId),
  )

  app.patch(
    `${base}/:maintenanceId`,
    {
      schema: {
        tags,
        summary: 'Change the dates of a maintenance (or end or cancel it)',
        description: 'endsAt now or earlier ends it; status COMPLETED ends it now and CANCELLED cancels it. Either stops its silencing at once.',
        params: MaintenanceParams,
        body: MaintenancePatchBody,
        response: { 200: MaintenanceView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => maintenances.patch(request.accountId, request.params.id, request.params.maintenanceId, request.body),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): these routes are untyped.

  fastify.delete<{ Params: Params }>(
    `${base}/:maintenanceId`,
    {
      schema: {
        tags,
        summary: 'Delete a maintenance (this occurrence silences nothing; the window keeps its other occurrences)',
        params: MaintenanceParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      await maintenances.remove(request.accountId, request.params.id, request.params.maintenanceId)
      return reply.code(204).send()
    },
  )

  app.post(
    `${base}/:maintenanceId/updates`,
    {
      schema: {
        tags,
        summary: 'Post a status update on a maintenance',
        description: "The status becomes the maintenance's: IN_PROGRESS before its start starts it now, COMPLETED ends it now, CANCELLED cancels it.",
        params: MaintenanceParams,
        body: MaintenanceUpdateBody,
        response: { 201: MaintenanceUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await maintenances.addUpdate(request.accountId, request.params.id, request.params.maintenanceId, request.body)),
  )

  app.put(
    `${base}/:maintenanceId/updates/:updateId`,
    {
      schema: {
        tags,
        summary: 'Edit a status update',
        description: "A new status on the latest update is the maintenance's status, as when posted.",
        params: UpdateParams,
        body: MaintenanceUpdateEditBody,
        response: { 200: MaintenanceUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const p = request.params
      return maintenances.editUpdate(request.accountId, p.id, p.maintenanceId, p.updateId, request.body)
    },
  )

  fastify.delete<{ Params: UpdateParamsT }>(
    `${base}/:maintenanceId/updates/:updateId`,
    { schema: { tags, summary: 'Delete a status update', params: UpdateParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      const p = request.params
      await maintenances.removeUpdate(request.accountId, p.id, p.maintenanceId, p.updateId)
      return reply.code(204).send()
    },
  )
}
