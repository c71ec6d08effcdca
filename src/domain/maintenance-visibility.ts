/**
 * How a maintenance window shows on status pages (pure): the reference's statusPageVisibility, its defaults, and
 * the normalised value kept in the window's document. `enabled` gates everything: a hidden window shows nowhere
 * and notifies no subscriber.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from './checks/shared-schemas.js'
import type { FieldErrorCollector } from './errors.js'
import { isUuid } from '../lib/ids.js'

export const MAINTENANCE_SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const

const Ids = (description: string) => Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description })

export const StatusPageVisibilityBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'Whether the window appears on its linked status pages (the gate of every other field).' })),
    severity: Type.Optional(Nullable(StringEnum(MAINTENANCE_SEVERITIES))),
    affectAllServices: Type.Optional(Type.Boolean()),
    suppressAutoIncidents: Type.Optional(Type.Boolean()),
    notifyOnStart: Type.Optional(Type.Boolean({ description: 'E-mail subscribers when a maintenance starts.' })),
    notifyOnEnd: Type.Optional(Type.Boolean({ description: 'E-mail subscribers when a maintenance ends.' })),
    reminderMinutesBefore: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 60, maximum: 10080 }), { maxItems: 3 }))),
    autoStart: Type.Optional(Type.Boolean()),
    autoEnd: Type.Optional(Type.Boolean()),
    showAffectedServices: Type.Optional(Type.Boolean()),
    statusPageIds: Type.Optional(Nullable(Ids('The status pages that show the window.'))),
    serviceIds: Type.Optional(Nullable(Ids('The status-page services the window affects.'))),
  },
  { description: 'Status page visibility and subscriber-facing maintenance settings.' },
)

export const StatusPageVisibility = Type.Object({
  enabled: Type.Boolean(),
  severity: Nullable(StringEnum(MAINTENANCE_SEVERITIES)),
  affectAllServices: Type.Boolean(),
  suppressAutoIncidents: Type.Boolean(),
  notifyOnStart: Type.Boolean(),
  notifyOnEnd: Type.Boolean(),
  reminderMinutesBefore: Type.Array(Type.Integer()),
  autoStart: Type.Boolean(),
  autoEnd: Type.Boolean(),
  showAffectedServices: Type.Boolean(),
  statusPageIds: Type.Array(Type.String()),
  serviceIds: Type.Array(Type.String()),
})
export type StatusPageVisibility = Static<typeof StatusPageVisibility>

export const HIDDEN: StatusPageVisibility = {
  enabled: false,
  severity: null,
  affectAllServices: false,
  suppressAutoIncidents: false,
  notifyOnStart: false,
  notifyOnEnd: false,
  reminderMinutesBefore: [],
  autoStart: true,
  autoEnd: true,
  showAffectedServices: true,
  statusPageIds: [],
  serviceIds: [],
}

const BOOLEANS = ['enabled', 'affectAllServices', 'suppressAutoIncidents', 'notifyOnStart', 'notifyOnEnd', 'autoStart', 'autoEnd', 'showAffectedServices'] as const

/**
 * The visibility after a body's value (fields left out keep `existing`'s); problems go to `errors` under
 * statusPageVisibility.<field>. Null or absent: `existing` (or hidden).
 */
export function buildVisibility(raw: unknown, existing: StatusPageVisibility | undefined, errors: FieldErrorCollector): StatusPageVisibility {
  const base = existing ?? HIDDEN
  if (raw === undefined || raw === null) return base
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors.add('statusPageVisibility', 'must be an object')
    return base
  }
  const body = raw as Record<string, unknown>
  const out: StatusPageVisibility = { ...base }
  for (const key of BOOLEANS) {
    const v = body[key]
    if (v === undefined) continue
    if (typeof v === 'boolean') out[key] = v
    else errors.add(`statusPageVisibility.${key}`, 'must be a boolean')
  }
  if (body.severity !== undefined) {
    if (body.severity === null || MAINTENANCE_SEVERITIES.some((s) => s === body.severity)) out.severity = body.severity as StatusPageVisibility['severity']
    else errors.add('statusPageVisibility.severity', `must be one of: ${MAINTENANCE_SEVERITIES.join(', ')}, or null`)
  }
  const minutes = body.reminderMinutesBefore
  if (minutes !== undefined) {
    const ok = minutes === null || (Array.isArray(minutes) && minutes.length <= 3 && minutes.every((m) => Number.isInteger(m) && Number(m) >= 60 && Number(m) <= 10080))
    if (ok) out.reminderMinutesBefore = (minutes ?? []) as number[]
    else errors.add('statusPageVisibility.reminderMinutesBefore', 'must be at most 3 whole minutes from 60 to 10080')
  }
  for (const key of ['statusPageIds', 'serviceIds'] as const) {
    const v = body[key]
    if (v === undefined) continue
    if (v === null || (Array.isArray(v) && v.every((id) => typeof id === 'string' && isUuid(id)))) out[key] = [...new Set((v ?? []) as string[])]
    else errors.add(`statusPageVisibility.${key}`, 'must be an array of ids')
  }
  if (out.affectAllServices && out.serviceIds.length > 0) errors.add('statusPageVisibility.serviceIds', 'must be empty when affectAllServices is true')
  return out
}

/** The status pages that show a window's maintenances: its linked pages, when it is shown at all. */
export const visiblePageIds = (v: StatusPageVisibility | undefined): string[] => (v?.enabled ? v.statusPageIds : [])
