/** Dashboards: HTTP routes. The path uses the string dashboardId. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DashboardCreateBody, DashboardUpdateBody, type DashboardBody } from '../../domain/dashboards.js'
import { DashboardView } from '../../domain/dashboard-view.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'
import { bodySchemaErrors } from '../validation.js'

const Params = Type.Object({ dashboardId: Type.String({ minLength: 1, maxLength: 255, description: 'The dashboardId (not the integer id).' }) })
const GetQuery = Type.Object({
  type: Type.Optional(StringEnum(['customUrl', 'customDomain'] as const, { description: 'Look the dashboard up by its customUrl or customDomain instead.' })),
})
const ListQuery = Type.Object(PageQuery)

type P = { dashboardId: string }

export async function dashboardRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const dashboards = services.dashboards
  const tags = ['dashboards']

  app.post<{ Body: DashboardBody }>(
    '/v1/dashboards',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Create a dashboard (409 when the customUrl or customDomain is taken)',
        body: DashboardCreateBody,
        response: { 201: { ...DashboardView, description: 'The dashboard; a private one carries its key in keys[].rawKey, this once' }, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await dashboards.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/dashboards',
    { schema: { tags, summary: 'List dashboards', querystring: ListQuery, response: { 200: Type.Array(DashboardView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await dashboards.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: P; Querystring: Static<typeof GetQuery> }>(
    '/v1/dashboards/:dashboardId',
    { schema: { tags, summary: 'Get a dashboard', params: Params, querystring: GetQuery, response: { 200: DashboardView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => dashboards.get(request.accountId, request.params.dashboardId, request.query.type),
  )

  app.put<{ Params: P; Body: DashboardBody }>(
    '/v1/dashboards/:dashboardId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update a dashboard (fields left out keep their value)',
        params: Params,
        body: DashboardUpdateBody,
        response: { 200: DashboardView, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => dashboards.update(request.accountId, request.params.dashboardId, request.body, bodySchemaErrors(request)),
  )

  app.delete<{ Params: P }>(
    '/v1/dashboards/:dashboardId',
    { schema: { tags, summary: 'Delete a dashboard', params: Params, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await dashboards.remove(request.accountId, request.params.dashboardId)
      return reply.code(204).send()
    },
  )
}
