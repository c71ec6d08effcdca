/**
 * Status pages: HTTP routes. Services, incidents (also in their dashboard shape, /v1/incidents) and subscriptions
 * are registered from here too.
 * Pages, services and incidents are listed with the reference's cursor ({length, entries, nextId}), which its
 * clients (the vendor's CLI among them) read.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { PageCreateBody, PageUpdateBody, PageView } from '../../../domain/status-pages/page-schemas.js'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { CURSOR_DESCRIPTION, CursorList, CursorQuery, cursorAnswer } from './cursor-list.js'
import { bodySchemaErrors } from '../../validation.js'
import { statusPageServiceRoutes } from './status-page-services.js'
import { statusPageIncidentRoutes } from './status-page-incidents.js'
import { statusPageSubscriptionRoutes } from './status-page-subscriptions.js'
import { dashboardIncidentRoutes } from './dashboard-incidents.js'

export const StatusPageParams = Type.Object({ statusPageId: Type.String({ maxLength: 100, description: 'Status page id (UUID).' }) })
const ListQuery = Type.Object(CursorQuery)

export async function statusPageRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  // Requests typed from their schemas. A route with attachValidation still hands on a body that failed its schema,
  // with the reasons: the services read such a body only to name every problem in one 400, never to write it.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const pages = services.statusPages
  const tags = ['status pages']
  // Static segments (services, incidents) take precedence over :statusPageId in the router.
  await statusPageServiceRoutes(app, pages)
  await statusPageIncidentRoutes(app, pages)
  await statusPageSubscriptionRoutes(app, pages)
  await dashboardIncidentRoutes(app, pages)

  app.get(
    '/v1/status-pages',
    {
      schema: {
        tags,
        summary: 'List status pages (oldest first)',
        description: CURSOR_DESCRIPTION,
        querystring: ListQuery,
        response: { 200: CursorList(PageView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => cursorAnswer(await pages.listPages(request.accountId, request.query)),
  )

  app.post(
    '/v1/status-pages',
    {
      // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
      attachValidation: true,
      schema: { tags, summary: 'Create a status page', body: PageCreateBody, response: { 201: PageView, ...errorResponses(400, 401, 409, 429) } },
    },
    async (request, reply) => reply.code(201).send(await pages.createPage(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get(
    '/v1/status-pages/:statusPageId',
    { schema: { tags, summary: 'Get a status page', params: StatusPageParams, response: { 200: PageView, ...errorResponses(401, 404, 429) } } },
    async (request) => pages.getPage(request.accountId, request.params.statusPageId),
  )

  app.put(
    '/v1/status-pages/:statusPageId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Update a status page (fields left out keep their value; cards, when sent, replace the cards)',
        params: StatusPageParams,
        body: PageUpdateBody,
        response: { 200: PageView, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => pages.updatePage(request.accountId, request.params.statusPageId, request.body, bodySchemaErrors(request)),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.
  fastify.delete<{ Params: Static<typeof StatusPageParams> }>(
    '/v1/status-pages/:statusPageId',
    { schema: { tags, summary: 'Delete a status page and its subscriptions', params: StatusPageParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await pages.removePage(request.accountId, request.params.statusPageId)
      return reply.code(204).send()
    },
  )
}
