/** Check groups: create and update on /v2 (and the deprecated /v1), read, list, delete, checks. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CheckGroupCreateBody, CheckGroupUpdateBody } from '../../../domain/groups/schema.js'
import { CheckGroupView } from '../../../domain/groups/view-schema.js'
import { AnyCheckView } from '../../../domain/checks/check-view-schema.js'
import type { Services } from '../../../services/index.js'
import { AutoAssignAlertsQuery, errorResponses } from '../../schemas/common.js'
import { PageQuery, sendPage } from '../../paging.js'
import { bodySchemaErrors } from '../../validation.js'

const tags = ['check-groups']
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Check group id (integer).' }) })
const CheckParams = Type.Object({
  groupId: Type.String({ minLength: 1, maxLength: 100, description: 'Check group id (integer).' }),
  checkId: Type.String({ minLength: 1, maxLength: 100 }),
})
const PageOnly = Type.Object({ ...PageQuery })
const ListQuery = Type.Object({
  ...PageQuery,
  name: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description: 'Exact group names; a group matching any of them is kept.' })),
  tag: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description: 'Keeps groups with at least one of these tags.' })),
})

export async function checkGroupRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  // Requests are typed from the routes' schemas.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const groups = services.checkGroups

  for (const version of ['v2', 'v1'] as const) {
    const deprecated = version === 'v1'
    const note = deprecated ? ' (deprecated: use /v2; same behaviour)' : ''
    app.post(
      `/${version}/check-groups`,
      {
        // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
        attachValidation: true,
        schema: {
          tags,
          summary: `Create a check group${note}`,
          ...(deprecated ? { deprecated: true } : {}),
          querystring: AutoAssignAlertsQuery,
          body: CheckGroupCreateBody,
          response: { 201: CheckGroupView, ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => reply.code(201).send(await groups.create(request.accountId, request.body, request.query, bodySchemaErrors(request))),
    )
    app.put(
      `/${version}/check-groups/:id`,
      {
        attachValidation: true,
        schema: {
          tags,
          summary: `Update a check group: fields left out keep their value${deprecated ? '; name is optional here' : '; name is required'}${note}`,
          ...(deprecated ? { deprecated: true } : {}),
          params: IdParams,
          querystring: AutoAssignAlertsQuery,
          // The deprecated /v1 update leaves name optional; /v2 requires it, as create does.
          body: deprecated ? CheckGroupUpdateBody : CheckGroupCreateBody,
          response: { 200: CheckGroupView, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => groups.update(request.accountId, request.params.id, request.body, request.query, bodySchemaErrors(request)),
    )
  }

  app.get(
    '/v1/check-groups',
    { schema: { tags, summary: 'List check groups', querystring: ListQuery, response: { 200: Type.Array(CheckGroupView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await groups.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get(
    '/v1/check-groups/:id',
    { schema: { tags, summary: 'Get a check group', params: IdParams, response: { 200: CheckGroupView, ...errorResponses(401, 404, 429) } } },
    async (request) => groups.get(request.accountId, request.params.id),
  )

  // A 204 has no body, which the provider's reply type (the schema's null) cannot express: typed by hand instead.
  fastify.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/check-groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a check group (409 while it still contains checks)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await groups.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  for (const version of ['v1', 'v2'] as const) {
    app.get(
      `/${version}/check-groups/:id/checks`,
      {
        schema: {
          tags,
          summary: "List a group's checks with the group's settings applied",
          params: IdParams,
          querystring: PageOnly,
          response: { 200: Type.Array(AnyCheckView), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const q = request.query
        const { items, total } = await groups.listChecks(request.accountId, request.params.id, q)
        return sendPage(request, reply, q.page, q.limit, items, total)
      },
    )
    app.get(
      `/${version}/check-groups/:groupId/checks/:checkId`,
      {
        schema: {
          tags,
          summary: "Get one of a group's checks with the group's settings applied",
          params: CheckParams,
          response: { 200: AnyCheckView, ...errorResponses(401, 404, 429) },
        },
      },
      async (request) => groups.getCheck(request.accountId, request.params.groupId, request.params.checkId),
    )
  }
}
