/**
 * Uploaded code bundles and files (table in migrations/023-code-bundles.ts) and their bytes on disk:
 * <root>/<accountId>/<id>, where both segments are checked and the id is made here, never taken from a request.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, promises as fs, type ReadStream } from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { limitTo, TooLarge } from '../lib/byte-limit.js'
import type { Kysely } from 'kysely'
import { isSafeSegment } from './artifact-files.js'
import type { Database } from './schema.js'

export interface CodeBundleRow {
  id: string
  account_id: string
  kind: string
  size: number
  created_at: number
}

export interface CodeBundleStore {
  /** Streams `body` to disk, stopping past `limitBytes` ('too-large', nothing kept); then records the row. */
  save(row: Omit<CodeBundleRow, 'size'>, body: Readable, limitBytes: number): Promise<{ size: number } | 'too-large' | 'invalid'>
  /** The bundle's bytes when the account has it. */
  open(accountId: string, id: string): Promise<{ row: CodeBundleRow; stream: ReadStream } | null>
}

export function codeBundleStore(database: Kysely<Database>, root: string): CodeBundleStore {
  const db = database.withTables<{ code_bundles: CodeBundleRow }>()
  const base = path.resolve(root)
  const fileOf = (accountId: string, id: string): string | null => (isSafeSegment(accountId) && isSafeSegment(id) ? path.join(base, accountId, id) : null)

  return {
    async save(row, body, limitBytes) {
      const target = fileOf(row.account_id, row.id)
      if (!target) return 'invalid'
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}~${randomBytes(6).toString('hex')}`
      try {
        await pipeline(body, limitTo(limitBytes), createWriteStream(temp))
        await fs.rename(temp, target)
      } catch (err) {
        await fs.rm(temp, { force: true }).catch(() => undefined)
        if (err instanceof TooLarge) return 'too-large'
        throw err
      }
      const size = (await fs.stat(target)).size
      await db
        .insertInto('code_bundles')
        .values({ ...row, size })
        .execute()
      return { size }
    },
    async open(accountId, id) {
      const row = await db.selectFrom('code_bundles').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      const file = row ? fileOf(accountId, row.id) : null
      if (!row || !file) return null
      const exists = await fs.stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
      return exists ? { row: { ...row, size: Number(row.size), created_at: Number(row.created_at) }, stream: createReadStream(file) } : null
    },
  }
}
