/** CI/CD trigger tokens for a check or a group (one each). */
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Database, TriggerRow } from '../schema.js'

type Row = Omit<TriggerRow, 'id'> & { id: number }
export type TriggerTarget = { checkId: string } | { groupId: number }

export interface TriggerStore {
  get(accountId: string, target: TriggerTarget): Promise<Row | undefined>
  create(accountId: string, target: TriggerTarget, token: string, at: number): Promise<Row>
  remove(accountId: string, target: TriggerTarget): Promise<boolean>
  findByToken(token: string): Promise<Row | undefined>
  touch(id: number, at: number): Promise<void>
}

export function triggerStore(db: Kysely<Database>): TriggerStore {
  const byTarget = (t: TriggerTarget) => ('checkId' in t ? sql<SqlBool>`check_id = ${t.checkId}` : sql<SqlBool>`group_id = ${t.groupId}`)
  return {
    async get(accountId, target) {
      const row = await db.selectFrom('triggers').selectAll().where('account_id', '=', accountId).where(byTarget(target)).executeTakeFirst()
      return row as Row | undefined
    },
    async create(accountId, target, token, at) {
      const values = { account_id: accountId, check_id: 'checkId' in target ? target.checkId : null, group_id: 'groupId' in target ? target.groupId : null, token, created_at: at, called_at: null }
      return (await db.insertInto('triggers').values(values).returningAll().executeTakeFirstOrThrow()) as Row
    },
    async remove(accountId, target) {
      const r = await db.deleteFrom('triggers').where('account_id', '=', accountId).where(byTarget(target)).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async findByToken(token) {
      return (await db.selectFrom('triggers').selectAll().where('token', '=', token).executeTakeFirst()) as Row | undefined
    },
    async touch(id, at) {
      await db.updateTable('triggers').set({ called_at: at }).where('id', '=', id).execute()
    },
  }
}
