/** Console users. E-mail addresses are stored lower-cased and are unique. */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { UserRow } from '../identity-rows.js'

export interface UserStore {
  count(): Promise<number>
  get(id: string): Promise<UserRow | undefined>
  /** Every user, by e-mail. */
  list(): Promise<UserRow[]>
  findByEmail(email: string): Promise<UserRow | undefined>
  /** Throws on a taken e-mail (a unique violation). */
  insert(row: UserRow): Promise<void>
  setPasswordHash(id: string, hash: string, at: number): Promise<void>
}

export function userStore(db: Kysely<Database>): UserStore {
  return {
    async count() {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },
    get: (id) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    list: () => db.selectFrom('users').selectAll().orderBy('email').execute(),
    findByEmail: (email) => db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    async insert(row) {
      await db
        .insertInto('users')
        .values({ ...row, email: row.email.toLowerCase() })
        .execute()
    },
    async setPasswordHash(id, hash, at) {
      await db.updateTable('users').set({ password_hash: hash, updated_at: at }).where('id', '=', id).execute()
    },
  }
}
