/** The current account and its account-level alert settings (what useGlobalAlertSettings points at). */
import { toIso } from '../../lib/clock.js'
import { NotFoundError } from '../../domain/errors.js'
import { normalizeAlertSettings } from '../../domain/checks/normalize-settings.js'
import { normalizeGeneralSettings, type AlertSettingsBody, type GeneralSettings, type GeneralSettingsView } from '../../domain/account-settings.js'
import { uses, type DepsOf } from '../resource-deps.js'

/** Alert settings with every part filled in (see AlertSettingsView), as the checks' normalizer returns them. */
type NormalizedAlertSettings = ReturnType<typeof normalizeAlertSettings>

export interface AccountView {
  id: string
  name: string
  created_at: string
}

export interface AccountSettingsService {
  getAccount(accountId: string): Promise<AccountView>
  /** The account's alert settings, normalized; the defaults when never set. */
  getAlertSettings(accountId: string): Promise<NormalizedAlertSettings>
  /** Replaces the alert settings (parts left out take their defaults) and returns them normalized. */
  putAlertSettings(accountId: string, body: AlertSettingsBody): Promise<NormalizedAlertSettings>
  /** The account's general settings (badgesEnabled), the defaults when never set. */
  getGeneralSettings(accountId: string): Promise<GeneralSettingsView>
  /** Replaces the general settings (parts left out take their defaults); the alert settings are kept. */
  putGeneralSettings(accountId: string, body: GeneralSettings): Promise<GeneralSettingsView>
}

/** What the account settings service uses: the wiring hands it these stores and shared things and no others. */
export const accountSettingsServiceUses = uses(['accounts', 'accountSettings'], ['clock'])
export type AccountSettingsServiceDeps = DepsOf<typeof accountSettingsServiceUses>

export function accountSettingsService(deps: AccountSettingsServiceDeps): AccountSettingsService {
  const { stores, clock } = deps
  return {
    async getAccount(accountId) {
      const row = await stores.accounts.getAccount(accountId)
      if (!row) throw new NotFoundError('Account', accountId)
      return { id: row.id, name: row.name, created_at: toIso(Number(row.created_at)) }
    },
    async getAlertSettings(accountId) {
      const doc = await stores.accountSettings.get(accountId)
      return normalizeAlertSettings(doc?.alertSettings)
    },
    async putAlertSettings(accountId, body) {
      const alertSettings = normalizeAlertSettings(body)
      const existing = (await stores.accountSettings.get(accountId)) ?? {}
      await stores.accountSettings.put(accountId, { ...existing, alertSettings }, clock.now())
      return alertSettings
    },
    async getGeneralSettings(accountId) {
      const doc = await stores.accountSettings.get(accountId)
      return normalizeGeneralSettings(doc?.generalSettings)
    },
    async putGeneralSettings(accountId, body) {
      const generalSettings = normalizeGeneralSettings(body)
      const existing = (await stores.accountSettings.get(accountId)) ?? {}
      await stores.accountSettings.put(accountId, { ...existing, generalSettings }, clock.now())
      return generalSettings
    },
  }
}
