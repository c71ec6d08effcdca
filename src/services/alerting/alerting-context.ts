/** What alert evaluation needs to know about a check: its document, group, account settings and maintenance. */
import { effectiveAlerting, type EffectiveAlerting } from '../../alerting/settings.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'
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
  /** Loads many checks with one query (then served by load). */
  preload(checkIds: string[]): Promise<void>
}

/**
 * Reads through `s`, remembering groups, account settings and maintenance windows for the loader's lifetime (one
 * batch of results), so that a batch costs a few queries per account rather than per check.
 */
export function contextLoader(s: Pick<Stores, 'accountSettings' | 'maintenanceWindows' | 'maintenances' | 'checkGroups' | 'checks'>): ContextLoader {
  const checks = new Map<string, CheckRecord | undefined>()
  const groups = new Map<string, Promise<StoredCheckGroupDoc | undefined>>()
  const accounts = new Map<string, Promise<{ alertSettings: unknown; windows: SilencingWindow[] }>>()

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
      const wanted = checkIds.filter((id) => !checks.has(id))
      const found = new Map((await s.checks.getMany(wanted)).map((c) => [c.id, c]))
      for (const id of wanted) checks.set(id, found.get(id))
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
