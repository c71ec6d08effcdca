/** CI/CD triggers: managed under /v1 with the API key; called at their own URL with only the token. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import type { TriggerTarget } from '../../../services/checks/triggers.js'
import { errorResponses } from '../../schemas/common.js'
import { TriggerView } from '../../../domain/checks/trigger-view-schema.js'
import { SerialId } from '../../../domain/checks/shared-schemas.js'

const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })
const GroupParams = Type.Object({ groupId: SerialId() })
const CallCheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }), token: Type.String({ minLength: 1, maxLength: 200 }) })
const CallGroupParams = Type.Object({ groupId: SerialId(), token: Type.String({ minLength: 1, maxLength: 200 }) })
const MAX_WAIT_MS = 240_000

export async function triggerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['triggers']
  const manage = (path: string, params: object, targetOf: (p: Record<string, unknown>) => TriggerTarget, what: string) => {
    type P = Record<string, unknown>
    const description = 'The token runs it without an API key: reading it needs READ_RUN or more, creating or deleting it READ_WRITE or more (403 otherwise).'
    app.get<{ Params: P }>(
      path,
      { schema: { tags, summary: `Get the trigger of a ${what}`, description, params, response: { 200: TriggerView, ...errorResponses(401, 403, 404, 429) } } },
      async (request) => services.triggers.get(request.accountId, targetOf(request.params)),
    )
    app.post<{ Params: P }>(
      path,
      {
        schema: {
          tags,
          summary: `Create the trigger of a ${what} (200 with the existing one)`,
          description,
          params,
          response: { 201: TriggerView, 200: TriggerView, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const { created, view } = await services.triggers.create(request.accountId, targetOf(request.params))
        return reply.code(created ? 201 : 200).send(view)
      },
    )
    app.delete<{ Params: P }>(
      path,
      { schema: { tags, summary: `Delete the trigger of a ${what}`, description, params, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) } } },
      async (request, reply) => {
        await services.triggers.remove(request.accountId, targetOf(request.params))
        return reply.code(204).send()
      },
    )
  }
  manage('/v1/triggers/checks/:checkId', CheckParams, (p) => ({ checkId: String(p.checkId) }), 'check')
  manage('/v1/triggers/check-groups/:groupId', GroupParams, (p) => ({ groupId: Number(p.groupId) }), 'check group')

  const outcome = (passed: boolean) => (passed ? 200 : 503)
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: Static<typeof CallCheckParams> }>({
      method,
      url: '/checks/:checkId/trigger/:token',
      schema: { tags, summary: 'Run a check through its trigger token (no API key): 200 when it passed, 503 when it failed', params: CallCheckParams, security: [] },
      handler: async (request, reply) => {
        const r = await services.triggers.call({ checkId: request.params.checkId }, request.params.token, MAX_WAIT_MS)
        return reply.code(outcome(r.passed)).send(r.body)
      },
    })
    app.route<{ Params: Static<typeof CallGroupParams> }>({
      method,
      url: '/check-groups/:groupId/trigger/:token',
      schema: {
        tags,
        summary: "Run a group's checks through its trigger token, in groupOrder with the group's concurrency: 200 when all passed, 503 otherwise",
        params: CallGroupParams,
        security: [],
      },
      handler: async (request, reply) => {
        const r = await services.triggers.call({ groupId: request.params.groupId }, request.params.token, MAX_WAIT_MS)
        return reply.code(outcome(r.passed)).send(r.body)
      },
    })
  }
}
