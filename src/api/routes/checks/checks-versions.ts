/**
 * GET /v2/checks, /v2/checks/{id}, /v3/checks and /v3/checks/{id}: the same checks, filters and pages as /v1, read
 * without the flat project fields (logicalId, project, member, pending); a check's projects are in projectBindings,
 * which every version has. /v3 differs from /v2 only in how a check's intent is written, and checks here carry no
 * intent, so the two read the same.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { AnyCheckViewV2 } from '../../../domain/checks/check-view-schema.js'
import type { CheckService } from '../../../services/checks/checks.js'
import { withoutFlatProject } from '../../../services/checks/check-view.js'
import { errorResponses } from '../../schemas/common.js'
import { sendPage } from '../../paging.js'
import { GetQuery, IdParams, ListQuery } from './check-queries.js'

export async function versionedCheckReadRoutes(app: FastifyInstance, deps: { checks: CheckService }): Promise<void> {
  const { checks } = deps
  for (const version of ['v2', 'v3'] as const) {
    app.get<{ Querystring: Static<typeof ListQuery> }>(
      `/${version}/checks`,
      {
        schema: {
          tags: ['checks'],
          summary: `List checks (${version}: project ownership in projectBindings only)`,
          querystring: ListQuery,
          response: { 200: Type.Array(AnyCheckViewV2), ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const q = request.query
        const { items, total } = await checks.list(request.accountId, q)
        return sendPage(request, reply, q.page, q.limit, items.map(withoutFlatProject), total)
      },
    )

    app.get<{ Params: { id: string }; Querystring: Static<typeof GetQuery> }>(
      `/${version}/checks/:id`,
      {
        schema: {
          tags: ['checks'],
          summary: `Get a check (${version}: project ownership in projectBindings only)`,
          params: IdParams,
          querystring: GetQuery,
          response: { 200: AnyCheckViewV2, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => withoutFlatProject(await checks.get(request.accountId, request.params.id, request.query)),
    )
  }
}
