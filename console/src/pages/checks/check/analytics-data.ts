/** Analytics responses shaped for a chart (pure): one x axis of bucket times, one y series per group. */
import type { AnalyticsResponse, SeriesRow } from '../../../api/endpoints'

export interface ChartData {
  /** Bucket starts in UNIX seconds, ascending. */
  xs: number[]
  /** The window asked for, in UNIX seconds (the x axis spans all of it, not only the buckets with runs). */
  range: [number, number]
  series: Array<{ label: string; values: Array<number | null> }>
}

export const QUICK_RANGES = [
  { value: 'lastHour', label: 'Last hour', interval: 1 },
  { value: 'last24Hours', label: 'Last 24 hours', interval: 15 },
  { value: 'last7Days', label: 'Last 7 days', interval: 60 },
  { value: 'last30Days', label: 'Last 30 days', interval: 360 },
] as const
export type RangeValue = (typeof QUICK_RANGES)[number]['value']

/**
 * The query of a range: the API's quick ranges as they are; the last hour as from/to, rounded to the minute so the
 * query (and its cache key) stays the same for a minute.
 */
export function rangeQuery(range: RangeValue, nowMs: number, buckets = true): Record<string, string | number> {
  const r = QUICK_RANGES.find((q) => q.value === range) ?? QUICK_RANGES[1]
  const interval: Record<string, number> = buckets ? { aggregationInterval: r.interval } : {}
  if (r.value === 'lastHour') {
    const to = Math.floor(nowMs / 60_000) * 60 + 60
    return { from: to - 3600, to, ...interval }
  }
  return { quickRange: r.value, ...interval }
}

export function chartData(res: AnalyticsResponse, metric: string): ChartData {
  const rows = (s: AnalyticsResponse['series'][number]): SeriesRow[] => (Array.isArray(s.data) ? s.data : [s.data])
  const times = new Set<number>()
  for (const s of res.series) for (const row of rows(s)) if (typeof row.timestamp === 'string') times.add(Math.floor(Date.parse(row.timestamp) / 1000))
  const xs = [...times].filter(Number.isFinite).sort((a, b) => a - b)
  const index = new Map(xs.map((x, i) => [x, i]))
  const series = res.series.map((s) => {
    const values: Array<number | null> = xs.map(() => null)
    for (const row of rows(s)) {
      const i = typeof row.timestamp === 'string' ? index.get(Math.floor(Date.parse(row.timestamp) / 1000)) : undefined
      const v = row[metric]
      if (i !== undefined && typeof v === 'number') values[i] = v
    }
    const label = s.runLocation ?? (s.statusCode !== undefined ? `HTTP ${s.statusCode ?? 'none'}` : 'All locations')
    return { label, values }
  })
  const from = Math.floor(Date.parse(res.from) / 1000)
  const to = Math.floor(Date.parse(res.to) / 1000)
  const range: [number, number] = Number.isFinite(from) && Number.isFinite(to) && to > from ? [from, to] : [xs[0] ?? 0, xs.at(-1) ?? 1]
  return { xs, series, range }
}

/** Lowest and highest value over every series, for a text summary of the chart. */
export function valueRange(data: ChartData): { min: number; max: number } | null {
  const all = data.series.flatMap((s) => s.values).filter((v): v is number => v !== null)
  return all.length > 0 ? { min: Math.min(...all), max: Math.max(...all) } : null
}

const PALETTE = ['#2456d6', '#1a7f37', '#c62828', '#9a6700', '#8e6bd6', '#2aa198', '#c0559b', '#e08a1e', '#5b6472', '#0b7a99']
export const colourOf = (i: number): string => PALETTE[i % PALETTE.length] ?? '#2456d6'
