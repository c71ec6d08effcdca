/**
 * Deployments of projects as the hosted service's own CLI follows them after a deploy or destroy: the record, its
 * completion (a long poll that Picket answers at once: a deployment is applied before it is answered, so it is
 * always final), its server-sent events (a progress frame and the terminal `complete` frame holding the record) and
 * its cancel (idempotent: a final deployment stays as it ended).
 */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { LOGICAL_ID_PATTERN } from '../../domain/projects/deploy-request.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { VendorDeploymentSchema } from './projects-vendor.js'

const tags = ['projects']
const Params = Type.Object({
  logicalId: Type.String({ minLength: 1, maxLength: 255, pattern: LOGICAL_ID_PATTERN, description: "The project's logical id (URL-encoded)." }),
  id: Type.String({ minLength: 1, maxLength: 100, description: 'The deployment id.' }),
})
const CompletionQuery = Type.Object({
  maxWaitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 300, description: 'How long to wait for a final state; every deployment here is final already.' })),
})
const answers = { 200: VendorDeploymentSchema, ...errorResponses(400, 401, 404, 429) }

/** One server-sent event frame (the data is one line of JSON). */
const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

export async function projectDeploymentRoutes(fastify: FastifyInstance, services: Services): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const deployments = services.vendorProjects
  const base = '/v1/projects/:logicalId/deployments/:id'

  app.get(base, { schema: { tags, summary: 'Get a deployment', params: Params, response: answers } }, async (request) =>
    deployments.deployment(request.accountId, request.params.logicalId, request.params.id),
  )

  app.get(
    `${base}/completion`,
    { schema: { tags, summary: 'Wait for a deployment to reach a final state', params: Params, querystring: CompletionQuery, response: answers } },
    async (request) => deployments.deployment(request.accountId, request.params.logicalId, request.params.id),
  )

  app.post(`${base}/cancel`, { schema: { tags, summary: 'Cancel a deployment in progress', params: Params, response: answers } }, async (request) =>
    deployments.deployment(request.accountId, request.params.logicalId, request.params.id),
  )

  app.get(
    `${base}/events`,
    {
      schema: {
        tags,
        summary: "A deployment's progress as server-sent events",
        description: 'Frames: `progress` ({progress}) and the terminal `complete` (the deployment), after which the stream ends.',
        params: Params,
        response: { 200: Type.String({ description: 'text/event-stream' }), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const deployment = await deployments.deployment(request.accountId, request.params.logicalId, request.params.id)
      const body = frame('progress', { progress: deployment.progress }) + frame('complete', deployment)
      return reply.header('cache-control', 'no-cache').type('text/event-stream').send(body)
    },
  )
}
