/** Check sessions: a check run on demand (API, CI/CD trigger), whose results are awaited. */
import type { Kysely } from 'kysely'
import type { CheckSessionRow, Database } from '../schema.js'

export interface SessionStore {
  insert(row: CheckSessionRow): Promise<void>
  get(accountId: string, id: string): Promise<CheckSessionRow | undefined>
}

export function sessionStore(db: Kysely<Database>): SessionStore {
  return {
    async insert(row) {
      await db.insertInto('check_sessions').values(row).execute()
    },
    get: (accountId, id) => db.selectFrom('check_sessions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst(),
  }
}
