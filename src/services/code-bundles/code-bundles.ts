/**
 * Uploads of the hosted service's CLI (`/next/checkly-storage/…`): the archive of a project's code before a test
 * run or deploy, and other files (Playwright snapshots). Each is kept under a key this service makes, readable
 * only by the account that uploaded it, and refused past a size limit before or while it streams in.
 */
import type { Readable } from 'node:stream'
import { newId } from '../../lib/ids.js'
import type { Clock } from '../../lib/clock.js'
import { DomainError, NotFoundError, ValidationError } from '../../domain/errors.js'
import type { CodeBundleStore } from '../../store/code-bundles.js'

export type CodeBundleKind = 'code-bundle' | 'file'

export interface CodeBundleService {
  /** `declaredBytes`: the request's Content-Length, when it sent one (refused at once when over the limit). */
  upload(accountId: string, kind: CodeBundleKind, body: Readable, declaredBytes: number | undefined): Promise<{ key: string }>
  download(accountId: string, key: unknown): Promise<{ size: number; stream: Readable }>
}

/** Largest upload kept (default 100 MiB): a project's code and its dependencies, never the data of a run. */
export const CODE_BUNDLE_LIMIT_BYTES = 100 * 1024 * 1024

/** The client reads the limit out of this sentence of a 413. */
const tooLarge = (limit: number) => new DomainError(413, `Payload content length greater than maximum allowed: ${limit}`, {})
const unavailable = () => new DomainError(503, 'This installation keeps no uploaded code bundles (no data directory)', {})

export function codeBundleService(deps: { store: CodeBundleStore | undefined; clock: Clock; limitBytes?: number }): CodeBundleService {
  const limit = deps.limitBytes ?? CODE_BUNDLE_LIMIT_BYTES
  return {
    async upload(accountId, kind, body, declaredBytes) {
      if (!deps.store) throw unavailable()
      if (declaredBytes !== undefined && declaredBytes > limit) {
        body.resume()
        throw tooLarge(limit)
      }
      const id = newId()
      const saved = await deps.store.save({ id, account_id: accountId, kind, created_at: deps.clock.now() }, body, limit)
      if (saved === 'too-large') throw tooLarge(limit)
      if (saved === 'invalid') throw new ValidationError({ key: 'could not be stored' })
      return { key: id }
    },
    async download(accountId, key) {
      if (typeof key !== 'string' || key === '' || key.length > 100) throw new ValidationError({ key: 'is required: a key an upload answered' })
      const found = deps.store ? await deps.store.open(accountId, key.toLowerCase()) : null
      if (!found) throw new NotFoundError('Stored file', key)
      return { size: found.row.size, stream: found.stream }
    },
  }
}
