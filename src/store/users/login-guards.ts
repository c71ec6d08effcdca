/**
 * Two small tables that guard sign-in: the one-time setup tokens that create the first user, and the
 * counters of failed sign-ins per e-mail and per client address (in the database, so the limit holds across
 * instances).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { LoginAttemptRow, SetupTokenRow } from '../identity-rows.js'

export interface LoginGuardStore {
  /** Replaces every setup token with this one. */
  replaceSetupToken(row: SetupTokenRow): Promise<void>
  /** Removes the token; the row when it existed (so only one caller can use it). */
  takeSetupToken(hash: string): Promise<SetupTokenRow | undefined>
  clearSetupTokens(): Promise<void>
  getAttempts(keys: string[]): Promise<LoginAttemptRow[]>
  /** Counts one failure for the key, starting a new window when the stored one began before windowStartedAfter. */
  addFailure(key: string, now: number, windowStartedAfter: number): Promise<void>
  clearAttempts(key: string): Promise<void>
  /** Drops counters whose window began before the time (housekeeping). */
  removeOldAttempts(before: number): Promise<void>
}

export function loginGuardStore(db: Kysely<Database>): LoginGuardStore {
  return {
    async replaceSetupToken(row) {
      await db.deleteFrom('setup_tokens').execute()
      await db.insertInto('setup_tokens').values(row).execute()
    },
    async takeSetupToken(hash) {
      const row = await db.selectFrom('setup_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst()
      if (!row) return undefined
      const r = await db.deleteFrom('setup_tokens').where('token_hash', '=', hash).executeTakeFirst()
      return Number(r.numDeletedRows) > 0 ? row : undefined
    },
    async clearSetupTokens() {
      await db.deleteFrom('setup_tokens').execute()
    },
    getAttempts: (keys) => (keys.length === 0 ? Promise.resolve([]) : db.selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute()),
    async addFailure(key, now, windowStartedAfter) {
      await db
        .insertInto('login_attempts')
        .values({ key, window_start: now, failures: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when login_attempts.window_start < ${windowStartedAfter} then 1 else login_attempts.failures + 1 end`,
            window_start: sql<number>`case when login_attempts.window_start < ${windowStartedAfter} then ${now} else login_attempts.window_start end`,
          }),
        )
        .execute()
    },
    async clearAttempts(key) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute()
    },
    async removeOldAttempts(before) {
      await db.deleteFrom('login_attempts').where('window_start', '<', before).execute()
    },
  }
}
