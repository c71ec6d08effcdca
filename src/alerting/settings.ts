/**
 * The alert settings in effect for a check (pure), with its group's overrides applied.
 * - The group is applied first (applyGroupSettings): a group with useGlobalAlertSettings true sends its checks to
 *   the account settings; a group with its own alertSettings imposes them; otherwise each check's own choice holds.
 * - useGlobalAlertSettings true (the default) → the account's alert settings; false → the (group's or check's)
 *   alertSettings. Missing parts take the API defaults (normalizeAlertSettings).
 * - Muted when the check or its group is muted; in maintenance when an active window's tags match the check's tags
 *   (group tags count as the check's). Deactivated when the check or its group is.
 */
import type { Static } from 'typebox'
import type { Doc as CheckDoc } from '../domain/checks/check-type.js'
import { applyGroupSettings } from '../domain/groups/apply-group-settings.js'
import type { GroupSettings } from '../domain/groups/schema.js'
import { normalizeAlertSettings } from '../domain/checks/normalize-settings.js'
import type { AlertSettings, TriggerIncident as TriggerIncidentSchema } from '../domain/checks/shared-schemas.js'
import { activeWindowsFor, type MaintenanceWindowLike } from '../domain/maintenance.js'
import type { EscalationSettings, Silence } from './state.js'

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
  doc: CheckDoc
}

export interface AlertingInput {
  checkType: string
  checkDoc: CheckDoc
  groupDoc: GroupSettings | undefined
  /** The account's alert settings as stored (normalized here). */
  accountAlertSettings: unknown
  windows: readonly MaintenanceWindowLike[]
  at: number
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

/** Typed escalation settings from an alertSettings document (defaults filled). */
export function toEscalationSettings(alertSettings: unknown): EscalationSettings {
  // Every part is present once normalized; a stored value of the wrong type still falls back to its default.
  const s: Static<typeof AlertSettings> = normalizeAlertSettings(alertSettings)
  return {
    escalationType: s.escalationType === 'TIME_BASED' ? 'TIME_BASED' : 'RUN_BASED',
    failedRunThreshold: num(s.runBasedEscalation?.failedRunThreshold, 1),
    minutesFailingThreshold: num(s.timeBasedEscalation?.minutesFailingThreshold, 5),
    reminders: { amount: num(s.reminders?.amount, 0), interval: num(s.reminders?.interval, 5) },
    parallelRunFailureThreshold: { enabled: s.parallelRunFailureThreshold?.enabled === true, percentage: num(s.parallelRunFailureThreshold?.percentage, 10) },
  }
}

/** The check's triggerIncident as stored (the checks' own schema): read defensively, any part may be missing. */
function triggerIncidentOf(v: unknown): TriggerIncident | null {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null
  const t: Partial<Record<keyof Static<typeof TriggerIncidentSchema>, unknown>> = v
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
  const base: CheckDoc = { ...input.checkDoc, checkType: input.checkType }
  const doc: CheckDoc = input.groupDoc ? applyGroupSettings(base, input.groupDoc) : base
  const useGlobal = doc.useGlobalAlertSettings !== false
  const tags: string[] = Array.isArray(doc.tags) ? doc.tags.filter((t): t is string => typeof t === 'string') : []
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
