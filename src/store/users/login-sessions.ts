/** Console sign-in sessions, found by the SHA-256 hash of the cookie's token. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { LoginSessionRow } from '../identity-rows.js'

export interface LoginSessionStore {
  insert(row: LoginSessionRow): Promise<void>
  findByTokenHash(hash: string): Promise<LoginSessionRow | undefined>
  get(id: string): Promise<LoginSessionRow | undefined>
  touch(id: string, at: number): Promise<void>
  remove(id: string): Promise<void>
  /** Signs a user out everywhere but in the session kept (none: everywhere). */
  removeForUser(userId: string, keep?: string): Promise<void>
  /** Drops sessions past their end (housekeeping). */
  removeExpired(idleBefore: number, now: number): Promise<number>
}

export function loginSessionStore(db: Kysely<Database>): LoginSessionStore {
  return {
    async insert(row) {
      await db.insertInto('login_sessions').values(row).execute()
    },
    findByTokenHash: (hash) => db.selectFrom('login_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst(),
    get: (id) => db.selectFrom('login_sessions').selectAll().where('id', '=', id).executeTakeFirst(),
    async touch(id, at) {
      await db.updateTable('login_sessions').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', at).execute()
    },
    async remove(id) {
      await db.deleteFrom('login_sessions').where('id', '=', id).execute()
    },
    async removeForUser(userId, keep) {
      let q = db.deleteFrom('login_sessions').where('user_id', '=', userId)
      if (keep !== undefined) q = q.where('id', '!=', keep)
      await q.execute()
    },
    async removeExpired(idleBefore, now) {
      const r = await db
        .deleteFrom('login_sessions')
        .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('expires_at', '<=', now)]))
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },
  }
}
