/** What alert evaluation needs to know about a check: its document, group, account settings and maintenance. */
import { effectiveAlerting, type EffectiveAlerting } from '../../alerting/settings.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'
import { overrideOf } from '../../domain/maintenances.js'
import { windowsWithOverrides, type SilencingWindow } from '../maintenances/maintenance-occurrences.js'
import type { CheckRecord } from '../../store/checks.js'
import type { Stores } from '../stores.js'

export interface CheckContext {
  check: CheckRecord
  alerting: EffectiveAlerting
}

export interface ContextLoader {
  /** The check with its effective alert settings at `at`, or undefined when it no longer exists. */
  load(accountId: string, checkId: string, at: number): Promise<CheckContext | undefined>
  /**
   * Loads many checks, then their groups and their accounts' settings and maintenance windows, each kind in one
   * statement for the whole batch whatever the number of accounts (then served by load).
   */
  preload(checkIds: string[]): Promise<void>
}

type Account = { alertSettings: unknown; windows: SilencingWindow[] }

/**
 * Reads through `s`, remembering groups, account settings and maintenance windows for the loader's lifetime (one
 * batch of results), so that a preloaded batch costs a few statements in all, and a single load a few per account.
 */
export function contextLoader(s: Pick<Stores, 'accountSettings' | 'maintenanceWindows' | 'maintenances' | 'checkGroups' | 'checks'>): ContextLoader {
  const checks = new Map<string, CheckRecord | undefined>()
  const groups = new Map<string, Promise<StoredCheckGroupDoc | undefined>>()
  const accounts = new Map<string, Promise<Account>>()

  const accountOf = (accountId: string) => {
    let got = accounts.get(accountId)
    if (!got) {
      got = (async () => ({
        alertSettings: (await s.accountSettings.get(accountId))?.alertSettings,
        // With the occurrences changed by hand: an ended or cancelled maintenance silences nothing more.
        windows: await windowsWithOverrides(s, accountId),
      }))()
      accounts.set(accountId, got)
    }
    return got
  }
  // Settings, windows and the maintenances changed by hand of many accounts: one statement per kind.
  const accountsOf = async (ids: string[]): Promise<Map<string, Account>> => {
    const settings = await s.accountSettings.getMany(ids)
    const windows = await s.maintenanceWindows.listForAccounts(ids)
    const changed = await s.maintenances.listForAccounts(ids, { overrides: 1 })
    return new Map(
      ids.map((a) => [
        a,
        {
          alertSettings: settings.get(a)?.alertSettings,
          // As windowsWithOverrides reads them: an ended or cancelled maintenance silences nothing more.
          windows: windows
            .filter((w) => w.accountId === a)
            .map((w) => {
              const overrides = changed.filter((m) => m.accountId === a && m.doc.maintenanceWindowId === w.id).map((m) => overrideOf(m.doc))
              return overrides.length > 0 ? { ...w.doc, overrides } : w.doc
            }),
        },
      ]),
    )
  }
  const groupOf = (accountId: string, groupId: number) => {
    const key = `${accountId}/${groupId}`
    let got = groups.get(key)
    if (!got) {
      got = s.checkGroups.get(accountId, groupId).then((g) => (g ? g.doc : undefined))
      groups.set(key, got)
    }
    return got
  }

  return {
    async preload(checkIds) {
      const wanted = [...new Set(checkIds.filter((id) => !checks.has(id)))]
      const found = new Map((wanted.length === 0 ? [] : await s.checks.getMany(wanted)).map((c) => [c.id, c]))
      for (const id of wanted) checks.set(id, found.get(id))
      const loaded = wanted.flatMap((id) => found.get(id) ?? [])
      const groupKeys = new Map(loaded.flatMap((c) => (typeof c.doc.groupId === 'number' ? [[`${c.accountId}/${c.doc.groupId}`, c.doc.groupId] as const] : [])))
      const newGroups = [...groupKeys].filter(([key]) => !groups.has(key))
      if (newGroups.length > 0) {
        const read = s.checkGroups.getMany(newGroups.map(([, id]) => id))
        for (const [key, id] of newGroups)
          groups.set(
            key,
            read.then((rows) => rows.find((g) => g.id === id && key === `${g.accountId}/${id}`)?.doc),
          )
      }
      const newAccounts = [...new Set(loaded.map((c) => c.accountId))].filter((a) => !accounts.has(a))
      if (newAccounts.length > 0) {
        const read = accountsOf(newAccounts)
        for (const a of newAccounts)
          accounts.set(
            a,
            read.then((m) => m.get(a) ?? { alertSettings: undefined, windows: [] }),
          )
      }
      await Promise.all([...newGroups.map(([key]) => groups.get(key)), ...newAccounts.map((a) => accounts.get(a))])
    },
    async load(accountId, checkId, at) {
      if (!checks.has(checkId)) checks.set(checkId, await s.checks.get(accountId, checkId))
      const check = checks.get(checkId)
      if (!check || check.accountId !== accountId) return undefined
      const groupId = check.doc.groupId
      const groupDoc = typeof groupId === 'number' ? await groupOf(accountId, groupId) : undefined
      const account = await accountOf(accountId)
      const alerting = effectiveAlerting({
        checkType: check.checkType,
        checkDoc: check.doc,
        groupDoc,
        accountAlertSettings: account.alertSettings,
        windows: account.windows,
        at,
      })
      return { check, alerting }
    },
  }
}

/** One check, read through `s` (e.g. inside a transaction). */
export const loadCheckContext = (
  s: Pick<Stores, 'accountSettings' | 'maintenanceWindows' | 'maintenances' | 'checkGroups' | 'checks'>,
  accountId: string,
  checkId: string,
  at: number,
): Promise<CheckContext | undefined> => contextLoader(s).load(accountId, checkId, at)
