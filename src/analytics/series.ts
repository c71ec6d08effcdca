/**
 * Aggregated analytics series (pure): merges hour/minute buckets and raw runs into one accumulator per
 * (group, output bucket) and computes each requested metric from it. Empty buckets are left out.
 */
import { slotOf } from '../domain/analytics/catalogue.js'
import type { AnalyticsQuery } from '../domain/analytics/query.js'
import { bucketStart } from '../domain/analytics/windows.js'
import { addValue, emptyHistogram, mergeEncoded, quantile, stddev, type Histogram } from './histogram.js'
import { NO_STATUS, isSuccess, slotColumn, type RollupRow, type RunPoint } from './rollup.js'

/** A final result as read for analytics, with its id (raw points link to their result). */
export interface RawPoint extends RunPoint {
  id: string
}

interface Acc {
  group: string | number | null
  bucket: number
  runs: number
  successes: number
  retries: number
  slots: Map<number, Histogram>
}

export type SeriesRow = Record<string, string | number | null>
export interface Series {
  runLocation?: string
  statusCode?: number | null
  data: SeriesRow[] | SeriesRow
}

const PERCENTILES: Record<string, number> = { median: 0.5, p50: 0.5, p90: 0.9, p95: 0.95, p99: 0.99 }
/**
 * Rounds half up on the decimal value: the scaled value is first cut to 12 significant digits, so that a sum whose
 * binary form lands just below a tie (9.975 / 3 * 100 = 332.49999999999994) rounds the same whether it was added up
 * from raw results or from roll-ups in another order.
 */
export const roundDecimal = (v: number, digits: number): number => Math.round(Number((v * 10 ** digits).toPrecision(12))) / 10 ** digits
const round = (v: number | null, digits: number): number | null => (v === null ? null : roundDecimal(v, digits))

function valueOf(acc: Acc | undefined, slot: number, aggregation: string): number | null {
  const h = acc?.slots.get(slot)
  if (!h || h.n === 0) return null
  switch (aggregation) {
    case 'avg':
      return round(h.sum / h.n, 2)
    case 'min':
      return round(h.min, 2)
    case 'max':
      return round(h.max, 2)
    case 'sum':
      return round(h.sum, 2)
    case 'stddev':
      return round(stddev(h), 2)
    default:
      return round(quantile(h, PERCENTILES[aggregation] ?? 0.5), 2)
  }
}

/** The requested metrics of one accumulator. */
export function metricValues(checkType: string, query: AnalyticsQuery, acc: Acc | undefined): SeriesRow {
  const row: SeriesRow = {}
  for (const m of query.metrics) {
    if (m.name === 'availability') row[m.name] = acc && acc.runs > 0 ? round((acc.successes / acc.runs) * 100, 4) : null
    else if (m.name === 'retries') row[m.name] = acc ? acc.retries : 0
    else row[m.name] = valueOf(acc, slotOf(checkType, m.base.name), m.aggregation ?? 'avg')
  }
  return row
}

export const groupValue = (query: AnalyticsQuery, location: string, statusCode: number | null): string | number | null =>
  query.groupBy === 'runLocation' ? location : query.groupBy === 'statusCode' ? (statusCode === null || statusCode === NO_STATUS ? null : statusCode) : null

export function buildSeries(input: { checkType: string; query: AnalyticsQuery; rollups: RollupRow[]; raws: RawPoint[] }): { series: Series[]; total: number } {
  const { checkType, query } = input
  // Each timing base asked for once, however many of its aggregations are asked for.
  const bases = new Map(query.metrics.filter((m) => !m.summary).map((m) => [slotOf(checkType, m.base.name), m.base.name]))
  const slots = [...bases.keys()]
  const accs = new Map<string, Acc>()
  const accFor = (group: string | number | null, t: number): Acc => {
    const bucket = query.intervalMs === null ? query.from : bucketStart(t, query.intervalMs)
    const id = `${String(group)}|${bucket}`
    let acc = accs.get(id)
    if (!acc) accs.set(id, (acc = { group, bucket, runs: 0, successes: 0, retries: 0, slots: new Map() }))
    return acc
  }
  const histogram = (acc: Acc, slot: number): Histogram => {
    let h = acc.slots.get(slot)
    if (!h) acc.slots.set(slot, (h = emptyHistogram()))
    return h
  }
  for (const r of input.rollups) {
    const acc = accFor(groupValue(query, r.location, Number(r.status_code)), Number(r.bucket_start))
    acc.runs += Number(r.runs)
    if (Number(r.success) === 1) acc.successes += Number(r.runs)
    acc.retries += Number(r.retries)
    for (const slot of slots) {
      const text = r[slotColumn(slot)]
      if (text) mergeEncoded(histogram(acc, slot), text)
    }
  }
  for (const p of input.raws) {
    const acc = accFor(groupValue(query, p.location, p.statusCode), p.startedAt)
    acc.runs++
    if (isSuccess(p.status)) acc.successes++
    acc.retries += Math.max(0, p.attempt - 1)
    for (const [slot, base] of bases) {
      const value = p.metrics[base]
      if (value !== undefined) addValue(histogram(acc, slot), value)
    }
  }
  return shape(checkType, query, [...accs.values()])
}

const compareGroups = (a: string | number | null, b: string | number | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))

function shape(checkType: string, query: AnalyticsQuery, accs: Acc[]): { series: Series[]; total: number } {
  const groups = new Map<string | number | null, Acc[]>()
  for (const acc of accs) {
    const list = groups.get(acc.group)
    if (list) list.push(acc)
    else groups.set(acc.group, [acc])
  }
  if (query.groupBy === null && groups.size === 0) groups.set(null, [])
  const keys = [...groups.keys()].sort(compareGroups)
  const page = keys.slice((query.page - 1) * query.limit, query.page * query.limit)
  const series = page.map((group): Series => {
    const list = (groups.get(group) ?? []).sort((a, b) => a.bucket - b.bucket)
    const data =
      query.intervalMs === null
        ? metricValues(checkType, query, list[0])
        : list.map((acc) => ({ timestamp: new Date(acc.bucket).toISOString(), ...metricValues(checkType, query, acc) }))
    if (query.groupBy === 'runLocation') return { runLocation: String(group), data }
    if (query.groupBy === 'statusCode') return { statusCode: group as number | null, data }
    return { data }
  })
  return { series, total: keys.length }
}
