/**
 * Checks: one row per check with its full document as JSON, plus indexed columns and tags for filtering. The
 * document's secrets are stored sealed (domain/secrets/stored-secrets.ts); the ping token column holds the token's
 * digest, which is all a ping needs to find its check.
 */
import { sql, type Kysely } from 'kysely'
import type { Database, CheckRow } from './schema.js'
import type { Dialect } from './db.js'
import { containsText, escapeLike, inTransaction, isUniqueViolation } from './dialect.js'
import { ConflictError } from '../domain/errors.js'
import type { SecretBox } from '../lib/secret-box.js'
import type { StoredCheck } from '../domain/checks/contract.js'
import type { CheckType } from '../domain/checks/enums.js'
import { sealedDocs, tokenDigest, tokenLookups, type DocCodec } from './secrets/sealed-docs.js'

export interface CheckRecord {
  id: string
  accountId: string
  checkType: CheckType
  doc: StoredCheck
  createdAt: number
  updatedAt: number | null
}

export interface CheckListFilter {
  accountId: string
  checkType?: string | undefined
  tags?: string[] | undefined
  search?: string | undefined
  urlPattern?: string | undefined
  status?: string | undefined
  groupId?: number | undefined
  limit: number
  offset: number
}

export interface CheckStore {
  insert(record: CheckRecord): Promise<void>
  /** With the tags the check had (`previousTags`), unchanged tags are not written again. */
  update(record: CheckRecord, previousTags?: readonly string[]): Promise<void>
  get(accountId: string, id: string): Promise<CheckRecord | undefined>
  delete(accountId: string, id: string): Promise<boolean>
  list(filter: CheckListFilter): Promise<{ items: CheckRecord[]; total: number }>
  /** The id and type of each check of the same page as list(filter), in its order, without reading documents. */
  listKeys(filter: CheckListFilter): Promise<Array<{ id: string; checkType: string }>>
  /** Checks by id in any account (the engine loads the checks of a batch of runs). */
  getMany(ids: string[]): Promise<CheckRecord[]>
  /** Which of these ids are checks that still exist (no documents read). */
  existingIds(ids: string[]): Promise<Set<string>>
  /** Every check of an account (for reference scans such as "is this snippet in use"). */
  listAll(accountId: string): Promise<CheckRecord[]>
  /** The id of the check that owns a ping token, in any account. */
  findIdByPingToken(token: string): Promise<string | undefined>
}

/** The row of a check: the document with its secrets sealed, the ping token as its digest. */
export function checkRowOf(r: CheckRecord, codec: DocCodec): CheckRow {
  const request = r.doc.request as Record<string, unknown> | undefined
  const heartbeat = r.doc.heartbeat as Record<string, unknown> | undefined
  return {
    id: r.id,
    account_id: r.accountId,
    check_type: r.checkType,
    name: String(r.doc.name),
    activated: r.doc.activated === false ? 0 : 1,
    group_id: typeof r.doc.groupId === 'number' ? r.doc.groupId : null,
    url: typeof request?.url === 'string' ? request.url : null,
    ping_token: typeof heartbeat?.pingToken === 'string' ? tokenDigest(heartbeat.pingToken) : null,
    doc: JSON.stringify(codec.encode(r.doc)),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }
}

/**
 * A check's identity and document from its row: the one trusting cast, as a stored document was validated against
 * its type's schema (and its type against the known ones) when it was written.
 */
export const watchedCheckOf = (row: Pick<CheckRow, 'id' | 'account_id' | 'check_type' | 'doc'>, codec: DocCodec): Pick<CheckRecord, 'id' | 'accountId' | 'checkType' | 'doc'> => ({
  id: row.id,
  accountId: row.account_id,
  checkType: row.check_type as CheckType,
  doc: codec.decode(JSON.parse(row.doc) as Record<string, unknown>) as StoredCheck,
})

const recordOf = (row: CheckRow, codec: DocCodec): CheckRecord => ({
  ...watchedCheckOf(row, codec),
  createdAt: Number(row.created_at),
  updatedAt: row.updated_at === null ? null : Number(row.updated_at),
})

const tagsOf = (r: CheckRecord): string[] => [...new Set(r.doc.tags ?? [])]
const sameTags = (a: readonly string[], b: readonly string[]): boolean => {
  const before = new Set(a)
  return before.size === b.length && b.every((t) => before.has(t))
}

/** The only unique column besides the id is the heartbeat ping token. */
const guardToken = async (work: () => Promise<void>): Promise<void> => {
  try {
    await work()
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('heartbeat.pingToken is already in use', { 'heartbeat.pingToken': 'is already in use' })
    throw err
  }
}

export function checkStore(db: Kysely<Database>, dialect: Dialect, box: SecretBox): CheckStore {
  const codec = sealedDocs(box, 'check')
  const toRow = (r: CheckRecord) => checkRowOf(r, codec)
  const fromRow = (row: CheckRow) => recordOf(row, codec)
  /** The account's checks that pass the list's filters (a query to count or to read a page of). */
  const filtered = (f: CheckListFilter) => {
    let q = db.selectFrom('checks').where('checks.account_id', '=', f.accountId)
    if (f.checkType) q = q.where('checks.check_type', '=', f.checkType)
    if (f.groupId !== undefined) q = q.where('checks.group_id', '=', f.groupId)
    if (f.search) q = q.where(sql<boolean>`lower(checks.name) like ${`%${escapeLike(f.search.toLowerCase())}%`} escape '\\'`)
    if (f.urlPattern) {
      q = q.where('checks.check_type', '=', 'API').where(containsText(dialect, sql.ref('checks.url'), f.urlPattern))
    }
    if (f.tags && f.tags.length > 0) {
      const tags = f.tags
      q = q.where('checks.id', 'in', (eb) =>
        eb.selectFrom('check_tags').select('check_tags.check_id').where('check_tags.account_id', '=', f.accountId).where('check_tags.tag', 'in', tags),
      )
    }
    if (f.status) {
      const status = f.status
      q = q.where('checks.id', 'in', (eb) =>
        eb.selectFrom('check_statuses').select('check_statuses.check_id').where('check_statuses.account_id', '=', f.accountId).where('check_statuses.status', '=', status),
      )
    }
    return q
  }
  /** `fresh`: the check was just inserted and has no tags to remove yet. */
  const writeTags = async (trx: Kysely<Database>, r: CheckRecord, fresh = false) => {
    if (!fresh) await trx.deleteFrom('check_tags').where('check_id', '=', r.id).execute()
    const tags = tagsOf(r)
    if (tags.length > 0) {
      await trx
        .insertInto('check_tags')
        .values(tags.map((tag) => ({ check_id: r.id, account_id: r.accountId, tag })))
        .execute()
    }
  }
  return {
    insert: (record) =>
      guardToken(() =>
        inTransaction(db, async (trx) => {
          await trx.insertInto('checks').values(toRow(record)).execute()
          await writeTags(trx, record, true)
        }),
      ),
    update: (record, previousTags) =>
      guardToken(() =>
        inTransaction(db, async (trx) => {
          const { id, account_id: accountId, created_at: _createdAt, ...changes } = toRow(record)
          await trx.updateTable('checks').set(changes).where('id', '=', id).where('account_id', '=', accountId).execute()
          if (!previousTags || !sameTags(previousTags, tagsOf(record))) await writeTags(trx, record)
        }),
      ),
    async get(accountId, id) {
      const row = await db.selectFrom('checks').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
    async delete(accountId, id) {
      // One statement: the check's tags, status, schedule, results and the rest go with it (ON DELETE CASCADE).
      const r = await db.deleteFrom('checks').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async getMany(ids) {
      const out: CheckRecord[] = []
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom('checks')
          .selectAll()
          .where('id', 'in', ids.slice(i, i + 500))
          .execute()
        out.push(...rows.map(fromRow))
      }
      return out
    },
    async existingIds(ids) {
      const out = new Set<string>()
      for (let i = 0; i < ids.length; i += 500) {
        for (const row of await db
          .selectFrom('checks')
          .select('id')
          .where('id', 'in', ids.slice(i, i + 500))
          .execute())
          out.add(row.id)
      }
      return out
    },
    async listAll(accountId) {
      const rows = await db.selectFrom('checks').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()
      return rows.map(fromRow)
    },
    async findIdByPingToken(token) {
      const forms = tokenLookups(token)
      if (forms.length === 0) return undefined
      const row = await db.selectFrom('checks').select('id').where('ping_token', 'in', forms).executeTakeFirst()
      return row?.id
    },
    async list(f) {
      // The page and its total in one statement: the total is an uncorrelated subquery, counted once through the
      // index. A page past the end has no row to carry it, so only then is it counted on its own.
      const q = filtered(f)
      const counted = () => q.select((eb) => eb.fn.countAll<number>().as('n'))
      const rows = await q
        .selectAll('checks')
        .select(() => counted().as('total_rows'))
        .orderBy('checks.created_at')
        .orderBy('checks.id')
        .limit(f.limit)
        .offset(f.offset)
        .execute()
      const total = rows[0] ? Number(rows[0].total_rows) : f.offset === 0 ? 0 : Number((await counted().executeTakeFirstOrThrow()).n)
      return { items: rows.map(({ total_rows: _total, ...row }) => fromRow(row)), total }
    },
    async listKeys(f) {
      const rows = await filtered(f).select(['checks.id', 'checks.check_type']).orderBy('checks.created_at').orderBy('checks.id').limit(f.limit).offset(f.offset).execute()
      return rows.map((r) => ({ id: r.id, checkType: r.check_type }))
    },
  }
}
