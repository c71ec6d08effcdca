/** Account-level settings (the alert settings that useGlobalAlertSettings points at). */
import type { Kysely } from 'kysely'
import type { AccountSettingsDoc } from '../domain/account-settings.js'
import type { Database } from './schema.js'

export interface AccountSettingsStore {
  get(accountId: string): Promise<AccountSettingsDoc | undefined>
  put(accountId: string, doc: AccountSettingsDoc, at: number): Promise<void>
}

export function accountSettingsStore(db: Kysely<Database>): AccountSettingsStore {
  return {
    async get(accountId) {
      const row = await db.selectFrom('account_settings').select('doc').where('account_id', '=', accountId).executeTakeFirst()
      // The row mapping: the stored document is one put() wrote.
      return row ? (JSON.parse(row.doc) as AccountSettingsDoc) : undefined
    },
    async put(accountId, doc, at) {
      await db
        .insertInto('account_settings')
        .values({ account_id: accountId, doc: JSON.stringify(doc), updated_at: at })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ doc: JSON.stringify(doc), updated_at: at }))
        .execute()
    },
  }
}
