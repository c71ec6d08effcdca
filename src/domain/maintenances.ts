/**
 * Maintenances (pure): the occurrences of a maintenance window, each with its dates, a status and the status updates
 * posted on it. The scheduled occurrences come from the window's repeat rules; one changed by hand (dates moved,
 * ended or cancelled by a status, deleted) overrides its scheduled occurrence for alerting (MaintenanceOverride).
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from './checks/shared-schemas.js'
import type { MaintenanceOverride, MaintenanceWindowDoc } from './maintenance.js'
import { addZonedDays, addZonedMonths } from './maintenance-zone.js'

export const MAINTENANCE_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'VERIFYING', 'COMPLETED', 'CANCELLED'] as const
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number]

export type MaintenanceUpdateDoc = {
  id: string
  status: MaintenanceStatus
  description: string
  notifySubscribers: boolean
  previousStatus: MaintenanceStatus
  previousStartsAt: string
  previousEndsAt: string
  /** The dates the status moved (started early, ended early), or null. */
  dateAdjustments: { startsAt: string; endsAt: string } | null
  createdAt: string
  updatedAt: string | null
}

/** The stored maintenance; instants are ISO 8601 UTC strings. */
export type MaintenanceDoc = {
  maintenanceWindowId: number
  /** The scheduled start of the occurrence this maintenance stands for. */
  occurrenceStart: string
  startsAt: string
  endsAt: string
  /** The status set by hand (an update or PATCH), or null: then it follows the clock. */
  status: MaintenanceStatus | null
  /** Deleted occurrences are kept (so that the schedule does not bring them back) but neither shown nor silencing. */
  deleted: boolean
  /** Changed by hand: alerting reads it as an override of its scheduled occurrence. */
  overrides: boolean
  updates: MaintenanceUpdateDoc[]
  /**
   * What subscribers were told of it (maintenance-announcements.ts): 'started', 'ended', 'reminder-<minutes>', so
   * that the clock's pass tells each once. Absent from maintenances stored before.
   */
  notices?: string[]
}

const Instant = (description: string) => Type.String({ maxLength: 64, description: `${description} ISO 8601 date-time or date (UTC without an offset).` })

export const MaintenancePatchBody = Type.Object({
  startsAt: Type.Optional(Instant('New start of this occurrence.')),
  endsAt: Type.Optional(Instant('New end of this occurrence (after startsAt); now or earlier ends it, which stops its silencing.')),
  status: Type.Optional(StringEnum(MAINTENANCE_STATUSES, { description: 'COMPLETED ends it now, CANCELLED cancels it: either stops its silencing.' })),
})
export type MaintenancePatchBody = Static<typeof MaintenancePatchBody>

export const MaintenanceUpdateBody = Type.Object({
  status: StringEnum(MAINTENANCE_STATUSES, {
    description: 'IN_PROGRESS before the start starts it now; COMPLETED ends it now; CANCELLED cancels it. Ended or cancelled, it silences no alert.',
  }),
  description: Type.String({ maxLength: 2000 }),
  notifySubscribers: Type.Optional(Type.Boolean({ default: false, description: 'Kept with the update.' })),
})
export type MaintenanceUpdateBody = Static<typeof MaintenanceUpdateBody>

export const MaintenanceUpdateEditBody = Type.Object({
  status: Type.Optional(StringEnum(MAINTENANCE_STATUSES, { description: 'When omitted, the stored status is kept.' })),
  description: Type.String({ maxLength: 2000 }),
})
export type MaintenanceUpdateEditBody = Static<typeof MaintenanceUpdateEditBody>

const dateTime = Type.String({ format: 'date-time' })

export const MaintenanceUpdateView = Type.Object({
  id: Type.String(),
  maintenanceWindowId: Type.Integer(),
  maintenanceId: Type.String(),
  status: StringEnum(MAINTENANCE_STATUSES),
  description: Type.String(),
  notifySubscribers: Type.Boolean(),
  created_at: dateTime,
  updated_at: Nullable(dateTime),
  previousStatus: Nullable(StringEnum(MAINTENANCE_STATUSES)),
  previousStartsAt: Nullable(dateTime),
  previousEndsAt: Nullable(dateTime),
  dateAdjustments: Nullable(Type.Object({ startsAt: dateTime, endsAt: dateTime })),
})
export type MaintenanceUpdateView = Static<typeof MaintenanceUpdateView>

export const MaintenanceView = Type.Object({
  id: Type.String(),
  maintenanceWindowId: Type.Integer(),
  startsAt: dateTime,
  endsAt: dateTime,
  status: StringEnum(MAINTENANCE_STATUSES),
  created_at: dateTime,
  updated_at: dateTime,
  updates: Type.Array(MaintenanceUpdateView),
})
export type MaintenanceView = Static<typeof MaintenanceView>

const iso = (ms: number) => new Date(ms).toISOString()
const DAY_MS = 86_400_000

/** The status at `now`: an ending status set by hand wins, then the clock (VERIFYING set by hand shows while on). */
export function statusAt(doc: Pick<MaintenanceDoc, 'startsAt' | 'endsAt' | 'status'>, now: number): MaintenanceStatus {
  if (doc.status === 'COMPLETED' || doc.status === 'CANCELLED') return doc.status
  if (now >= Date.parse(doc.endsAt)) return 'COMPLETED'
  if (now >= Date.parse(doc.startsAt)) return doc.status === 'VERIFYING' ? 'VERIFYING' : 'IN_PROGRESS'
  return 'SCHEDULED'
}

/**
 * The maintenance after a status is set at `now`: IN_PROGRESS or VERIFYING before the start starts it now; COMPLETED
 * or CANCELLED before the end ends it now (before the start: it never begins), so its silencing stops.
 */
export function withStatus(doc: MaintenanceDoc, status: MaintenanceStatus, now: number): MaintenanceDoc {
  const start = Date.parse(doc.startsAt)
  const end = Date.parse(doc.endsAt)
  let [startsAt, endsAt] = [start, end]
  if ((status === 'IN_PROGRESS' || status === 'VERIFYING') && now < start) startsAt = now
  if ((status === 'COMPLETED' || status === 'CANCELLED') && now < end) {
    endsAt = Math.max(now, start)
    if (now < start) startsAt = endsAt
  }
  return { ...doc, status, startsAt: iso(startsAt), endsAt: iso(endsAt), overrides: true }
}

/** The override alerting reads for a maintenance changed by hand. */
export const overrideOf = (doc: MaintenanceDoc): MaintenanceOverride => ({
  occurrenceStart: Date.parse(doc.occurrenceStart),
  startsAt: Date.parse(doc.startsAt),
  endsAt: Date.parse(doc.endsAt),
  active: !doc.deleted && doc.status !== 'CANCELLED',
})

export interface Occurrence {
  start: number
  end: number
}

/**
 * The window's scheduled occurrences to keep as maintenances at `now`: those begun by now (the latest `maxPast` of
 * them) and the next one to come, if the repeat rules have one.
 */
export function occurrencesToKeep(window: MaintenanceWindowDoc, now: number, maxPast: number): Occurrence[] {
  const start = Date.parse(window.startsAt)
  const end0 = Date.parse(window.endsAt)
  const duration = end0 - start
  const { repeatInterval: interval, repeatUnit: unit } = window
  if (interval === null || unit === null) return [{ start, end: end0 }]
  const until = window.repeatEndsAt === null ? Infinity : Date.parse(window.repeatEndsAt)
  // Repeats keep the local time of the window's time zone (maintenance-zone.ts); without one, UTC's.
  const zone = window.timezone ?? null
  const nth = (k: number): Occurrence => {
    if (unit !== 'MONTH') {
      const begin = addZonedDays(start, k * interval * (unit === 'WEEK' ? 7 : 1), zone)
      return { start: begin, end: begin + duration }
    }
    const begin = addZonedMonths(start, k * interval, zone)
    const shifted = addZonedMonths(end0, k * interval, zone)
    return { start: begin, end: shifted > begin ? shifted : begin + duration }
  }
  // Jump close to now instead of walking every occurrence since the first one.
  // A month is at most 31 days: the jump never passes an occurrence that is to be kept.
  const period = unit === 'MONTH' ? 31 * DAY_MS * interval : nth(1).start - start
  let k = Math.max(0, Math.floor((now - start) / period) - maxPast - 1)
  const kept: Occurrence[] = []
  for (; ; k++) {
    const o = nth(k)
    if (o.start >= until) break
    kept.push(o)
    if (o.start > now) break
  }
  const begun = kept.filter((o) => o.start <= now)
  return [...begun.slice(-maxPast), ...kept.filter((o) => o.start > now)]
}
