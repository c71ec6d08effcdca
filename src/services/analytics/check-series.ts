/**
 * Availability, P95 and a per-step series of many checks at once (GET /v1/analytics/check-summaries): what a
 * list of checks shows beside each one, in a fixed number of queries whatever the number of checks.
 */
import { summarizeSeries, type CheckSeries } from '../../analytics/summary-series.js'
import { mainTimingColumn } from '../../analytics/summary.js'
import type { SlotColumn } from '../../analytics/rollup.js'
import type { CheckSummaryItem, RecentRun } from '../../domain/analytics/contract.js'
import { quickRangeWindow } from '../../domain/analytics/windows.js'
import { isUuid } from '../../lib/ids.js'
import type { Uses } from '../resource-deps.js'
import { toRawPoint } from './points.js'
import { readWindow } from './read-window.js'
import { recentRunsByCheck } from './recent-runs.js'

/** The ranges a list offers, each with the step of its series (whole roll-up buckets). */
export const SUMMARY_RANGES = {
  last24Hours: 3_600_000,
  last7Days: 6 * 3_600_000,
  last30Days: 24 * 3_600_000,
} as const
export type SummaryRange = keyof typeof SUMMARY_RANGES

export interface CheckSummariesService {
  /** The account's checks among `ids`, in the order asked; ids of other accounts or of no check are left out. */
  summaries(accountId: string, ids: string[], range: SummaryRange, recentRuns: number): Promise<CheckSummaryItem[]>
}

const toItem = (checkId: string, s: CheckSeries, recentRuns: RecentRun[]): CheckSummaryItem => ({
  checkId,
  runs: s.summary.runs,
  availability: s.summary.availability,
  responseTimeP95: s.summary.p95,
  series: s.steps.map((p) => ({ from: new Date(p.from).toISOString(), runs: p.runs, availability: p.availability, responseTime: p.p95 })),
  recentRuns,
})

export function checkSummariesService(r: Uses<'analytics' | 'checks', 'clock'>): CheckSummariesService {
  return {
    async summaries(accountId, ids, range, recentRuns) {
      const wanted = [...new Set(ids.filter(isUuid))]
      const checks = (await r.stores.checks.getMany(wanted)).filter((c) => c.accountId === accountId).map((c) => ({ id: c.id, checkType: c.checkType }))
      if (checks.length === 0) return []
      const stepMs = SUMMARY_RANGES[range]
      const window = quickRangeWindow(range, r.clock.now())
      const checkIds = checks.map((c) => c.id)
      const columns = [...new Set(checks.map((c) => mainTimingColumn(c.checkType)).filter((c): c is SlotColumn => c !== undefined))]
      const { series, runs } = await r.stores.analytics.snapshot(async (a) => {
        const { rollups, raws } = await readWindow(
          a,
          { ...window, intervalMs: stepMs },
          {
            raw: (from, to, createdAfter) => a.readRawOf(checkIds, from, to, createdAfter),
            rollups: (level, from, to) => a.readRollupsOf(checkIds, level, from, to, columns),
          },
        )
        const points = raws.map((row) => ({ checkId: row.check_id, status: row.status, at: Number(row.started_at), metrics: toRawPoint(row).metrics }))
        const runs = recentRunsByCheck(await a.recentRunsOf(checkIds, recentRuns), recentRuns)
        return { series: summarizeSeries(checks, rollups, points, window, stepMs), runs }
      })
      return wanted.flatMap((id) => {
        const s = series.get(id)
        return s ? [toItem(id, s, runs.get(id) ?? [])] : []
      })
    },
  }
}
