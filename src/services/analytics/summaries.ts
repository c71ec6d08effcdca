/**
 * Availability and P95/P99 of many checks over one window in a fixed number of queries, whatever the number of
 * checks: the window is read as for one check (read-window.ts), each segment in one query over all the checks,
 * in one snapshot.
 */
import { mainTimingColumn, summarizeChecks, type CheckSummary, type SummaryPoint } from '../../analytics/summary.js'
import type { SlotColumn } from '../../analytics/rollup.js'
import type { AnalyticsStore, RawResultRow } from '../../store/analytics.js'
import { toRawPoint } from './points.js'
import { readWindow } from './read-window.js'

const toPoint = (row: RawResultRow): SummaryPoint => ({ checkId: row.check_id, status: row.status, metrics: toRawPoint(row).metrics })

export async function readCheckSummaries(
  analytics: AnalyticsStore,
  checks: ReadonlyArray<{ id: string; checkType: string }>,
  window: { from: number; to: number },
): Promise<Map<string, CheckSummary>> {
  if (checks.length === 0) return new Map()
  const ids = checks.map((c) => c.id)
  const columns = [...new Set(checks.map((c) => mainTimingColumn(c.checkType)).filter((c): c is SlotColumn => c !== undefined))]
  return analytics.snapshot(async (a) => {
    const { rollups, raws } = await readWindow(
      a,
      { ...window, intervalMs: null },
      {
        raw: (from, to, createdAfter) => a.readRawOf(ids, from, to, createdAfter),
        rollups: (level, from, to) => a.readRollupsOf(ids, level, from, to, columns),
      },
    )
    return summarizeChecks(checks, rollups, raws.map(toPoint))
  })
}
