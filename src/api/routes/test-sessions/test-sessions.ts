/** Test sessions: run a set of deployed checks now as a recorded session, follow it, read its results and files. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { bodySchemaErrors } from '../../validation.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { ASSET_FILTER_TYPES } from '../../../services/results/manifest.js'
import { CancelBody } from '../checks/check-sessions.js'
import {
  TEST_SESSION_PROVIDERS,
  TEST_SESSION_STATUSES,
  TestSessionAssetManifest,
  TestSessionList,
  TestSessionResultDetailView,
  TestSessionView,
  TriggerTestSessionBody,
} from '../../../domain/test-sessions/contract.js'

const Uuid = (description: string) => Type.String({ format: 'uuid', description })
const SessionParams = Type.Object({ testSessionId: Uuid('Test session ID.') })
const ResultParams = Type.Object({ testSessionId: Uuid('Test session ID.'), testSessionResultId: Uuid('Test session result ID.') })
const CompletionQuery = Type.Object({ maxWaitSeconds: Type.Number({ minimum: 1, maximum: 30, default: 30 }) })
const Texts = (description: string) => Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description }))
const ListQuery = Type.Object({
  from: Type.Optional(Type.Number({ description: 'Sessions created at or after this Unix time (seconds).' })),
  to: Type.Optional(Type.Number({ description: 'Sessions created before this Unix time (seconds).' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  statuses: Type.Optional(Type.Array(StringEnum(TEST_SESSION_STATUSES), { maxItems: 4 })),
  branches: Texts('Git branch names.'),
  users: Texts('Commit owners or invoking users.'),
  providers: Type.Optional(Type.Array(StringEnum(TEST_SESSION_PROVIDERS), { maxItems: 5 })),
  noUsers: Type.Optional(Type.Boolean({ default: false })),
  nextId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The cursor of the previous page.' })),
  textSearch: Type.Optional(Type.String({ minLength: 3, maxLength: 200 })),
  errorGroupId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
})
const AssetsQuery = Type.Object({
  type: Type.Optional(Type.Array(StringEnum(ASSET_FILTER_TYPES), { maxItems: 20 })),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Glob pattern (* and ?) matched case-insensitively against the asset name.' })),
})
const tags = ['test sessions']

export async function testSessionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const sessions = services.testSessions

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/test-sessions',
    {
      schema: { tags, summary: 'List test sessions, newest first (cursor: nextId)', querystring: ListQuery, response: { 200: TestSessionList, ...errorResponses(400, 401, 429) } },
    },
    async (request) => {
      const q = request.query
      return sessions.list(request.accountId, {
        ...q,
        from: q.from === undefined ? undefined : q.from * 1000,
        to: q.to === undefined ? undefined : q.to * 1000,
      })
    },
  )

  app.post<{ Body: Static<typeof TriggerTestSessionBody> }>(
    '/v1/test-sessions/trigger',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Run the deployed checks a target names (by id, or by tags) as one recorded test session',
        body: TriggerTestSessionBody,
        response: { 201: TestSessionView, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const schemaErrors = bodySchemaErrors(request)
      const body = (request.body ?? {}) as Static<typeof TriggerTestSessionBody>
      return reply.code(201).send(await sessions.trigger(request.accountId, body, schemaErrors))
    },
  )

  app.get<{ Params: Static<typeof SessionParams> }>(
    '/v1/test-sessions/:testSessionId',
    { schema: { tags, summary: 'A test session and its results so far', params: SessionParams, response: { 200: TestSessionView, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => sessions.get(request.accountId, request.params.testSessionId),
  )

  app.get<{ Params: Static<typeof SessionParams>; Querystring: Static<typeof CompletionQuery> }>(
    '/v1/test-sessions/:testSessionId/completion',
    {
      schema: {
        tags,
        summary: 'Wait up to maxWaitSeconds for a test session to finish: 200 with its results, or 408 with Retry-After while it still runs',
        params: SessionParams,
        querystring: CompletionQuery,
        response: { 200: TestSessionView, ...errorResponses(400, 401, 404, 408, 429) },
      },
    },
    async (request, reply) => {
      const { done, view } = await sessions.await(request.accountId, request.params.testSessionId, request.query.maxWaitSeconds * 1000)
      if (done) return view
      return reply
        .code(408)
        .header('Retry-After', '5')
        .send({ statusCode: 408, error: 'Request Timeout', message: 'The test session is still running; call again', attributes: { status: view.status } })
    },
  )

  app.post<{ Params: Static<typeof SessionParams>; Body: Static<typeof CancelBody> | undefined }>(
    '/v1/test-sessions/:testSessionId/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a test session's runs that have not finished (all, or those of sequenceId): queued runs never start, and the attempt in flight is not retried",
        params: SessionParams,
        body: Type.Optional(CancelBody),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await sessions.cancel(request.accountId, request.params.testSessionId, request.body?.sequenceId)
      return reply.code(204).send()
    },
  )

  app.get<{ Params: Static<typeof ResultParams> }>(
    '/v1/test-sessions/:testSessionId/results/:testSessionResultId',
    {
      schema: {
        tags,
        summary: 'One result of a test session in full',
        params: ResultParams,
        response: { 200: TestSessionResultDetailView, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => sessions.result(request.accountId, request.params.testSessionId, request.params.testSessionResultId),
  )

  app.get<{ Params: Static<typeof ResultParams>; Querystring: Static<typeof AssetsQuery> }>(
    '/v1/test-sessions/:testSessionId/results/:testSessionResultId/assets',
    {
      schema: {
        tags,
        summary: 'The files of a test-session result (traces, screenshots, reports, logs), each with its download URL',
        params: ResultParams,
        querystring: AssetsQuery,
        response: { 200: TestSessionAssetManifest, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => sessions.assets(request.accountId, request.params.testSessionId, request.params.testSessionResultId, { type: request.query.type, name: request.query.name }),
  )
}
