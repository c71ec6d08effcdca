/** Account environment variables, addressed by key. A secret's value is stored sealed (lib/secret-box.ts). */
import type { Kysely } from 'kysely'
import { ConflictError } from '../domain/errors.js'
import type { SecretBox } from '../lib/secret-box.js'
import { isUniqueViolation } from './dialect.js'
import type { Database, VariableRow } from './schema.js'

export interface VariableRecord {
  key: string
  value: string
  locked: boolean
  secret: boolean
  createdAt: number
  updatedAt: number | null
}

export interface VariableStore {
  insert(accountId: string, v: VariableRecord): Promise<void>
  get(accountId: string, key: string): Promise<VariableRecord | undefined>
  list(accountId: string, limit?: number, offset?: number): Promise<{ items: VariableRecord[]; total: number }>
  /** Every variable of each of these accounts (a batch of runs reads them), in one statement per 500 accounts. */
  listOfAccounts(accountIds: readonly string[]): Promise<Map<string, VariableRecord[]>>
  update(accountId: string, v: VariableRecord): Promise<boolean>
  delete(accountId: string, key: string): Promise<boolean>
}

export function variableStore(db: Kysely<Database>, box: SecretBox): VariableStore {
  const fromRow = (r: VariableRow): VariableRecord => ({
    key: r.key,
    value: r.secret === 1 ? box.decrypt(r.value) : r.value,
    locked: r.locked === 1,
    secret: r.secret === 1,
    createdAt: Number(r.created_at),
    updatedAt: r.updated_at === null ? null : Number(r.updated_at),
  })
  const stored = (v: VariableRecord): string => (v.secret ? box.encrypt(v.value) : v.value)
  const scoped = (accountId: string) => db.selectFrom('variables').where('account_id', '=', accountId)
  return {
    async insert(accountId, v) {
      try {
        await db
          .insertInto('variables')
          .values({ account_id: accountId, key: v.key, value: stored(v), locked: v.locked ? 1 : 0, secret: v.secret ? 1 : 0, created_at: v.createdAt, updated_at: v.updatedAt })
          .execute()
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(`Variable ${v.key} already exists`, { key: 'already exists' })
        throw err
      }
    },
    async get(accountId, key) {
      const row = await scoped(accountId).selectAll().where('key', '=', key).executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
    async list(accountId, limit, offset = 0) {
      let q = scoped(accountId).selectAll().orderBy('key')
      // All of them (each run reads them): the count is the length, no second query.
      if (limit === undefined) {
        const items = (await q.execute()).map(fromRow)
        return { items, total: items.length }
      }
      const count = await scoped(accountId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      q = q.limit(limit).offset(offset)
      return { items: (await q.execute()).map(fromRow), total: Number(count.n) }
    },
    async listOfAccounts(accountIds) {
      const out = new Map<string, VariableRecord[]>(accountIds.map((id) => [id, []]))
      for (let i = 0; i < accountIds.length; i += 500) {
        const rows = await db
          .selectFrom('variables')
          .selectAll()
          .where('account_id', 'in', accountIds.slice(i, i + 500))
          .orderBy('account_id')
          .orderBy('key')
          .execute()
        for (const r of rows) out.get(r.account_id)?.push(fromRow(r))
      }
      return out
    },
    async update(accountId, v) {
      const r = await db
        .updateTable('variables')
        .set({ value: stored(v), locked: v.locked ? 1 : 0, secret: v.secret ? 1 : 0, updated_at: v.updatedAt })
        .where('account_id', '=', accountId)
        .where('key', '=', v.key)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async delete(accountId, key) {
      const r = await db.deleteFrom('variables').where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
  }
}
