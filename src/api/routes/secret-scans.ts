/** Secret scans: readable configuration values that look like inline credentials, with redacted previews. */
import { Type } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { ENTITY_TYPES } from '../../domain/secret-scans/scan.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { errorResponses } from '../schemas/common.js'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

const SecretFindingView = Type.Object({
  entityType: StringEnum(ENTITY_TYPES),
  entityId: Type.String(),
  entityName: Nullable(Type.String()),
  checkType: Nullable(Type.String()),
  project: Nullable(Type.Object({ logicalId: Type.String(), name: Nullable(Type.String()) })),
  logicalId: Nullable(Type.String()),
  fieldPath: Type.String({ description: 'e.g. request.headers[2].value' }),
  fieldKey: Nullable(Type.String()),
  valuePreview: Nullable(Type.String({ description: 'A few leading and trailing characters; never the value.' })),
})

export async function secretScanRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get(
    '/v1/secret-scans',
    {
      schema: {
        tags: ['secret-scans'],
        summary: 'List readable configuration values that look like inline credentials',
        description:
          "Scans the account's checks (request URL, headers, query parameters, Basic auth, body, scripts, environment variables), check groups, snippets, webhook alert channels and plain environment variables. Locked and secret values are not inspected; values of secret variables found in plain text elsewhere are reported. Detected values are never returned, only a redacted preview.",
        response: { 200: Type.Array(SecretFindingView), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => services.secretScans.scan(request.accountId),
  )
}
