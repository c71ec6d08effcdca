/**
 * The stored files of a browser, multi-step or Playwright result: its asset manifest and each file, for download
 * or, for an image, shown in the browser. A file may name its account in the `account` query parameter instead
 * of X-Service-Account, so that a link works: an image opened in a tab, the trace the trace viewer loads.
 */
import { createReadStream } from 'node:fs'
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { ValidationError } from '../../../domain/errors.js'
import { AssetManifest } from '../../../domain/results/asset-manifest.js'
import { ASSET_FILTER_TYPES } from '../../../services/results/manifest.js'
import { errorResponses } from '../../schemas/common.js'

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description })
const ResultParams = Type.Object({ checkId: Id('Check ID.'), resultId: Id('Check result ID.') })
const FileParams = Type.Object({ ...ResultParams.properties, name: Type.String({ minLength: 1, maxLength: 200, description: 'Asset name, as listed in the manifest.' }) })

const FileQuery = Type.Object({
  disposition: Type.Optional(
    StringEnum(['attachment', 'inline'] as const, {
      default: 'attachment',
      description: 'attachment (a download), or inline to show an image (PNG, JPEG, GIF or WebP) in the browser.',
    }),
  ),
  account: Type.Optional(Id('The account, for a link that cannot send X-Service-Account (the header wins when both are sent).')),
})

/**
 * The types a browser shows as a picture and nothing else. SVG is not one: it is a document that can run scripts,
 * and a run's files are the run's to choose.
 */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** An image shown in a tab is a document of this origin: it runs nothing, loads nothing but itself, and only this origin may frame it. */
const INLINE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"

const AssetsQuery = Type.Object({
  type: Type.Optional(
    Type.Array(StringEnum(ASSET_FILTER_TYPES), { maxItems: 20, description: 'Filter assets by normalized asset type. Repeat the query parameter to include multiple types.' }),
  ),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Glob pattern (* and ?) matched case-insensitively against the asset name. Empty patterns are ignored.' })),
})

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
  app.get<{ Params: Static<typeof FileParams>; Querystring: Static<typeof FileQuery> }>(
    '/v1/check-results/:checkId/:resultId/assets/:name',
    {
      config: { accountInQuery: true },
      schema: {
        tags,
        summary: 'Download one asset of a check result (an attachment with its stored content type), or show an image inline',
        params: FileParams,
        querystring: FileQuery,
        response: errorResponses(400, 401, 404, 429),
      },
    },
    async (request, reply) => {
      const { checkId, resultId, name } = request.params
      const file = await services.artifacts.file(request.accountId, checkId, resultId, name)
      const inline = request.query.disposition === 'inline'
      if (inline && !INLINE_TYPES.has(file.contentType.toLowerCase())) {
        throw new ValidationError({ disposition: `inline is only for PNG, JPEG, GIF and WebP images; ${name} is ${file.contentType}` })
      }
      // The content type is the one stored with the file, never one from the request; nosniff keeps the browser
      // to it. Names are [A-Za-z0-9._@-] only (the store refuses others), so they need no quoting in the header.
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
      if (inline) reply.header('content-security-policy', INLINE_CSP).header('cache-control', 'private, no-cache')
      return reply.send(createReadStream(file.path))
    },
  )
}
