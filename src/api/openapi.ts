/** The OpenAPI document is generated from the route schemas and served at /openapi.json, with a docs page at /docs. */
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

export async function installOpenApi(app: FastifyInstance, publicBaseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Picket API',
        version: '1.0.0',
        description: 'Self-hostable synthetic monitoring. Every /v1 and /v2 route needs `Authorization: Bearer <API key>` and `X-Service-Account: <account id>`.',
      },
      servers: [{ url: publicBaseUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          serviceAccount: { type: 'apiKey', in: 'header', name: 'X-Service-Account' },
        },
      },
      security: [{ bearerAuth: [], serviceAccount: [] }],
    },
  })
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true })
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
