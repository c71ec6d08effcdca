/**
 * Maintenance windows (pure): their contract (body, stored document and view schemas), the stored document built
 * from a create or partial update, and whether a check (by its tags) is in maintenance at a moment, with the repeat
 * rules.
 */
import { Type, type Static } from 'typebox'
import { FieldErrorCollector } from './errors.js'
import { Nullable, StringEnum } from './checks/shared-schemas.js'
import { StatusPageVisibility, StatusPageVisibilityBody, buildVisibility } from './maintenance-visibility.js'
import { addZonedDays, addZonedMonths, isTimeZone } from './maintenance-zone.js'

export const REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const
export type RepeatUnit = (typeof REPEAT_UNITS)[number]

const INSTANT_HELP = 'ISO 8601 date-time (e.g. 2026-05-01T22:00:00Z; without an offset it is UTC) or a date (midnight UTC).'
const Instant = (description: string) => Type.String({ maxLength: 64, description: `${description} ${INSTANT_HELP}` })

const fields = {
  name: Type.String({ minLength: 1, maxLength: 255 }),
  tags: Nullable(
    Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100, description: 'The window applies to checks having any of these tags (none: to no check).' }),
  ),
  startsAt: Instant('Start of the (first) window.'),
  endsAt: Instant('End of the (first) window, after startsAt.'),
  repeatInterval: Nullable(Type.Integer({ minimum: 1, maximum: 365, description: 'Repeat every N repeatUnit; set together with repeatUnit.' })),
  repeatUnit: Nullable(StringEnum(REPEAT_UNITS, { description: 'Set together with repeatInterval. MONTH adds calendar months (UTC).' })),
  repeatEndsAt: Nullable(Instant('No occurrence starts at or after this instant (null: repeats for ever).')),
  description: Nullable(Type.String({ maxLength: 2000, description: 'What the maintenance is for.' })),
  timezone: Nullable(
    Type.String({ maxLength: 64, description: 'IANA time zone of the repeats: each occurrence starts at the same local time (null: UTC). Offsets such as +05:00 are not zones.' }),
  ),
  statusPageVisibility: Nullable(StatusPageVisibilityBody),
}

export const MaintenanceWindowCreateBody = Type.Object({
  name: fields.name,
  tags: Type.Optional(fields.tags),
  startsAt: fields.startsAt,
  endsAt: fields.endsAt,
  repeatInterval: Type.Optional(fields.repeatInterval),
  repeatUnit: Type.Optional(fields.repeatUnit),
  repeatEndsAt: Type.Optional(fields.repeatEndsAt),
  description: Type.Optional(fields.description),
  timezone: Type.Optional(fields.timezone),
  statusPageVisibility: Type.Optional(fields.statusPageVisibility),
})
export type MaintenanceWindowCreateBody = Static<typeof MaintenanceWindowCreateBody>

export const MaintenanceWindowUpdateBody = Type.Object({
  name: Type.Optional(fields.name),
  tags: Type.Optional(fields.tags),
  startsAt: Type.Optional(fields.startsAt),
  endsAt: Type.Optional(fields.endsAt),
  repeatInterval: Type.Optional(fields.repeatInterval),
  repeatUnit: Type.Optional(fields.repeatUnit),
  repeatEndsAt: Type.Optional(fields.repeatEndsAt),
  description: Type.Optional(fields.description),
  timezone: Type.Optional(fields.timezone),
  statusPageVisibility: Type.Optional(fields.statusPageVisibility),
})
export type MaintenanceWindowUpdateBody = Static<typeof MaintenanceWindowUpdateBody>

/** The stored document; instants are ISO 8601 UTC strings, tags without repeats. */
export const MaintenanceWindowDoc = Type.Object({
  name: Type.String(),
  tags: Type.Array(Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  repeatInterval: Nullable(Type.Integer()),
  repeatUnit: Nullable(StringEnum(REPEAT_UNITS)),
  repeatEndsAt: Nullable(Type.String()),
  /** Absent from documents stored before windows had one. */
  description: Type.Optional(Nullable(Type.String())),
  /** IANA zone of the repeats (absent or null: UTC). */
  timezone: Type.Optional(Nullable(Type.String())),
  /** Absent: hidden from status pages. */
  statusPageVisibility: Type.Optional(StatusPageVisibility),
})
export type MaintenanceWindowDoc = Static<typeof MaintenanceWindowDoc>

export const MaintenanceWindowView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tags: Type.Array(Type.String()),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  repeatInterval: Nullable(Type.Integer()),
  repeatUnit: Nullable(StringEnum(REPEAT_UNITS)),
  repeatEndsAt: Nullable(Type.String({ format: 'date-time' })),
  description: Nullable(Type.String()),
  timezone: Nullable(Type.String()),
  statusPageVisibility: StatusPageVisibility,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
})
export type MaintenanceWindowView = Static<typeof MaintenanceWindowView>

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/

/** Epoch ms of an ISO 8601 date or date-time (no offset = UTC), or null when it is not one or names no real day. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = INSTANT.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${offset}`)
  return Number.isNaN(ms) ? null : ms
}

/**
 * What buildMaintenanceWindowDoc reads: a body's fields, each of any type. It checks every value itself, because it
 * also runs on a body that failed its schema (to name every problem in one 400) and on a deploy's payloads.
 */
export type MaintenanceWindowInput = { readonly [K in keyof MaintenanceWindowUpdateBody]?: unknown }

const isRepeatUnit = (value: unknown): value is RepeatUnit => REPEAT_UNITS.some((unit) => unit === value)
const isTagList = (value: unknown): value is string[] => Array.isArray(value) && value.every((t) => typeof t === 'string' && t.length > 0)

/** The document of a new window, or an updated one (fields left out keep their value); every rule re-checked. */
export function buildMaintenanceWindowDoc(body: MaintenanceWindowInput, existing?: MaintenanceWindowDoc): MaintenanceWindowDoc {
  const errors = new FieldErrorCollector()
  const pick = (key: keyof MaintenanceWindowDoc, fallback: unknown): unknown => (body[key] !== undefined ? body[key] : existing ? existing[key] : fallback)

  const rawName = pick('name', '')
  const name = typeof rawName === 'string' && rawName.length >= 1 && rawName.length <= 255 ? rawName : null
  if (name === null) errors.add('name', rawName === '' && !existing ? 'is required' : 'must be 1 to 255 characters long')
  const givenTags = body.tags === null ? undefined : body.tags
  const rawTags = givenTags !== undefined ? givenTags : (existing?.tags ?? [])
  const tags = isTagList(rawTags) ? rawTags : null
  if (tags === null) errors.add('tags', 'must be an array of non-empty strings')

  const instant = (key: 'startsAt' | 'endsAt' | 'repeatEndsAt', required: boolean): number | null => {
    const raw = pick(key, null)
    if (raw === null || raw === undefined) {
      if (required) errors.add(key, 'is required')
      return null
    }
    const ms = parseInstant(raw)
    if (ms === null) errors.add(key, `must be an ${INSTANT_HELP}`)
    return ms
  }
  const startsAt = instant('startsAt', true)
  const endsAt = instant('endsAt', true)
  const repeatEndsAt = instant('repeatEndsAt', false)
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.add('endsAt', 'must be after startsAt')
  if (startsAt !== null && repeatEndsAt !== null && repeatEndsAt <= startsAt) errors.add('repeatEndsAt', 'must be after startsAt')

  const rawDescription = pick('description', null) ?? null
  const description = rawDescription === null || (typeof rawDescription === 'string' && rawDescription.length <= 2000) ? rawDescription : undefined
  if (description === undefined) errors.add('description', 'must be text of at most 2000 characters, or null')

  const repeatInterval = pick('repeatInterval', null)
  const repeatUnit = pick('repeatUnit', null)
  const interval = typeof repeatInterval === 'number' && Number.isInteger(repeatInterval) && repeatInterval >= 1 && repeatInterval <= 365 ? repeatInterval : null
  const unit = isRepeatUnit(repeatUnit) ? repeatUnit : null
  if (repeatInterval !== null && interval === null) errors.add('repeatInterval', 'must be an integer from 1 to 365, or null')
  if (repeatUnit !== null && unit === null) errors.add('repeatUnit', 'must be one of: "DAY", "WEEK", "MONTH", or null')
  if (repeatInterval !== null && repeatUnit === null) errors.add('repeatUnit', 'is required when repeatInterval is set')
  // The reference requires repeatUnit on every create and defaults repeatInterval to null: a unit without an interval
  // is a window that does not repeat.
  if (repeatEndsAt !== null && repeatInterval === null) errors.add('repeatEndsAt', 'needs repeatInterval and repeatUnit')
  const rawZone = body.timezone !== undefined ? body.timezone : (existing?.timezone ?? null)
  const timezone = rawZone === null || rawZone === 'UTC' ? null : typeof rawZone === 'string' && isTimeZone(rawZone) ? rawZone : undefined
  if (timezone === undefined) errors.add('timezone', 'must be an IANA time zone name such as Europe/Berlin, or null')
  const statusPageVisibility = buildVisibility(body.statusPageVisibility, existing?.statusPageVisibility, errors)
  errors.throwIfAny()
  // Each of these failed a rule above, which has thrown: the test only tells the compiler so.
  if (name === null || tags === null || startsAt === null || endsAt === null) throw new Error('a maintenance window that passed its rules lacks a value')

  const iso = (ms: number) => new Date(ms).toISOString()
  return {
    name,
    tags: [...new Set(tags)],
    startsAt: iso(startsAt),
    endsAt: iso(endsAt),
    repeatInterval: interval,
    repeatUnit: unit,
    repeatEndsAt: repeatEndsAt === null ? null : iso(repeatEndsAt),
    description: description ?? null,
    timezone: timezone ?? null,
    statusPageVisibility,
  }
}

/**
 * An occurrence of a window changed by hand (a maintenance whose dates were moved, or that was ended, cancelled or
 * deleted): it replaces the scheduled occurrence that started at occurrenceStart, and silences [startsAt, endsAt)
 * instead, or nothing when it is not active (deleted).
 */
export interface MaintenanceOverride {
  occurrenceStart: number
  startsAt: number
  endsAt: number
  active: boolean
}

/** What isInMaintenance needs of a window (a stored document fits), with the overrides of its occurrences. */
export interface MaintenanceWindowLike {
  tags: readonly string[]
  startsAt: string | number
  endsAt: string | number
  repeatInterval?: number | null
  repeatUnit?: RepeatUnit | null
  repeatEndsAt?: string | number | null
  /** IANA zone of the repeats (null or absent: UTC). */
  timezone?: string | null
  overrides?: readonly MaintenanceOverride[]
}

const toMs = (v: string | number): number => (typeof v === 'number' ? v : Date.parse(v))
const DAY_MS = 86_400_000

/** The UTC instant `months` calendar months after `ms`; the day is clamped to the month's length (Jan 31 + 1 → Feb 28/29). */
export function addUtcMonths(ms: number, months: number): number {
  const d = new Date(ms)
  const target = d.getUTCMonth() + months
  const year = d.getUTCFullYear() + Math.floor(target / 12)
  const month = ((target % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds())
}

/** The scheduled starts of the window's occurrences that cover `atMs` (tags and overrides aside). */
export function occurrenceStartsCovering(window: MaintenanceWindowLike, atMs: number): number[] {
  const start = toMs(window.startsAt)
  const duration = toMs(window.endsAt) - start
  if (!(duration > 0) || atMs < start) return []
  const interval = window.repeatInterval ?? null
  const unit = window.repeatUnit ?? null
  if (interval === null || unit === null || interval < 1) return atMs < start + duration ? [start] : []
  const until = window.repeatEndsAt === null || window.repeatEndsAt === undefined ? Infinity : toMs(window.repeatEndsAt)
  const starts: number[] = []
  const zone = window.timezone ?? null
  if (unit !== 'MONTH' && zone !== null) {
    // Local days differ from 24 h across changes of clocks: look at the occurrences near the estimate.
    const days = interval * (unit === 'WEEK' ? 7 : 1)
    const period = days * DAY_MS
    const from = Math.max(0, Math.floor((atMs - start - duration) / period) - 1)
    for (let k = from; k <= Math.floor((atMs - start) / period) + 1; k++) {
      const begin = addZonedDays(start, k * days, zone)
      if (begin <= atMs && atMs < begin + duration && begin < until) starts.push(begin)
    }
    return starts
  }
  if (unit !== 'MONTH') {
    // Occurrence k covers [start + k*P, start + k*P + duration).
    const period = interval * (unit === 'WEEK' ? 7 : 1) * DAY_MS
    const latest = Math.floor((atMs - start) / period)
    for (let k = Math.max(0, Math.floor((atMs - start - duration) / period) + 1); k <= latest && start + k * period < until; k++) starts.push(start + k * period)
    return starts
  }
  // Calendar months: occurrence k is [startsAt + k*interval months, endsAt + k*interval months) (the end falls back to
  // start + duration if clamping to a shorter month would leave nothing). Walk back from the last occurrence that
  // starts at or before atMs while occurrences can still reach it (their span differs from the duration by < 7 days).
  const end0 = toMs(window.endsAt)
  const s = new Date(start)
  const a = new Date(atMs)
  let k = Math.floor(((a.getUTCFullYear() - s.getUTCFullYear()) * 12 + a.getUTCMonth() - s.getUTCMonth()) / interval)
  while (k >= 0 && addZonedMonths(start, k * interval, zone) > atMs) k--
  for (; k >= 0; k--) {
    const begin = addZonedMonths(start, k * interval, zone)
    if (begin + duration + 7 * DAY_MS <= atMs) break
    const shifted = addZonedMonths(end0, k * interval, zone)
    const end = shifted > begin ? shifted : begin + duration
    if (atMs < end && begin < until) starts.push(begin)
  }
  return starts
}

/** True when the window's time covers `atMs` (tags and overrides aside). */
export const windowCovers = (window: MaintenanceWindowLike, atMs: number): boolean => occurrenceStartsCovering(window, atMs).length > 0

/**
 * True when the window applies to a check with these tags (any shared tag) and covers `atMs`: a scheduled occurrence
 * that no override replaces covers it, or an active override's own dates do.
 */
export function isInMaintenance(window: MaintenanceWindowLike, checkTags: readonly string[], atMs: number): boolean {
  if (!window.tags.some((t) => checkTags.includes(t))) return false
  const overrides = window.overrides ?? []
  if (overrides.some((o) => o.active && o.startsAt <= atMs && atMs < o.endsAt)) return true
  return occurrenceStartsCovering(window, atMs).some((start) => !overrides.some((o) => o.occurrenceStart === start))
}

/** The windows that put a check with these tags in maintenance at `atMs`. */
export function activeWindowsFor<W extends MaintenanceWindowLike>(windows: readonly W[], checkTags: readonly string[], atMs: number): W[] {
  return windows.filter((w) => isInMaintenance(w, checkTags, atMs))
}
