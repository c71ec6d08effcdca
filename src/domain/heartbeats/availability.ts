/**
 * Heartbeat availability (GET /v1/checks/heartbeats/{id}/availability), pure. Each counted ping is a successful
 * outcome; each missed deadline (one per period while nothing arrives) and each /fail signal is a failed one.
 * successRatio is the percentage of successful outcomes in a window (two decimals); the previous period is the
 * window of equal length just before. The reference requires a number there even when that window holds no outcome:
 * it reads 100 then, because a heartbeat has an outcome for every ping that was due (a ping or a missed deadline), so
 * a window without outcomes is one in which no ping was due (the check did not exist yet or was deactivated) and
 * nothing was missed. 0 would claim every outcome failed, and the current period's figure would invent a trend.
 * totalEntitiesCurrentPeriod is the number of outcomes in the current window.
 */

export const DAY_MS = 86_400_000

export interface TimeWindow {
  from: number
  to: number
}

export interface OutcomeCounts {
  total: number
  passing: number
}

export interface Availability {
  successRatio: { currentPeriod: number; previousPeriod: number }
  totalEntitiesCurrentPeriod: number
}

/** Percentage with two decimals; 0 for a window without outcomes. */
export const successPercent = (c: OutcomeCounts): number => (c.total === 0 ? 0 : Math.round((c.passing / c.total) * 10_000) / 100)

/** The last `ms` milliseconds, up to and including now. */
export const lastWindow = (now: number, ms: number): TimeWindow => ({ from: now + 1 - ms, to: now + 1 })

export const previousWindow = (w: TimeWindow): TimeWindow => ({ from: w.from - (w.to - w.from), to: w.from })

/** The previous period's figure when it held no outcome: no ping was due, so none was missed. */
export const NOTHING_DUE_PERCENT = 100

/** Null when the current window has no outcome at all (nothing to report). */
export function availabilityOf(current: OutcomeCounts, previous: OutcomeCounts): Availability | null {
  if (current.total === 0) return null
  return {
    successRatio: { currentPeriod: successPercent(current), previousPeriod: previous.total === 0 ? NOTHING_DUE_PERCENT : successPercent(previous) },
    totalEntitiesCurrentPeriod: current.total,
  }
}

/**
 * A time parameter: UNIX seconds (digits, optionally fractional) or an ISO 8601 date or date-time. Undefined when
 * absent; NaN when unreadable.
 */
export function parseTimeParam(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  const text = raw.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : NaN
}

/**
 * The window of a query: both bounds as given; one bound gives a 24-hour window from or until it; none gives the
 * last 24 hours, up to and including now. Returns field errors for unreadable bounds or an end not after the start.
 */
export function windowOf(startTime: string | undefined, endTime: string | undefined, now: number, defaultMs = DAY_MS): TimeWindow | { errors: Record<string, string> } {
  const start = parseTimeParam(startTime)
  const end = parseTimeParam(endTime)
  const errors: Record<string, string> = {}
  const bad = 'must be a UNIX timestamp in seconds or an ISO 8601 date'
  if (start !== undefined && Number.isNaN(start)) errors.startTime = bad
  if (end !== undefined && Number.isNaN(end)) errors.endTime = bad
  if (Object.keys(errors).length > 0) return { errors }
  // Without bounds the window ends with the current millisecond included.
  const to = end ?? (start !== undefined ? start + defaultMs : now + 1)
  const from = start ?? to - defaultMs
  if (to <= from) return { errors: { endTime: 'must be after startTime' } }
  return { from, to }
}
