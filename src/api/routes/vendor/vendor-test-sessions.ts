/**
 * Compatibility routes for the test and trigger runs of the reference service's own CLI: `checkly test` posts the
 * checks of the project it parsed (gzip JSON) to /v1/test-sessions/run, `checkly trigger` names deployed checks
 * at /next/test-sessions/trigger; both then read the runs on the result stream (MQTT at /mqtt) and the session's
 * links here. No matching check is the 403 with errorCode ERR_NO_MATCHING_CHECKS that the client expects.
 */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { NoMatchingChecks } from '../../../services/test-sessions/vendor-runs.js'
import { errorBody } from '../../errors.js'
import { ErrorResponse, errorResponses } from '../../schemas/common.js'
import { gunzipBody } from '../projects-vendor.js'
import { COMPATIBILITY_TAG } from './next-accounts.js'

const tags = [COMPATIBILITY_TAG]
const compatibility = 'Compatibility route for the reference service\u2019s own CLI; not part of the public API. '
const RunBody = Type.Object({}, { additionalProperties: true, description: 'The request of `checkly test` or `checkly trigger`, as that client sends it.' })
const Started = Type.Object({
  testSessionId: Type.Optional(Type.String({ description: 'Only when the client asked to record the session.' })),
  sequenceIds: Type.Record(Type.String(), Type.String(), { description: 'The client\u2019s key of each check to the key of its run on the result stream.' }),
})
const Triggered = Type.Object({
  ...Started.properties,
  checks: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), checkType: Type.String(), tags: Type.Array(Type.String()) })),
})
const NoMatch = Type.Object({ ...ErrorResponse.properties, errorCode: Type.String() })
const SessionParams = Type.Object({ testSessionId: Type.String({ format: 'uuid' }) })
const ResultParams = Type.Object({ testSessionId: Type.String({ format: 'uuid' }), testResultId: Type.String({ format: 'uuid' }) })

export async function vendorTestSessionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.post(
    '/v1/test-sessions/run',
    {
      preParsing: gunzipBody,
      schema: {
        tags,
        summary: 'Run checks that are not deployed (compatibility)',
        description: compatibility,
        body: RunBody,
        response: { 202: Started, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await services.vendorRuns.run(request.accountId, request.body)),
  )

  app.post(
    '/next/test-sessions/trigger',
    {
      preParsing: gunzipBody,
      schema: {
        tags,
        summary: 'Run deployed checks by id or tags (compatibility)',
        description: compatibility,
        body: RunBody,
        response: { 202: Triggered, 403: NoMatch, ...errorResponses(400, 401, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      try {
        return await reply.code(202).send(await services.vendorRuns.trigger(request.accountId, request.body))
      } catch (err) {
        if (err instanceof NoMatchingChecks) return reply.code(403).send({ ...errorBody(403, err.message, {}), errorCode: err.errorCode })
        throw err
      }
    },
  )

  app.get<{ Params: { testSessionId: string } }>(
    '/next/test-sessions/:testSessionId/link',
    {
      schema: {
        tags,
        summary: 'A link to a test session (compatibility)',
        description: compatibility,
        params: SessionParams,
        response: { 200: Type.Object({ link: Type.String() }), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({ link: (await services.testSessions.get(request.accountId, request.params.testSessionId)).testSessionLink }),
  )

  app.get<{ Params: { testSessionId: string; testResultId: string } }>(
    '/next/test-sessions/:testSessionId/results/:testResultId/links',
    {
      schema: {
        tags,
        summary: 'Links to a test session result (compatibility)',
        description: compatibility,
        params: ResultParams,
        response: {
          200: Type.Object({ testResultLink: Type.String(), testTraceLinks: Type.Array(Type.String()), videoLinks: Type.Array(Type.String()) }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request) => {
      const result = await services.testSessions.result(request.accountId, request.params.testSessionId, request.params.testResultId)
      return { testResultLink: result.testSessionResultLink, testTraceLinks: [], videoLinks: [] }
    },
  )
}
