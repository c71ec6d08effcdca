/** Root-cause analyses: asked for an error group (202, PENDING), then polled until they are done. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { RcaPending, RcaRequest, RcaView } from '../../domain/error-groups/rca-contract.js'
import { acceptEmptyFormBody } from './vendor/empty-form-body.js'

const GroupParams = Type.Object({ errorGroupId: Type.String({ minLength: 1, maxLength: 100, description: 'Error group id (UUID); anything else is a 404.' }) })
const SessionGroupParams = Type.Object({ testSessionErrorGroupId: Type.String({ minLength: 1, maxLength: 100, description: 'Test session error group id (UUID).' }) })
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Analysis id (UUID).' }) })
const tags = ['root cause analyses']

export async function rootCauseAnalysisRoutes(parent: FastifyInstance, services: Services): Promise<void> {
  // An encapsulated scope: the reference CLI asks without a body typed as an empty form, accepted here only.
  await parent.register(async (app) => {
    acceptEmptyFormBody(app)
    await analysisRoutes(app, services)
  })
}

async function analysisRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const rca = services.rootCauseAnalyses

  app.post<{ Params: Static<typeof GroupParams>; Body: Static<typeof RcaRequest> }>(
    '/v1/root-cause-analyses/error-groups/:errorGroupId',
    {
      schema: {
        tags,
        summary: "Ask the model for an analysis of a check's error group; poll GET /v1/root-cause-analyses/{id} for it",
        params: GroupParams,
        body: RcaRequest,
        response: { 202: RcaPending, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await rca.forErrorGroup(request.accountId, request.params.errorGroupId, request.body ?? null)),
  )

  app.post<{ Params: Static<typeof SessionGroupParams>; Body: Static<typeof RcaRequest> }>(
    '/v1/root-cause-analyses/test-session-error-groups/:testSessionErrorGroupId',
    {
      schema: {
        tags,
        summary: 'Ask the model for an analysis of a test-session error group; poll GET /v1/root-cause-analyses/{id} for it',
        params: SessionGroupParams,
        body: RcaRequest,
        response: { 202: RcaPending, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.code(202).send(await rca.forTestSessionErrorGroup(request.accountId, request.params.testSessionErrorGroupId, request.body ?? null)),
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/root-cause-analyses/:id',
    {
      schema: {
        tags,
        summary: 'Get an analysis: 202 with status PENDING while the model works, then 200 (COMPLETED with the analysis, or FAILED with why)',
        params: IdParams,
        response: { 200: RcaView, 202: RcaPending, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const found = await rca.get(request.accountId, request.params.id)
      return reply.code(found.status === 'PENDING' ? 202 : 200).send(found)
    },
  )
}
