/** Client certificates of mutual TLS: HTTP routes. The key and passphrase go in, and never come back out. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { ClientCertificateBody, ClientCertificateView } from '../../domain/client-certificates/client-certificate.js'
import type { Services } from '../../services/index.js'
import { errorResponses } from '../schemas/common.js'
import { bodySchemaErrors } from '../validation.js'

const tags = ['client-certificates']
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Client certificate id.' }) })

export async function clientCertificateRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const certificates = services.clientCertificates

  app.get(
    '/v1/client-certificates',
    { schema: { tags, summary: 'List client certificates', response: { 200: Type.Array(ClientCertificateView), ...errorResponses(401, 403, 429) } } },
    async (request) => certificates.list(request.accountId),
  )

  app.post<{ Body: Static<typeof ClientCertificateBody> }>(
    '/v1/client-certificates',
    {
      // A body that fails its schema still reaches the service, which adds its own problems to the schema's.
      attachValidation: true,
      schema: {
        tags,
        summary: 'Upload a client certificate and its private key for a host',
        body: ClientCertificateBody,
        response: { 201: ClientCertificateView, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await certificates.create(request.accountId, request.body, bodySchemaErrors(request))),
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/client-certificates/:id',
    { schema: { tags, summary: 'Get a client certificate', params: IdParams, response: { 200: ClientCertificateView, ...errorResponses(401, 403, 404, 429) } } },
    async (request) => certificates.get(request.accountId, request.params.id),
  )

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/client-certificates/:id',
    {
      schema: { tags, summary: 'Delete a client certificate', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) } },
    },
    async (request, reply) => {
      await certificates.remove(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )
}
