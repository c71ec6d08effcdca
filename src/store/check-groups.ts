/** Check groups (the foundation needs only existence checks; the groups API builds on this module). */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

export interface CheckGroupStore {
  exists(accountId: string, id: number): Promise<boolean>
}

export function checkGroupStore(db: Kysely<Database>): CheckGroupStore {
  return {
    async exists(accountId, id) {
      const row = await db.selectFrom('check_groups').select('id').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
      return row !== undefined
    },
  }
}
