/** Incident updates: HTTP routes (registered by statusPageIncidentRoutes). */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IncidentUpdateChangeBody, IncidentUpdateCreateBody, IncidentUpdateView } from '../../../domain/status-pages/incident-schemas.js'
import type { StatusPageService } from '../../../services/status-pages/status-pages.js'
import { errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'
import { bodySchemaErrors } from '../../validation.js'

const IncidentParams = Type.Object({ incidentId: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }) })
const UpdateParams = Type.Object({
  incidentId: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }),
  incidentUpdateId: Type.String({ maxLength: 100, description: 'Incident update id (UUID).' }),
})
type Params = Static<typeof UpdateParams>
const ListQuery = Type.Object(PageQuery)

export async function incidentUpdateRoutes(fastify: FastifyInstance, pages: StatusPageService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['status pages']
  const path = '/v1/status-pages/incidents/:incidentId/incident-updates'

  app.get(
    path,
    {
      schema: {
        tags,
        summary: "List an incident's updates, oldest first",
        params: IncidentParams,
        querystring: ListQuery,
        response: { 200: Type.Array(IncidentUpdateView), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { limit, page } = request.query
      const { items, total } = await pages.listIncidentUpdates(request.accountId, request.params.incidentId, { limit, page })
      return sendPage(request, reply, page, limit, items, total)
    },
  )

  app.post(
    path,
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: "Post an incident update (sets the incident's lastUpdateStatus; answers 200 as the reference declares)",
        params: IncidentParams,
        body: IncidentUpdateCreateBody,
        response: { 200: IncidentUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => pages.createIncidentUpdate(request.accountId, request.params.incidentId, request.body, bodySchemaErrors(request)),
  )

  app.get(
    `${path}/:incidentUpdateId`,
    { schema: { tags, summary: 'Get an incident update', params: UpdateParams, response: { 200: IncidentUpdateView, ...errorResponses(401, 404, 429) } } },
    async (request) => pages.getIncidentUpdate(request.accountId, request.params.incidentId, request.params.incidentUpdateId),
  )

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${path}/:incidentUpdateId`,
      attachValidation: true,
      schema: {
        tags,
        summary: `Change an incident update (fields left out keep their value; no new e-mail is sent)${method === 'PATCH' ? '; same as PUT' : ''}`,
        params: UpdateParams,
        body: IncidentUpdateChangeBody,
        response: { 200: IncidentUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
      handler: async (request) =>
        pages.updateIncidentUpdate(request.accountId, request.params.incidentId, request.params.incidentUpdateId, request.body, bodySchemaErrors(request)),
    })
  }

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.

  fastify.delete<{ Params: Params }>(
    `${path}/:incidentUpdateId`,
    {
      schema: {
        tags,
        summary: 'Delete an incident update (409 for the only one: delete the incident instead)',
        params: UpdateParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await pages.removeIncidentUpdate(request.accountId, request.params.incidentId, request.params.incidentUpdateId)
      return reply.code(204).send()
    },
  )
}
