/** Agent keys of private locations (stored hashed; the raw key is shown once at creation). */
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'
import type { PrivateLocationKeyRow } from '../private-location-rows.js'

export interface PrivateLocationKeyStore {
  insert(row: PrivateLocationKeyRow): Promise<void>
  listFor(accountId: string, locationId: string): Promise<PrivateLocationKeyRow[]>
  delete(accountId: string, locationId: string, keyId: string): Promise<boolean>
  /** The key row for a presented raw key's hash, in any account (agent authentication). */
  findByHash(hash: string): Promise<PrivateLocationKeyRow | undefined>
}

export function privateLocationKeyStore(db: Kysely<Database>): PrivateLocationKeyStore {
  return {
    async insert(row) {
      await db.insertInto('private_location_keys').values(row).execute()
    },
    listFor: (accountId, locationId) =>
      db.selectFrom('private_location_keys').selectAll().where('account_id', '=', accountId).where('location_id', '=', locationId).orderBy('created_at').execute(),
    async delete(accountId, locationId, keyId) {
      const r = await db.deleteFrom('private_location_keys').where('account_id', '=', accountId).where('location_id', '=', locationId).where('id', '=', keyId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    findByHash: (hash) => db.selectFrom('private_location_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst(),
  }
}
