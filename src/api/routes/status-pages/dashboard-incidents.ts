/**
 * Dashboard incidents (/v1/incidents): the status page incidents in the shape of the reference's dashboard
 * incident routes. Creates answer as the reference declares them: the incident 200, an update 201.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  DashboardIncidentChangeBody,
  DashboardIncidentChangedView,
  DashboardIncidentCreateBody,
  DashboardIncidentUpdateChangeBody,
  DashboardIncidentUpdateCreateBody,
  DashboardIncidentUpdateView,
  DashboardIncidentView,
} from '../../../domain/status-pages/dashboard-incident-schemas.js'
import type { StatusPageService } from '../../../services/status-pages/status-pages.js'
import { errorResponses } from '../../schemas/common.js'

const IncidentParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }) })
const ParentParams = Type.Object({ incidentId: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }) })
const UpdateParams = Type.Object({
  incidentId: Type.String({ maxLength: 100, description: 'Incident id (UUID).' }),
  id: Type.String({ maxLength: 100, description: 'Incident update id (UUID).' }),
})
const GetQuery = Type.Object({
  includeAllIncidentUpdates: Type.Boolean({ default: false, description: 'Every update (newest first) instead of only the latest.' }),
})

export async function dashboardIncidentRoutes(fastify: FastifyInstance, pages: StatusPageService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['incidents']
  const path = '/v1/incidents'

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Open an incident on a dashboard with its first update (answers 200; shown on every status page of the account)',
        body: DashboardIncidentCreateBody,
        response: { 200: DashboardIncidentView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => pages.createDashboardIncident(request.accountId, request.body),
  )

  app.get(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Get an incident (also one opened on status page services)',
        params: IncidentParams,
        querystring: GetQuery,
        response: { 200: DashboardIncidentView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => pages.getDashboardIncident(request.accountId, request.params.id, request.query.includeAllIncidentUpdates),
  )

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: "Change an incident's name, impact and dates (a date left out keeps its value)",
        params: IncidentParams,
        body: DashboardIncidentChangeBody,
        response: { 200: DashboardIncidentChangedView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => pages.updateDashboardIncident(request.accountId, request.params.id, request.body),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): these routes are untyped.
  fastify.delete<{ Params: Static<typeof IncidentParams> }>(
    `${path}/:id`,
    { schema: { tags, summary: 'Delete an incident and its updates', params: IncidentParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await pages.removeDashboardIncident(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  app.post(
    `${path}/:incidentId/updates`,
    {
      schema: {
        tags,
        summary: 'Post an incident update',
        params: ParentParams,
        body: DashboardIncidentUpdateCreateBody,
        response: { 201: DashboardIncidentUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await pages.createDashboardIncidentUpdate(request.accountId, request.params.incidentId, request.body)),
  )

  app.put(
    `${path}/:incidentId/updates/:id`,
    {
      schema: {
        tags,
        summary: "Change an update's description",
        params: UpdateParams,
        body: DashboardIncidentUpdateChangeBody,
        response: { 200: DashboardIncidentUpdateView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => pages.updateDashboardIncidentUpdate(request.accountId, request.params.incidentId, request.params.id, request.body),
  )

  fastify.delete<{ Params: Static<typeof UpdateParams> }>(
    `${path}/:incidentId/updates/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an incident update (409 for the only one: delete the incident instead)',
        params: UpdateParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await pages.removeDashboardIncidentUpdate(request.accountId, request.params.incidentId, request.params.id)
      return reply.code(204).send()
    },
  )
}
