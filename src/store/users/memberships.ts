/** Who may use which account, with which role. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { MembershipRow } from '../identity-rows.js'
import type { CredentialWatch } from '../credential-watch.js'

/** A membership with its user's e-mail and name (member lists). */
export interface MemberRecord extends MembershipRow {
  email: string
  name: string | null
}

export interface MembershipStore {
  get(accountId: string, userId: string): Promise<MembershipRow | undefined>
  /** One member with their user. */
  getMember(accountId: string, userId: string): Promise<MemberRecord | undefined>
  /** The account's members with their users, oldest first. */
  listMembers(accountId: string): Promise<MemberRecord[]>
  /** The accounts of a user, with their names, oldest membership first. */
  listAccountsOf(userId: string): Promise<Array<{ id: string; name: string; role: string }>>
  /** The user of the account's OWNER membership, if any. */
  ownerOf(accountId: string): Promise<MemberRecord | undefined>
  insert(row: MembershipRow): Promise<void>
  setRole(accountId: string, userId: string, role: string, at: number): Promise<boolean>
  remove(accountId: string, userId: string): Promise<boolean>
}

/** Every change is announced: an API key of a member acts with the member's current role, or not at all. */
export function membershipStore(db: Kysely<Database>, credentials: CredentialWatch): MembershipStore {
  const withUsers = () =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.account_id', 'memberships.user_id', 'memberships.role', 'memberships.created_at', 'memberships.updated_at', 'users.email', 'users.name'])
  return {
    get: (accountId, userId) => db.selectFrom('memberships').selectAll().where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst(),
    getMember: (accountId, userId) => withUsers().where('memberships.account_id', '=', accountId).where('memberships.user_id', '=', userId).executeTakeFirst(),
    listMembers: (accountId) => withUsers().where('memberships.account_id', '=', accountId).orderBy('memberships.created_at').orderBy('users.email').execute(),
    listAccountsOf: (userId) =>
      db
        .selectFrom('memberships')
        .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
        .select(['accounts.id', 'accounts.name', 'memberships.role'])
        .where('memberships.user_id', '=', userId)
        .orderBy('memberships.created_at')
        .orderBy('accounts.id')
        .execute(),
    ownerOf: (accountId) =>
      withUsers().where('memberships.account_id', '=', accountId).where('memberships.role', '=', 'OWNER').orderBy('memberships.created_at').executeTakeFirst(),
    async insert(row) {
      await db.insertInto('memberships').values(row).execute()
      await credentials.changed(db)
    },
    async setRole(accountId, userId, role, at) {
      const r = await db.updateTable('memberships').set({ role, updated_at: at }).where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst()
      if (Number(r.numUpdatedRows) > 0) await credentials.changed(db)
      return Number(r.numUpdatedRows) > 0
    },
    async remove(accountId, userId) {
      const r = await db.deleteFrom('memberships').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst()
      if (Number(r.numDeletedRows) > 0) await credentials.changed(db)
      return Number(r.numDeletedRows) > 0
    },
  }
}
