/** Account-level settings (the alert settings that useGlobalAlertSettings points at). */
import type { Kysely } from 'kysely'
import type { AccountSettingsDoc } from '../domain/account-settings.js'
import type { Database } from './schema.js'

export interface AccountSettingsStore {
  get(accountId: string): Promise<AccountSettingsDoc | undefined>
  /** The settings of several accounts in one statement (a batch spanning accounts), by account; absent when unset. */
  getMany(accountIds: string[]): Promise<Map<string, AccountSettingsDoc>>
  put(accountId: string, doc: AccountSettingsDoc, at: number): Promise<void>
}

export function accountSettingsStore(db: Kysely<Database>): AccountSettingsStore {
  return {
    async get(accountId) {
      const row = await db.selectFrom('account_settings').select('doc').where('account_id', '=', accountId).executeTakeFirst()
      // The row mapping: the stored document is one put() wrote.
      return row ? (JSON.parse(row.doc) as AccountSettingsDoc) : undefined
    },
    async getMany(accountIds) {
      const ids = [...new Set(accountIds)]
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('account_settings').select(['account_id', 'doc']).where('account_id', 'in', ids).execute()
      return new Map(rows.map((r) => [r.account_id, JSON.parse(r.doc) as AccountSettingsDoc]))
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
