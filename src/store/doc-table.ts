/**
 * An account-scoped table of JSON documents (id, account_id, doc, created_at, updated_at, plus a few indexed
 * columns derived from the document). Most configuration resources are stored this way; their modules add only
 * what is particular to them.
 */
import type { Kysely } from 'kysely'
import { ConflictError } from '../domain/errors.js'
import { newId } from '../lib/ids.js'
import { isUniqueViolation } from './dialect.js'
import type { Database } from './schema.js'
import type { DocCodec } from './secrets/sealed-docs.js'

export type Doc = Record<string, unknown>
export type ColumnValue = string | number | null

/** A stored document with its bookkeeping; D is the document's type (its resource's contract), Doc when untyped. */
export interface DocRecord<Id extends string | number, D extends Doc = Doc> {
  id: Id
  accountId: string
  doc: D
  createdAt: number
  updatedAt: number | null
  columns: Record<string, ColumnValue>
}

export interface DocTableSpec<D extends Doc = Doc> {
  table: string
  idKind: 'uuid' | 'serial'
  /** Indexed columns derived from the document (e.g. unique names); the table must have them. */
  columns?: (doc: D) => Record<string, ColumnValue>
  /** What a unique-constraint failure means, for the 409 message. */
  conflictMessage?: string
  /** How documents are stored: their secret values sealed on write and opened on read. */
  codec?: DocCodec
}

export interface ListOptions {
  limit?: number
  offset?: number
  /** Equality filters on derived columns. */
  where?: Record<string, ColumnValue>
}

/** A table of documents of type D: what it hands back is what was written, as the writers' type says. */
export interface DocTable<Id extends string | number, D extends Doc = Doc> {
  insert(accountId: string, doc: D, at: number, id?: Id): Promise<DocRecord<Id, D>>
  get(accountId: string, id: Id): Promise<DocRecord<Id, D> | undefined>
  list(accountId: string, options?: ListOptions): Promise<{ items: DocRecord<Id, D>[]; total: number }>
  update(accountId: string, id: Id, doc: D, at: number): Promise<DocRecord<Id, D> | undefined>
  /**
   * Changes a record only if nobody changed it meanwhile: `change` gets the stored document and returns the new one
   * (undefined: leave it); the write succeeds only while the row still holds what was read. Undefined when the
   * record is gone, `change` declined, or another writer came first. For work that several instances may do at once
   * and that must happen once (telling subscribers, say).
   */
  change(accountId: string, id: Id, change: (doc: D) => D | undefined, at: number): Promise<DocRecord<Id, D> | undefined>
  delete(accountId: string, id: Id): Promise<boolean>
  /** Every record of every account (periodic work over a small table, e.g. maintenance windows), oldest first. */
  listAcrossAccounts(): Promise<DocRecord<Id, D>[]>
  /** A record by a derived column, in any account (for names unique across all accounts). */
  findByColumn(column: string, value: ColumnValue): Promise<DocRecord<Id, D> | undefined>
  /** The records of several accounts in one statement (a batch spanning accounts), filtered like list, oldest first. */
  listForAccounts(accountIds: string[], where?: Record<string, ColumnValue>): Promise<DocRecord<Id, D>[]>
  /** The records with these ids in one statement, whatever their account (the caller checks it), in no order. */
  getMany(ids: Id[]): Promise<DocRecord<Id, D>[]>
}

/** Lists of ids bound as parameters, cut so that no statement passes SQLite's parameter limit. */
function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

type Row = { id: string | number; account_id: string; doc: string; created_at: number; updated_at: number | null } & Record<string, unknown>

export function docTable<Id extends string | number, D extends Doc = Doc>(database: Kysely<Database>, spec: DocTableSpec<D>): DocTable<Id, D> {
  // Table names are chosen by the caller at run time, which Kysely's static typing cannot follow.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = database as unknown as Kysely<any>
  const derive = (doc: D) => spec.columns?.(doc) ?? {}
  const stored = (doc: D): string => JSON.stringify(spec.codec ? spec.codec.encode(doc) : doc)
  // The row mapping: a stored document is one a writer of this table wrote as a D (the only place D is taken on trust).
  const readDoc = (text: string): D => {
    const doc = JSON.parse(text) as Doc
    return (spec.codec ? spec.codec.decode(doc) : doc) as D
  }
  const fromRow = (row: Row): DocRecord<Id, D> => {
    const { id, account_id, doc, created_at, updated_at, ...rest } = row
    return {
      id: (spec.idKind === 'serial' ? Number(id) : String(id)) as Id,
      accountId: account_id,
      doc: readDoc(doc),
      createdAt: Number(created_at),
      updatedAt: updated_at === null ? null : Number(updated_at),
      columns: rest as Record<string, ColumnValue>,
    }
  }
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(spec.conflictMessage ?? `${spec.table}: a unique value is already taken`)
      throw err
    }
  }
  const scoped = (accountId: string, where: Record<string, ColumnValue> = {}) => {
    let q = db.selectFrom(spec.table).where('account_id', '=', accountId)
    for (const [column, value] of Object.entries(where)) q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value)
    return q
  }

  return {
    insert: (accountId, doc, at, id) =>
      guard(async () => {
        const values: Record<string, unknown> = { account_id: accountId, doc: stored(doc), created_at: at, updated_at: null, ...derive(doc) }
        if (spec.idKind === 'uuid') values.id = id ?? newId()
        const row = (await db.insertInto(spec.table).values(values).returningAll().executeTakeFirstOrThrow()) as Row
        return fromRow(row)
      }),
    async listAcrossAccounts() {
      const rows = (await db.selectFrom(spec.table).selectAll().orderBy('created_at').orderBy('id').execute()) as Row[]
      return rows.map(fromRow)
    },
    async get(accountId, id) {
      const row = (await scoped(accountId).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined
      return row ? fromRow(row) : undefined
    },
    async list(accountId, options = {}) {
      const q = scoped(accountId, options.where)
      const page = q.selectAll().orderBy('created_at').orderBy('id')
      // Without a limit every row is read, and their number is the total: no statement of its own to count them.
      if (options.limit === undefined) {
        const rows = (await page.execute()) as Row[]
        return { items: rows.map(fromRow), total: rows.length }
      }
      const count = (await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string }
      const rows = (await page
        .limit(options.limit)
        .offset(options.offset ?? 0)
        .execute()) as Row[]
      return { items: rows.map(fromRow), total: Number(count.n) }
    },
    update: (accountId, id, doc, at) =>
      guard(async () => {
        const row = (await db
          .updateTable(spec.table)
          .set({ doc: stored(doc), updated_at: at, ...derive(doc) })
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()) as Row | undefined
        return row ? fromRow(row) : undefined
      }),
    async change(accountId, id, change, at) {
      const row = (await scoped(accountId).select('doc').where('id', '=', id).executeTakeFirst()) as { doc: string } | undefined
      const next = row ? change(readDoc(row.doc)) : undefined
      if (!row || next === undefined) return undefined
      // Compared on the stored text: on PostgreSQL a second writer waits for the first's row lock, then finds the
      // text changed and writes nothing.
      return guard(async () => {
        const updated = (await db
          .updateTable(spec.table)
          .set({ doc: stored(next), updated_at: at, ...derive(next) })
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .where('doc', '=', row.doc)
          .returningAll()
          .executeTakeFirst()) as Row | undefined
        return updated ? fromRow(updated) : undefined
      })
    },
    async delete(accountId, id) {
      const r = await db.deleteFrom(spec.table).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async listForAccounts(accountIds, where = {}) {
      const out: DocRecord<Id, D>[] = []
      for (const ids of chunks([...new Set(accountIds)])) {
        let q = db.selectFrom(spec.table).selectAll().where('account_id', 'in', ids)
        for (const [column, value] of Object.entries(where)) q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value)
        out.push(...((await q.orderBy('created_at').orderBy('id').execute()) as Row[]).map(fromRow))
      }
      return out
    },
    async getMany(ids) {
      const out: DocRecord<Id, D>[] = []
      for (const part of chunks([...new Set(ids)])) out.push(...((await db.selectFrom(spec.table).selectAll().where('id', 'in', part).execute()) as Row[]).map(fromRow))
      return out
    },
    async findByColumn(column, value) {
      const row = (await db.selectFrom(spec.table).selectAll().where(column, '=', value).executeTakeFirst()) as Row | undefined
      return row ? fromRow(row) : undefined
    },
  }
}
