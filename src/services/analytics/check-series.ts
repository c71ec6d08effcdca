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
import { PENDING_STATUS } from '../../domain/results/status-view-schema.js'
import type { CheckStatusRow } from '../../store/schema.js'
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

/** The filters and page of GET /v1/checks: the summaries of the checks that page lists, in its order. */
export interface SummaryListPage {
  limit: number
  page: number
  checkType?: string | undefined
  tag?: string[] | undefined
  search?: string | undefined
  status?: string | undefined
}

/** Which checks: these ids (in the order asked), or the checks of one page of the list. */
export type SummaryPick = { checkIds: string[] } | { list: SummaryListPage }

export interface CheckSummariesService {
  /** The account's checks picked, in order; ids of other accounts or of no check are left out. */
  summaries(accountId: string, pick: SummaryPick, range: SummaryRange, recentRuns: number): Promise<CheckSummaryItem[]>
}

const toItem = (checkId: string, s: CheckSeries, recentRuns: RecentRun[], state: CheckStatusRow | undefined): CheckSummaryItem => ({
  checkId,
  // The engine writes only a result's status (passing, failing, degraded) to the row.
  status: (state?.status as CheckSummaryItem['status'] | undefined) ?? PENDING_STATUS,
  lastRunAt: state?.last_run_at === null || state?.last_run_at === undefined ? null : new Date(Number(state.last_run_at)).toISOString(),
  runs: s.summary.runs,
  availability: s.summary.availability,
  responseTimeP95: s.summary.p95,
  series: s.steps.map((p) => ({ from: new Date(p.from).toISOString(), runs: p.runs, availability: p.availability, responseTime: p.p95 })),
  recentRuns,
})

/** The account's checks picked, as id and type, in order. */
async function pickChecks(r: Uses<'checks'>, accountId: string, pick: SummaryPick): Promise<Array<{ id: string; checkType: string }>> {
  if ('list' in pick) {
    const { list } = pick
    return r.stores.checks.listKeys({ ...list, accountId, tags: list.tag, offset: (list.page - 1) * list.limit })
  }
  const wanted = [...new Set(pick.checkIds.filter(isUuid))]
  const found = new Map((await r.stores.checks.getMany(wanted)).filter((c) => c.accountId === accountId).map((c) => [c.id, { id: c.id, checkType: c.checkType }]))
  return wanted.flatMap((id) => found.get(id) ?? [])
}

export function checkSummariesService(r: Uses<'analytics' | 'checks' | 'results', 'clock'>): CheckSummariesService {
  return {
    async summaries(accountId, pick, range, recentRuns) {
      const checks = await pickChecks(r, accountId, pick)
      if (checks.length === 0) return []
      const stepMs = SUMMARY_RANGES[range]
      const window = quickRangeWindow(range, r.clock.now())
      const checkIds = checks.map((c) => c.id)
      const columns = [...new Set(checks.map((c) => mainTimingColumn(c.checkType)).filter((c): c is SlotColumn => c !== undefined))]
      const [{ series, runs }, states] = await Promise.all([
        r.stores.analytics.snapshot(async (a) => {
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
        }),
        r.stores.results.listStatusesOf(accountId, checkIds),
      ])
      const stateOf = new Map(states.map((s) => [s.check_id, s]))
      return checkIds.flatMap((id) => {
        const s = series.get(id)
        return s ? [toItem(id, s, runs.get(id) ?? [], stateOf.get(id))] : []
      })
    },
  }
}
