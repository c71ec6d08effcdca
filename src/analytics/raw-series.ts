/**
 * Raw analytics points (pure): one row per final result for bare metric names (responseTime, dns …), as the
 * reference's non-aggregated queries return them. availability is 100 or 0 per run and retries its retry count.
 */
import type { AnalyticsQuery } from '../domain/analytics/query.js'
import { isSuccess } from './rollup.js'
import { groupValue, type RawPoint, type Series, type SeriesRow } from './series.js'

function pointRow(query: AnalyticsQuery, p: RawPoint): SeriesRow {
  const row: SeriesRow = { timestamp: new Date(p.startedAt).toISOString(), checkResultId: p.id, runLocation: p.location }
  if (p.statusCode !== null) row.statusCode = p.statusCode
  for (const m of query.metrics) {
    if (m.name === 'availability') row[m.name] = isSuccess(p.status) ? 100 : 0
    else if (m.name === 'retries') row[m.name] = Math.max(0, p.attempt - 1)
    else row[m.name] = p.metrics[m.base.name] ?? null
  }
  return row
}

/** The points of one page (already ordered by time), split into series by the groupBy value. */
export function rawSeries(query: AnalyticsQuery, points: RawPoint[]): Series[] {
  if (query.groupBy === null) return [{ data: points.map((p) => pointRow(query, p)) }]
  const groups = new Map<string | number | null, SeriesRow[]>()
  for (const p of points) {
    const g = groupValue(query, p.location, p.statusCode)
    const list = groups.get(g)
    if (list) list.push(pointRow(query, p))
    else groups.set(g, [pointRow(query, p)])
  }
  return [...groups.entries()].map(([g, data]) => (query.groupBy === 'runLocation' ? { runLocation: String(g), data } : { statusCode: g as number | null, data }))
}
