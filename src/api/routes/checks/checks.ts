/** Checks API: typed create/update for every check type, read, delete and the filtered list. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { bodySchema } from '../../../domain/checks/check-type.js'
import { CHECK_TYPE_DEFS } from '../../../domain/checks/registry.js'
import { AnyCheckView, checkViewSchema } from '../../../domain/checks/check-view-schema.js'
import type { CheckService } from '../../../services/checks/checks.js'
import { AutoAssignAlertsQuery, errorResponses } from '../../schemas/common.js'
import { sendPage } from '../../paging.js'
import { GetQuery, IdParams, ListQuery } from './check-queries.js'
import { genericCheckRoutes } from './checks-generic.js'
import { versionedCheckReadRoutes } from './checks-versions.js'
import { bodySchemaErrors } from '../../validation.js'

type Body = Record<string, unknown>
type AutoAssign = { autoAssignAlerts: boolean }

export async function checkRoutes(app: FastifyInstance, deps: { checks: CheckService }): Promise<void> {
  const { checks } = deps
  for (const def of CHECK_TYPE_DEFS) {
    const tags = ['checks']
    const view = checkViewSchema(def)
    app.post<{ Body: Body; Querystring: AutoAssign }>(
      `/v1/checks/${def.segment}`,
      {
        // A body that fails its schema still reaches the service, which adds the domain's problems to the schema's.
        attachValidation: true,
        schema: {
          tags,
          summary: `Create a ${def.checkType} check`,
          querystring: AutoAssignAlertsQuery,
          body: bodySchema(def, 'create'),
          response: { 201: { ...view, description: `The created ${def.checkType} check` }, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const created = await checks.create(request.accountId, def.segment, request.body, request.query, bodySchemaErrors(request))
        return reply.code(201).send(created)
      },
    )
    app.put<{ Body: Body; Params: { id: string }; Querystring: AutoAssign }>(
      `/v1/checks/${def.segment}/:id`,
      {
        attachValidation: true,
        schema: {
          tags,
          summary: `Update a ${def.checkType} check (fields left out keep their value)`,
          params: IdParams,
          querystring: AutoAssignAlertsQuery,
          body: bodySchema(def, 'update'),
          response: { 200: { ...view, description: `The updated ${def.checkType} check` }, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request) => checks.update(request.accountId, def.segment, request.params.id, request.body, request.query, bodySchemaErrors(request)),
    )
  }

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/checks',
    { schema: { tags: ['checks'], summary: 'List checks', querystring: ListQuery, response: { 200: Type.Array(AnyCheckView), ...errorResponses(400, 401, 429) } } },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await checks.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: { id: string }; Querystring: Static<typeof GetQuery> }>(
    '/v1/checks/:id',
    { schema: { tags: ['checks'], summary: 'Get a check', params: IdParams, querystring: GetQuery, response: { 200: AnyCheckView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => checks.get(request.accountId, request.params.id, request.query),
  )

  app.delete<{ Params: { id: string } }>(
    '/v1/checks/:id',
    { schema: { tags: ['checks'], summary: 'Delete a check', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 404, 429) } } },
    async (request, reply) => {
      await checks.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  await genericCheckRoutes(app, deps)
  await versionedCheckReadRoutes(app, deps)
}
