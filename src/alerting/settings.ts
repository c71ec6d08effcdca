/**
 * The alert settings in effect for a check (pure), with its group's overrides applied.
 * - The group is applied first (applyGroupSettings): a group with useGlobalAlertSettings true sends its checks to
 *   the account settings; a group with its own alertSettings imposes them; otherwise each check's own choice holds.
 * - useGlobalAlertSettings true (the default) → the account's alert settings; false → the (group's or check's)
 *   alertSettings. Missing parts take the API defaults (normalizeAlertSettings).
 * - Muted when the check or its group is muted; in maintenance when an active window's tags match the check's tags
 *   (group tags count as the check's). Deactivated when the check or its group is.
 */
import { applyGroupSettings } from '../domain/groups/apply-group-settings.js'
import { normalizeAlertSettings } from '../domain/checks/normalize-settings.js'
import { activeWindowsFor, type MaintenanceWindowLike } from '../domain/maintenance.js'
import type { EscalationSettings, Silence } from './state.js'

type Doc = Record<string, unknown>

export interface TriggerIncident {
  serviceId: string
  name: string
  severity: string
  description: string
  notifySubscribers: boolean
}

export interface EffectiveAlerting {
  settings: EscalationSettings
  muted: boolean
  inMaintenance: boolean
  activated: boolean
  tags: string[]
  triggerIncident: TriggerIncident | null
  /** The check as it runs (group applied). */
  doc: Doc
}

export interface AlertingInput {
  checkType: string
  checkDoc: Doc
  groupDoc: Doc | undefined
  /** The account's alert settings as stored (normalized here). */
  accountAlertSettings: unknown
  windows: readonly MaintenanceWindowLike[]
  at: number
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const obj = (v: unknown): Doc => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {})

/** Typed escalation settings from an alertSettings document (defaults filled). */
export function toEscalationSettings(alertSettings: unknown): EscalationSettings {
  const s = normalizeAlertSettings(alertSettings)
  const reminders = obj(s.reminders)
  const parallel = obj(s.parallelRunFailureThreshold)
  return {
    escalationType: s.escalationType === 'TIME_BASED' ? 'TIME_BASED' : 'RUN_BASED',
    failedRunThreshold: num(obj(s.runBasedEscalation).failedRunThreshold, 1),
    minutesFailingThreshold: num(obj(s.timeBasedEscalation).minutesFailingThreshold, 5),
    reminders: { amount: num(reminders.amount, 0), interval: num(reminders.interval, 5) },
    parallelRunFailureThreshold: { enabled: parallel.enabled === true, percentage: num(parallel.percentage, 10) },
  }
}

function triggerIncidentOf(v: unknown): TriggerIncident | null {
  const t = obj(v)
  if (typeof t.serviceId !== 'string' || t.serviceId === '') return null
  return {
    serviceId: t.serviceId,
    name: typeof t.name === 'string' ? t.name : '',
    severity: typeof t.severity === 'string' ? t.severity : 'MAJOR',
    description: typeof t.description === 'string' ? t.description : '',
    notifySubscribers: t.notifySubscribers === true,
  }
}

export function effectiveAlerting(input: AlertingInput): EffectiveAlerting {
  const base: Doc = { ...input.checkDoc, checkType: input.checkType }
  const doc: Doc = input.groupDoc ? applyGroupSettings(base, input.groupDoc) : base
  const useGlobal = doc.useGlobalAlertSettings !== false
  const tags = Array.isArray(doc.tags) ? (doc.tags as unknown[]).filter((t): t is string => typeof t === 'string') : []
  return {
    settings: toEscalationSettings(useGlobal ? input.accountAlertSettings : doc.alertSettings),
    muted: doc.muted === true,
    inMaintenance: activeWindowsFor(input.windows, tags, input.at).length > 0,
    activated: doc.activated !== false,
    tags,
    triggerIncident: triggerIncidentOf(doc.triggerIncident),
    doc,
  }
}

/** Muting wins over maintenance in the reason given. */
export const silenceOf = (e: Pick<EffectiveAlerting, 'muted' | 'inMaintenance'>): Silence => (e.muted ? 'muted' : e.inMaintenance ? 'maintenance' : null)
