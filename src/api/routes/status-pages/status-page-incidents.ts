/** Status page incidents: HTTP routes (registered by statusPageRoutes). The CLI sends PATCH, handled like PUT. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IncidentChangeBody, IncidentCreateBody, IncidentView } from '../../../domain/status-pages/incident-schemas.js'
import type { StatusPageService } from '../../../services/status-pages/status-pages.js'
import { errorResponses } from '../../schemas/common.js'
import { CURSOR_DESCRIPTION, CursorList, CursorQuery, cursorAnswer } from './cursor-list.js'
import { bodySchemaErrors } from '../../validation.js'
import { incidentUpdateRoutes } from './status-page-incident-updates.js'

export const IncidentParams = Type.Object({ incidentId: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }) })
type Params = Static<typeof IncidentParams>
const ListQuery = Type.Object(CursorQuery)

export async function statusPageIncidentRoutes(fastify: FastifyInstance, pages: StatusPageService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['status pages']
  const path = '/v1/status-pages/incidents'

  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'List incidents, newest first',
        description: CURSOR_DESCRIPTION,
        querystring: ListQuery,
        response: { 200: CursorList(IncidentView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => cursorAnswer(await pages.listIncidents(request.accountId, request.query)),
  )

  app.post(
    path,
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Open an incident with its first update',
        body: IncidentCreateBody,
        response: { 201: IncidentView, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await pages.createIncident(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get(
    `${path}/:incidentId`,
    { schema: { tags, summary: 'Get an incident with its updates', params: IncidentParams, response: { 200: IncidentView, ...errorResponses(401, 404, 429) } } },
    async (request) => pages.getIncident(request.accountId, request.params.incidentId),
  )

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${path}/:incidentId`,
      attachValidation: true,
      schema: {
        tags,
        summary: `Update an incident's name, severity or services (fields left out keep their value)${method === 'PATCH' ? '; same as PUT' : ''}`,
        params: IncidentParams,
        body: IncidentChangeBody,
        response: { 200: IncidentView, ...errorResponses(400, 401, 404, 429) },
      },
      handler: async (request) => pages.updateIncident(request.accountId, request.params.incidentId, request.body, bodySchemaErrors(request)),
    })
  }

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.

  fastify.delete<{ Params: Params }>(
    `${path}/:incidentId`,
    { schema: { tags, summary: 'Delete an incident and its updates', params: IncidentParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await pages.removeIncident(request.accountId, request.params.incidentId)
      return reply.code(204).send()
    },
  )

  await incidentUpdateRoutes(app, pages)
}
