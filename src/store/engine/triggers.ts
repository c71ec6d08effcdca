/**
 * CI/CD trigger tokens for a check or a group (one each). The API shows a token back on every read, so it is kept
 * sealed for that, and as its digest for the lookup of a call: the database alone holds no usable token.
 */
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely'
import type { Database, TriggerRow } from '../schema.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { tokenDigest, tokenLookups } from '../secrets/sealed-docs.js'

/** A trigger as the services see it: `token` is the token itself. */
type Row = Omit<TriggerRow, 'id' | 'token_sealed'> & { id: number }
export type TriggerTarget = { checkId: string } | { groupId: number }

export interface TriggerStore {
  get(accountId: string, target: TriggerTarget): Promise<Row | undefined>
  create(accountId: string, target: TriggerTarget, token: string, at: number): Promise<Row>
  remove(accountId: string, target: TriggerTarget): Promise<boolean>
  findByToken(token: string): Promise<Row | undefined>
  touch(id: number, at: number): Promise<void>
}

export function triggerStore(db: Kysely<Database>, box: SecretBox): TriggerStore {
  const byTarget = (t: TriggerTarget) => ('checkId' in t ? sql<SqlBool>`check_id = ${t.checkId}` : sql<SqlBool>`group_id = ${t.groupId}`)
  const fromRow = (row: Selectable<TriggerRow>): Row => {
    const { token_sealed: sealed, ...rest } = row
    // A row from before sealing holds its plain token.
    return { ...rest, id: Number(row.id), token: sealed === null ? row.token : box.decrypt(sealed) }
  }
  return {
    async get(accountId, target) {
      const row = await db.selectFrom('triggers').selectAll().where('account_id', '=', accountId).where(byTarget(target)).executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
    async create(accountId, target, token, at) {
      const values = {
        account_id: accountId,
        check_id: 'checkId' in target ? target.checkId : null,
        group_id: 'groupId' in target ? target.groupId : null,
        token: tokenDigest(token),
        token_sealed: box.encrypt(token),
        created_at: at,
        called_at: null,
      }
      return fromRow(await db.insertInto('triggers').values(values).returningAll().executeTakeFirstOrThrow())
    },
    async remove(accountId, target) {
      const r = await db.deleteFrom('triggers').where('account_id', '=', accountId).where(byTarget(target)).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async findByToken(token) {
      const [digest, plain] = tokenLookups(token)
      if (digest === undefined || plain === undefined) return undefined
      const row = await db
        .selectFrom('triggers')
        .selectAll()
        .where((eb) => eb.or([eb('token', '=', digest), eb.and([eb('token', '=', plain), eb('token_sealed', 'is', null)])]))
        .executeTakeFirst()
      return row ? fromRow(row) : undefined
    },
    async touch(id, at) {
      await db.updateTable('triggers').set({ called_at: at }).where('id', '=', id).execute()
    },
  }
}
