/** Invitations to join an account; found by the hash of their one-time token. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { InvitationRow } from '../identity-rows.js'

export interface InvitationStore {
  insert(row: InvitationRow): Promise<void>
  findByTokenHash(hash: string): Promise<InvitationRow | undefined>
  /** Invitations not yet accepted (pending and expired), oldest first. */
  listOpen(accountId: string): Promise<InvitationRow[]>
  /** Marks it accepted; false when it already was or has expired (one-time use, also under concurrent accepts). */
  markAccepted(id: string, at: number): Promise<boolean>
  /** Ends an open invitation now (it then shows as expired); nothing when it is used or over already. */
  expire(id: string, at: number): Promise<void>
  /** Removes an open invitation of the account; false when there is none with this id. */
  remove(accountId: string, id: string): Promise<boolean>
  /** Removes the account's open invitations of an address (a new invitation replaces them). */
  removeOpenFor(accountId: string, email: string): Promise<void>
}

export function invitationStore(db: Kysely<Database>): InvitationStore {
  return {
    async insert(row) {
      await db.insertInto('invitations').values(row).execute()
    },
    findByTokenHash: (hash) => db.selectFrom('invitations').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    listOpen: (accountId) =>
      db.selectFrom('invitations').selectAll().where('account_id', '=', accountId).where('accepted_at', 'is', null).orderBy('created_at').orderBy('id').execute(),
    async markAccepted(id, at) {
      const r = await db.updateTable('invitations').set({ accepted_at: at }).where('id', '=', id).where('accepted_at', 'is', null).where('expires_at', '>', at).executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async expire(id, at) {
      await db.updateTable('invitations').set({ expires_at: at }).where('id', '=', id).where('accepted_at', 'is', null).where('expires_at', '>', at).execute()
    },
    async remove(accountId, id) {
      const r = await db.deleteFrom('invitations').where('account_id', '=', accountId).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async removeOpenFor(accountId, email) {
      await db.deleteFrom('invitations').where('account_id', '=', accountId).where('email', '=', email).where('accepted_at', 'is', null).execute()
    },
  }
}
