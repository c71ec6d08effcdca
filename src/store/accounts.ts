/** Accounts and their API keys (keys stored as SHA-256 hashes only). */
import type { Kysely } from 'kysely'
import type { AccountRow, ApiKeyRow, Database } from './schema.js'

export interface AccountStore {
  countAccounts(): Promise<number>
  getAccount(id: string): Promise<AccountRow | undefined>
  listAccounts(): Promise<AccountRow[]>
  insertAccount(row: AccountRow): Promise<void>
  insertApiKey(row: ApiKeyRow): Promise<void>
  findKeyByHash(hash: string): Promise<ApiKeyRow | undefined>
  listKeys(accountId: string): Promise<ApiKeyRow[]>
  revokeKey(keyId: string, at: number): Promise<boolean>
}

export function accountStore(db: Kysely<Database>): AccountStore {
  return {
    async countAccounts() {
      const r = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return Number(r.n)
    },
    getAccount: (id) => db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst(),
    listAccounts: () => db.selectFrom('accounts').selectAll().orderBy('created_at').execute(),
    async insertAccount(row) {
      await db.insertInto('accounts').values(row).execute()
    },
    async insertApiKey(row) {
      await db.insertInto('api_keys').values(row).execute()
    },
    findKeyByHash: (hash) => db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst(),
    listKeys: (accountId) => db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute(),
    async revokeKey(keyId, at) {
      const r = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
  }
}
