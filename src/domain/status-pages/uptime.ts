/**
 * 90-day uptime of a status page service, "(total − incident downtime) / total", pure.
 *
 * One bar per UTC day, oldest first, today last. A day's downtime is the union of the times the service's incidents
 * were open during it (an incident is open from its first update to its final resolve, or until now while open),
 * so overlapping incidents count once. Days before the service existed are no data: they count neither as up nor
 * as down, and each is a `nodata` bar. The day it was created counts from its midnight, as every other day does, so
 * that a short incident in a new service's first minutes weighs as a share of a day and not as most of its life
 * (12 minutes down read as 16% uptime on a service 14 minutes old). Today counts up to now.
 */
import type { IncidentSeverity } from './enums.js'
import { worse } from './service-state.js'

export const UPTIME_DAYS = 90
export const DAY_MS = 86_400_000

/** An incident of one service as a time interval. */
export interface IncidentSpan {
  name: string
  severity: IncidentSeverity
  /** Epoch ms of the first update. */
  start: number
  /** Epoch ms of the final resolve; null while open. */
  end: number | null
}

export interface UptimeDay {
  /** UTC midnight, epoch ms. */
  start: number
  /** False for a day before the one the service was created on (or, for the last day, not begun yet). */
  hasData: boolean
  /** Time of the day counted (up to now today), ms. */
  totalMs: number
  downtimeMs: number
  /** Percent, null without data. */
  uptime: number | null
  /** Worst severity of the incidents open during the day; null for none. */
  severity: IncidentSeverity | null
  /** Names of the incidents open during the day, in order of start. */
  incidents: string[]
}

export interface ServiceUptime {
  days: UptimeDay[]
  /** Percent over the whole window; null when the service has no time in it. */
  uptime: number | null
}

export const utcDayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS

/** Total length of the union of intervals [from, to), ms. */
export function unionLength(intervals: ReadonlyArray<readonly [number, number]>): number {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  let total = 0
  let curStart = -Infinity
  let curEnd = -Infinity
  for (const [a, b] of sorted) {
    if (a > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart
      curStart = a
      curEnd = b
    } else if (b > curEnd) curEnd = b
  }
  if (curEnd > curStart) total += curEnd - curStart
  return total
}

/**
 * Whether an incident touches the time [from, to): it overlaps it, or it was opened and resolved at the same
 * instant within it (an incident posted as already resolved still marks its day).
 */
const touches = (start: number, end: number, from: number, to: number): boolean => start < to && (end > from || (end === start && start >= from))

/** The uptime of a service created at `createdAt`, from its incidents, at `now`. */
export function serviceUptime(createdAt: number, incidents: readonly IncidentSpan[], now: number, days = UPTIME_DAYS): ServiceUptime {
  const today = utcDayStart(now)
  const ordered = [...incidents].sort((a, b) => a.start - b.start)
  let total = 0
  let down = 0
  const out: UptimeDay[] = []
  for (let i = days - 1; i >= 0; i--) {
    const start = today - i * DAY_MS
    const from = Math.max(start, utcDayStart(createdAt))
    const to = Math.min(start + DAY_MS, now)
    if (to <= from || createdAt >= to) {
      out.push({ start, hasData: false, totalMs: 0, downtimeMs: 0, uptime: null, severity: null, incidents: [] })
      continue
    }
    let severity: IncidentSeverity | null = null
    const names: string[] = []
    const intervals: Array<[number, number]> = []
    for (const incident of ordered) {
      const end = Math.min(incident.end ?? now, now)
      if (!touches(incident.start, Math.max(end, incident.start), from, to)) continue
      severity = worse(severity, incident.severity)
      names.push(incident.name)
      // An incident backfilled to before the service existed is down time only from its creation.
      intervals.push([Math.max(incident.start, from, createdAt), Math.min(end, to)])
    }
    const downtimeMs = unionLength(intervals)
    const totalMs = to - from
    total += totalMs
    down += downtimeMs
    out.push({ start, hasData: true, totalMs, downtimeMs, uptime: ((totalMs - downtimeMs) / totalMs) * 100, severity, incidents: names })
  }
  return { days: out, uptime: total > 0 ? ((total - down) / total) * 100 : null }
}

/** A card's uptime: the average of its services' (those with data); null when none has any. */
export function averageUptime(uptimes: ReadonlyArray<number | null>): number | null {
  const known = uptimes.filter((u): u is number => u !== null)
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length
}
