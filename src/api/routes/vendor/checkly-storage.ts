/**
 * Compatibility routes for the uploads of the reference service's own CLI (`/next/checkly-storage/…`): the
 * archive of a project's code before `checkly test` or a deploy, other files (Playwright snapshots), and their
 * download by key. Bodies stream to disk (never whole in memory) and are refused past the size limit with the 413
 * sentence the client reads the limit from. A key is only ever readable by the account that uploaded it.
 */
import { Readable } from 'node:stream'
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Services } from '../../../services/index.js'
import { CODE_BUNDLE_LIMIT_BYTES, type CodeBundleKind } from '../../../services/code-bundles/code-bundles.js'
import { errorResponses } from '../../schemas/common.js'
import { DomainError } from '../../../domain/errors.js'
import { COMPATIBILITY_TAG } from './next-accounts.js'

const tags = [COMPATIBILITY_TAG]
const compatibility = 'Compatibility route for the reference service\u2019s own CLI; not part of the public API. '
const Stored = Type.Object({ key: Type.String({ description: 'What the download and the client\u2019s check payloads name the upload by.' }) })
const DownloadBody = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) })

const declaredLength = (request: FastifyRequest): number | undefined => {
  const n = Number(request.headers['content-length'])
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

export async function checklyStorageRoutes(parent: FastifyInstance, services: Services): Promise<void> {
  // An encapsulated scope: the raw-bytes parser below applies to these routes only.
  await parent.register(async (app) => storageRoutes(app, services))
}

async function storageRoutes(app: FastifyInstance, services: Services): Promise<void> {
  // The upload bodies are raw bytes, handed to the service as the stream they arrive as.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload))

  const upload = (path: string, kind: CodeBundleKind, summary: string) =>
    app.post(
      path,
      {
        // The service enforces the limit as the bytes stream in (and at once from Content-Length).
        bodyLimit: CODE_BUNDLE_LIMIT_BYTES + 1,
        schema: { tags, summary, description: compatibility, response: { 200: Stored, ...errorResponses(400, 401, 403, 413, 415, 429, 503) } },
      },
      async (request) => {
        // Only the raw-bytes parser hands over a stream; a body parsed as JSON (or anything else) is not an upload.
        if (!(request.body instanceof Readable))
          throw new DomainError(415, 'An upload is its raw bytes: send it as application/octet-stream', { 'content-type': 'must be application/octet-stream' })
        return services.codeBundles.upload(request.accountId, kind, request.body, declaredLength(request))
      },
    )
  upload('/next/checkly-storage/upload-code-bundle', 'code-bundle', 'Upload a project code bundle (compatibility)')
  upload('/next/checkly-storage/upload', 'file', 'Upload a file (compatibility)')

  app.post<{ Body: Static<typeof DownloadBody> }>(
    '/next/checkly-storage/download',
    { schema: { tags, summary: 'Download an upload by key (compatibility)', description: compatibility, body: DownloadBody, response: { ...errorResponses(400, 401, 404, 429) } } },
    async (request, reply) => {
      const file = await services.codeBundles.download(request.accountId, request.body.key)
      return reply.type('application/octet-stream').header('content-length', file.size).send(file.stream)
    },
  )
}
