/** Deployment triggers: a repository's deploys run a check or a group as a test session; the CI reports each deploy. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { CreateDeploymentTriggerBody, DeploymentBody, DeploymentStarted, DeploymentTriggerView } from '../../../domain/test-sessions/deployment-trigger-contract.js'

const tags = ['deployment triggers']

export async function deploymentTriggerRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const triggers = services.deploymentTriggers

  app.get(
    '/v1/deployment-triggers',
    { schema: { tags, summary: 'List the deployment triggers of the account', response: { 200: Type.Array(DeploymentTriggerView), ...errorResponses(401, 429) } } },
    async (request) => triggers.list(request.accountId),
  )

  app.post<{ Body: Static<typeof CreateDeploymentTriggerBody> }>(
    '/v1/deployment-triggers',
    {
      schema: {
        tags,
        summary: 'Create a deployment trigger of a repository and a check or group (200 with the existing one, updated, when there is one)',
        body: CreateDeploymentTriggerBody,
        response: { 201: DeploymentTriggerView, 200: DeploymentTriggerView, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { created, view } = await triggers.create(request.accountId, request.body)
      return reply.code(created ? 201 : 200).send(view)
    },
  )

  app.post<{ Body: Static<typeof DeploymentBody> }>(
    '/v1/deployment-triggers/deployments',
    {
      schema: {
        tags,
        summary: 'Report a finished deploy of a repository: each of its deployment triggers whose filters match starts a test session',
        body: DeploymentBody,
        response: { 201: DeploymentStarted, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ testSessions: await triggers.deployed(request.accountId, request.body) }),
  )
}
