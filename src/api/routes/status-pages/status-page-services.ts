/** Status page services: HTTP routes (registered by statusPageRoutes). */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ServiceBody, ServiceView } from '../../../domain/status-pages/service-ref.js'
import type { StatusPageService } from '../../../services/status-pages/status-pages.js'
import { errorResponses } from '../../schemas/common.js'
import { CURSOR_DESCRIPTION, CursorList, CursorQuery, cursorAnswer } from './cursor-list.js'

const Params = Type.Object({ serviceId: Type.String({ maxLength: 100, description: 'Service id (UUID).' }) })
const ListQuery = Type.Object({
  ...CursorQuery,
  paginated: Type.Boolean({ default: true, description: 'false lists every service on one page (limit and nextId are then ignored).' }),
})

export async function statusPageServiceRoutes(fastify: FastifyInstance, pages: StatusPageService): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const tags = ['status pages']
  const path = '/v1/status-pages/services'

  app.get(
    path,
    {
      schema: {
        tags,
        summary: 'List status page services (oldest first)',
        description: CURSOR_DESCRIPTION,
        querystring: ListQuery,
        response: { 200: CursorList(ServiceView), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { limit, nextId, paginated } = request.query
      const q = paginated ? { limit, nextId } : { limit: Number.MAX_SAFE_INTEGER }
      return cursorAnswer(await pages.listServices(request.accountId, q))
    },
  )

  app.post(
    path,
    {
      // The reference declares 200 for this create, and its clients expect it.
      schema: { tags, summary: 'Create a status page service (answers 200)', body: ServiceBody, response: { 200: ServiceView, ...errorResponses(400, 401, 429) } },
    },
    async (request) => pages.createService(request.accountId, request.body),
  )

  app.get(
    `${path}/:serviceId`,
    { schema: { tags, summary: 'Get a status page service', params: Params, response: { 200: ServiceView, ...errorResponses(401, 404, 429) } } },
    async (request) => pages.getService(request.accountId, request.params.serviceId),
  )

  app.put(
    `${path}/:serviceId`,
    { schema: { tags, summary: 'Rename a status page service', params: Params, body: ServiceBody, response: { 200: ServiceView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => pages.updateService(request.accountId, request.params.serviceId, request.body),
  )

  // A 204 has no body at all, which the typed reply cannot send (its schema says null): this route is untyped.

  fastify.delete<{ Params: Static<typeof Params> }>(
    `${path}/:serviceId`,
    {
      schema: {
        tags,
        summary: 'Delete a status page service (409 while a page card, an open incident, a check or a group uses it)',
        params: Params,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await pages.removeService(request.accountId, request.params.serviceId)
      return reply.code(204).send()
    },
  )
}
