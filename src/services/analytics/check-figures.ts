/**
 * Whole-window figures of many checks at once, each exactly as GET /v1/analytics/<type>/{id} answers the same
 * metrics over the same window (the same reads, merged by the same code: analytics/series.ts), in a fixed number of
 * queries whatever the number of checks: each segment of the window in one query over all of them. Also counts each
 * check's runs, failed runs and degraded runs, which the roll-ups keep beside the timings.
 */
import type { MetricName } from '../../domain/analytics/catalogue.js'
import { slotOf } from '../../domain/analytics/catalogue.js'
import type { AnalyticsQuery } from '../../domain/analytics/query.js'
import { buildSeries, type RawPoint, type SeriesRow } from '../../analytics/series.js'
import { isSuccess, slotColumn, type RollupRow, type SlotColumn } from '../../analytics/rollup.js'
import type { AnalyticsStore } from '../../store/analytics.js'
import { toRawPoint } from './points.js'
import { readWindow } from './read-window.js'

export interface FigureRequest {
  id: string
  checkType: string
  metrics: MetricName[]
}

export interface RunCounts {
  runs: number
  failed: number
  degraded: number
}

export interface CheckFigures {
  values: SeriesRow
  counts: RunCounts
}

const queryOf = (metrics: MetricName[], window: { from: number; to: number }): AnalyticsQuery => ({
  ...window,
  intervalMs: null,
  metrics,
  raw: false,
  groupBy: null,
  status: null,
  limit: 1,
  page: 1,
})

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const out = new Map<string, T[]>()
  for (const item of items) {
    const list = out.get(key(item))
    if (list) list.push(item)
    else out.set(key(item), [item])
  }
  return out
}

function countRuns(rollups: readonly RollupRow[], raws: ReadonlyArray<{ status: string }>): RunCounts {
  const counts: RunCounts = { runs: 0, failed: 0, degraded: 0 }
  for (const r of rollups) {
    counts.runs += Number(r.runs)
    if (Number(r.success) === 0) counts.failed += Number(r.runs)
    counts.degraded += Number(r.degraded)
  }
  for (const p of raws) {
    counts.runs++
    if (!isSuccess(p.status)) counts.failed++
    if (p.status === 'degraded') counts.degraded++
  }
  return counts
}

/** Figures of each check over the window; run inside a snapshot (AnalyticsStore.snapshot) for consistent reads. */
export async function readCheckFigures(a: AnalyticsStore, checks: readonly FigureRequest[], window: { from: number; to: number }): Promise<Map<string, CheckFigures>> {
  const out = new Map<string, CheckFigures>()
  if (checks.length === 0) return out
  const ids = checks.map((c) => c.id)
  const columns = new Set<SlotColumn>()
  for (const c of checks) for (const m of c.metrics) if (!m.summary) columns.add(slotColumn(slotOf(c.checkType, m.base.name)))
  const { rollups, raws } = await readWindow(
    a,
    { ...window, intervalMs: null },
    {
      raw: (from, to, createdAfter) => a.readRawOf(ids, from, to, createdAfter),
      rollups: (level, from, to) => a.readRollupsOf(ids, level, from, to, [...columns]),
    },
  )
  const rollupsOf = groupBy(rollups, (r) => r.check_id)
  const rawsOf = groupBy(raws, (r) => r.check_id)
  for (const c of checks) {
    const checkRollups = rollupsOf.get(c.id) ?? []
    const checkRaws: RawPoint[] = (rawsOf.get(c.id) ?? []).map(toRawPoint)
    const { series } = buildSeries({ checkType: c.checkType, query: queryOf(c.metrics, window), rollups: checkRollups, raws: checkRaws })
    const data = series[0]?.data
    out.set(c.id, { values: data && !Array.isArray(data) ? data : {}, counts: countRuns(checkRollups, checkRaws) })
  }
  return out
}
