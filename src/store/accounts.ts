/** Accounts and their API keys (keys stored as SHA-256 hashes only). */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { AccountRow, ApiKeyRow } from './identity-rows.js'
import type { CredentialWatch } from './credential-watch.js'

/** A key with the role its user has in the key's account (null: no membership, or an operator key). */
export interface KeyPrincipalRow {
  account_id: string
  user_id: string | null
  revoked_at: number | null
  role: string | null
}

export interface AccountStore {
  countAccounts(): Promise<number>
  getAccount(id: string): Promise<AccountRow | undefined>
  listAccounts(): Promise<AccountRow[]>
  insertAccount(row: AccountRow): Promise<void>
  insertApiKey(row: ApiKeyRow): Promise<void>
  findKeyByHash(hash: string): Promise<ApiKeyRow | undefined>
  /** A key and its user's role in one read; active keys that can act are kept between requests (credential-watch.ts). */
  findKeyPrincipal(hash: string): Promise<KeyPrincipalRow | undefined>
  listKeys(accountId: string): Promise<ApiKeyRow[]>
  revokeKey(keyId: string, at: number): Promise<boolean>
  /** Revokes an active key of this account only; false when there is none with this id. */
  revokeAccountKey(accountId: string, keyId: string, at: number): Promise<boolean>
  /** Revokes the active keys a user made for an account (the user left it). */
  revokeUserKeys(accountId: string, userId: string, at: number): Promise<void>
  /** The account's keys with the e-mail of the user each belongs to, oldest first. */
  listKeysWithUsers(accountId: string): Promise<Array<ApiKeyRow & { user_email: string | null }>>
}

/** Revocations are announced, so that no instance keeps acting for a revoked key. */
export function accountStore(db: Kysely<Database>, credentials: CredentialWatch): AccountStore {
  const announced = async (changed: number) => {
    if (changed > 0) await credentials.changed(db)
    return changed > 0
  }
  return {
    async countAccounts() {
      const r = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
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
    findKeyPrincipal: (hash) =>
      credentials.lookup(
        hash,
        () =>
          db
            .selectFrom('api_keys')
            .leftJoin('memberships', (join) => join.onRef('memberships.account_id', '=', 'api_keys.account_id').onRef('memberships.user_id', '=', 'api_keys.user_id'))
            .select(['api_keys.account_id', 'api_keys.user_id', 'api_keys.revoked_at', 'memberships.role'])
            .where('api_keys.key_hash', '=', hash)
            .executeTakeFirst(),
        (row) => row.revoked_at === null && (row.user_id === null || row.role !== null),
      ),
    listKeys: (accountId) => db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute(),
    async revokeKey(keyId, at) {
      const r = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst()
      return announced(Number(r.numUpdatedRows))
    },
    async revokeAccountKey(accountId, keyId, at) {
      const r = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', keyId)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return announced(Number(r.numUpdatedRows))
    },
    async revokeUserKeys(accountId, userId, at) {
      const r = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('account_id', '=', accountId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      await announced(Number(r.numUpdatedRows))
    },
    listKeysWithUsers: (accountId) =>
      db
        .selectFrom('api_keys')
        .leftJoin('users', 'users.id', 'api_keys.user_id')
        .selectAll('api_keys')
        .select('users.email as user_email')
        .where('api_keys.account_id', '=', accountId)
        .orderBy('api_keys.created_at')
        .orderBy('api_keys.id')
        .execute(),
  }
}
