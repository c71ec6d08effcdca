/**
 * Time windows of analytics queries (pure): the seven quick ranges in UTC (weeks start on Monday) and the
 * aggregation buckets, aligned to Monday 1970-01-05 00:00 UTC so that day buckets start at midnight and week
 * buckets on Monday.
 */

export const QUICK_RANGES = ['last24Hours', 'last7Days', 'last30Days', 'thisWeek', 'thisMonth', 'lastWeek', 'lastMonth'] as const
export type QuickRange = (typeof QUICK_RANGES)[number]

export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/** The first Monday after the epoch: the origin of every aggregation bucket. */
export const BUCKET_ORIGIN = Date.UTC(1970, 0, 5)

export interface Window {
  from: number
  to: number
}

const startOfDay = (t: number): number => t - (((t % DAY_MS) + DAY_MS) % DAY_MS)
const startOfWeek = (t: number): number => {
  const day = startOfDay(t)
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7
  return day - sinceMonday * DAY_MS
}
const startOfMonth = (t: number, monthsBack = 0): number => {
  const d = new Date(t)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1)
}

/** The window [from, to) of a quick range at `now` (epoch ms). */
export function quickRangeWindow(range: QuickRange, now: number): Window {
  switch (range) {
    case 'last24Hours':
      return { from: now - DAY_MS, to: now }
    case 'last7Days':
      return { from: now - 7 * DAY_MS, to: now }
    case 'last30Days':
      return { from: now - 30 * DAY_MS, to: now }
    case 'thisWeek':
      return { from: startOfWeek(now), to: now }
    case 'thisMonth':
      return { from: startOfMonth(now), to: now }
    case 'lastWeek': {
      const monday = startOfWeek(now)
      return { from: monday - 7 * DAY_MS, to: monday }
    }
    case 'lastMonth':
      return { from: startOfMonth(now, 1), to: startOfMonth(now) }
  }
}

/** The start of the aggregation bucket of `interval` ms that holds time t. */
export const bucketStart = (t: number, interval: number): number => t - ((((t - BUCKET_ORIGIN) % interval) + interval) % interval)

export const floorTo = (t: number, unit: number): number => bucketStart(t, unit)
export const ceilTo = (t: number, unit: number): number => {
  const f = bucketStart(t, unit)
  return f === t ? t : f + unit
}
