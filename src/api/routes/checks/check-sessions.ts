/** Run checks now and wait for their results (for people debugging a check, and CI). */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { CheckSessionView, CheckSessionsTriggered } from '../../../domain/checks/session-view-schema.js'
import { bodySchemaErrors } from '../../validation.js'

const TriggerBody = Type.Object({
  target: Type.Object({
    checkId: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
    matchTags: Type.Optional(Type.Array(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 20 }), { maxItems: 20 })),
  }),
  refreshCache: Type.Optional(Type.Boolean()),
})
const SessionParams = Type.Object({ checkSessionId: Type.String({ minLength: 1, maxLength: 100 }) })
const CompletionQuery = Type.Object({ maxWaitSeconds: Type.Number({ minimum: 1, maximum: 30, default: 30 }) })
/** The runs to cancel; without sequenceId, every unfinished run of the session. */
export const CancelBody = Type.Object({
  sequenceId: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, description: 'Run sequences of the session to cancel.' })),
})

export async function checkSessionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['check sessions']
  for (const version of ['v1', 'v2']) {
    app.post<{ Body: Static<typeof TriggerBody> }>(
      `/${version}/check-sessions/trigger`,
      {
        // A body that fails its schema still reaches the service, which adds the target's problem to the schema's.
        attachValidation: true,
        schema: {
          tags,
          summary: 'Run the matching checks now (one session per check)',
          body: TriggerBody,
          response: { 201: CheckSessionsTriggered, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const schemaErrors = bodySchemaErrors(request)
        const sessions = await services.checkSessions.trigger(request.accountId, request.body.target, 'TRIGGER_API', schemaErrors)
        return reply.code(201).send({ sessions })
      },
    )
    app.get<{ Params: Static<typeof SessionParams> }>(
      `/${version}/check-sessions/:checkSessionId`,
      { schema: { tags, summary: 'The current state of a check session', params: SessionParams, response: { 200: CheckSessionView, ...errorResponses(401, 404, 429) } } },
      async (request) => services.checkSessions.get(request.accountId, request.params.checkSessionId),
    )
    app.get<{ Params: Static<typeof SessionParams>; Querystring: Static<typeof CompletionQuery> }>(
      `/${version}/check-sessions/:checkSessionId/completion`,
      {
        schema: {
          tags,
          summary: 'Wait up to maxWaitSeconds for a session to finish: 200 with its results, or 408 with Retry-After while it still runs',
          params: SessionParams,
          querystring: CompletionQuery,
          response: { 200: CheckSessionView, ...errorResponses(401, 404, 408, 429) },
        },
      },
      async (request, reply) => {
        const { done, view } = await services.checkSessions.await(request.accountId, request.params.checkSessionId, request.query.maxWaitSeconds * 1000)
        if (done) return view
        return reply
          .code(408)
          .header('Retry-After', '5')
          .send({ statusCode: 408, error: 'Request Timeout', message: 'The check session is still running; call again', attributes: { status: view.status } })
      },
    )
  }
  app.post<{ Params: Static<typeof SessionParams>; Body: Static<typeof CancelBody> | undefined }>(
    '/v1/check-sessions/:checkSessionId/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a check session's runs that have not finished: queued runs never start, and the attempt in flight is not retried",
        params: SessionParams,
        body: Type.Optional(CancelBody),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await services.checkSessions.cancel(request.accountId, request.params.checkSessionId, request.body?.sequenceId)
      return reply.code(204).send()
    },
  )
}
