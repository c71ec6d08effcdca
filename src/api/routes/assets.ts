/** The stored files of a browser, multi-step or Playwright result: its asset manifest and each file for download. */
import { createReadStream } from 'node:fs'
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { ASSET_FILTER_TYPES, ASSET_TYPES } from '../../services/artifacts/manifest.js'
import { errorResponses } from '../schemas/common.js'

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description })
const ResultParams = Type.Object({ checkId: Id('Check ID.'), resultId: Id('Check result ID.') })
const FileParams = Type.Object({ ...ResultParams.properties, name: Type.String({ minLength: 1, maxLength: 200, description: 'Asset name, as listed in the manifest.' }) })

const AssetsQuery = Type.Object({
  type: Type.Optional(
    Type.Array(StringEnum(ASSET_FILTER_TYPES), { maxItems: 20, description: 'Filter assets by normalized asset type. Repeat the query parameter to include multiple types.' }),
  ),
  name: Type.Optional(
    Type.String({ maxLength: 200, description: 'Glob pattern (* and ?) matched case-insensitively against the asset name. Empty patterns are ignored.' }),
  ),
})

const AssetManifestEntry = Type.Object({
  type: StringEnum(ASSET_TYPES, { description: 'Normalized asset type.' }),
  name: Type.String({ minLength: 1, description: 'Display/download name for the asset.' }),
  url: Type.String({ format: 'uri', description: 'Authenticated API URL for downloading the asset.' }),
  contentType: Type.String({ minLength: 1 }),
  source: Type.Object({
    type: StringEnum(['check-result'] as const),
    checkId: Type.String(),
    checkName: Type.String(),
    checkType: Type.String(),
    resultId: Type.String(),
  }),
})
const AssetManifest = Type.Object({ assets: Type.Array(AssetManifestEntry, { description: 'Normalized assets for the result.' }) })

export async function assetRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const tags = ['check results']
  app.get<{ Params: Static<typeof ResultParams>; Querystring: Static<typeof AssetsQuery> }>(
    '/v1/check-results/:checkId/:resultId/assets',
    {
      schema: {
        tags,
        summary: 'Retrieve a normalized asset manifest for a check result (traces, screenshots, reports, logs)',
        params: ResultParams,
        querystring: AssetsQuery,
        response: { 200: AssetManifest, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { checkId, resultId } = request.params
      return services.artifacts.manifest(request.accountId, checkId, resultId, { type: request.query.type, name: request.query.name })
    },
  )
  app.get<{ Params: Static<typeof FileParams> }>(
    '/v1/check-results/:checkId/:resultId/assets/:name',
    {
      schema: {
        tags,
        summary: 'Download one asset of a check result (as an attachment, with its content type)',
        params: FileParams,
        response: errorResponses(400, 401, 404, 429),
      },
    },
    async (request, reply) => {
      const { checkId, resultId, name } = request.params
      const file = await services.artifacts.file(request.accountId, checkId, resultId, name)
      // Names are [A-Za-z0-9._@-] only (the store refuses others), so they need no quoting in the header.
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file.path))
    },
  )
}
