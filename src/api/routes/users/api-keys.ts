/** The account's API keys as the console manages them: list, create (shown once), revoke. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { errorResponses } from '../../schemas/common.js'
import { ApiKeyView, CreatedApiKey } from '../../../domain/users/contract.js'

const tags = ['accounts']
const CreateBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) })
const IdParams = Type.Object({ id: Type.String({ description: 'API key id; an unknown one is a 404.' }) })

export async function apiKeyRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { apiKeys } = services

  app.get(
    '/v1/accounts/me/api-keys',
    {
      schema: {
        tags,
        summary: "List the account's API keys (active and revoked)",
        description: 'Needs ADMIN or OWNER.',
        response: { 200: Type.Array(ApiKeyView), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => apiKeys.list(request.accountId),
  )

  app.post<{ Body: Static<typeof CreateBody> }>(
    '/v1/accounts/me/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key',
        description: 'Needs ADMIN or OWNER. The key acts for you, with your current role in the account (a key made with an operator key is an operator key, acting as OWNER).',
        body: CreateBody,
        response: { 201: CreatedApiKey, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await apiKeys.create(request.accountId, request.userId, request.body.name)),
  )

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/accounts/me/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: '404 unless it is an active key of this account.',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )
}
