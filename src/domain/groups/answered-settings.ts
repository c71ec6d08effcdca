/**
 * Two fields a group answers with a value even where it stores none, because the reference requires them:
 * - alertSettings: a group without its own settings imposes none on its checks (each keeps its own, or the
 *   account's under useGlobalAlertSettings); it answers the API's default settings, which are what a check without
 *   settings of its own alerts by. Those defaults sent back unchanged by a client that read them (a form, a
 *   Terraform plan) are that derived value, not a choice: the group keeps having no settings of its own, unless the
 *   body also sets useGlobalAlertSettings to false, which chooses them explicitly.
 * - browserCheckDefaults: text (the spec's type); a group stored as an object by an earlier version reads as its
 *   JSON text, the empty object as empty text.
 */
import { isDeepStrictEqual } from 'node:util'
import { normalizeAlertSettings } from '../checks/normalize-settings.js'

type Doc = Record<string, unknown>

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

export const defaultGroupAlertSettings = (): Doc => normalizeAlertSettings({})

export const answeredAlertSettings = (stored: unknown): Doc => (isObject(stored) ? stored : defaultGroupAlertSettings())

export function answeredBrowserCheckDefaults(stored: unknown): string {
  if (typeof stored === 'string') return stored
  if (isObject(stored) && Object.keys(stored).length > 0) return JSON.stringify(stored)
  return ''
}

/** Whether an update's alertSettings is only the answered defaults of a group that has no settings of its own. */
export function sendsBackDefaults(body: { alertSettings?: unknown; useGlobalAlertSettings?: unknown }, existing: { alertSettings?: unknown } | undefined): boolean {
  if (!existing || isObject(existing.alertSettings) || body.useGlobalAlertSettings === false) return false
  return isObject(body.alertSettings) && isDeepStrictEqual(normalizeAlertSettings(body.alertSettings), defaultGroupAlertSettings())
}
