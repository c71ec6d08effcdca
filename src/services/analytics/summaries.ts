/**
 * Availability and P95/P99 of many checks over one window in a fixed number of queries, whatever the number of
 * checks: the window is planned as for one check (whole hours and five minutes from the roll-ups, the edges
 * raw), and each segment is one query over all the checks, in one snapshot.
 */
import { appendAll } from '../../lib/append.js'
import { planSegments } from '../../analytics/plan.js'
import { mainTimingColumn, summarizeChecks, type CheckSummary, type SummaryPoint } from '../../analytics/summary.js'
import type { RollupRow, SlotColumn } from '../../analytics/rollup.js'
import type { AnalyticsStore, RawResultRow } from '../../store/analytics.js'
import { toRawPoint } from './points.js'
import { LATE_MS } from './query.js'

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
    const watermark = await a.watermark()
    const rollups: RollupRow[] = []
    const raws: SummaryPoint[] = []
    let span: { from: number; to: number } | undefined
    for (const seg of planSegments(window.from, window.to, null)) {
      if (seg.kind === 'raw') appendAll(raws, (await a.readRawOf(ids, seg.from, seg.to)).map(toPoint))
      else {
        appendAll(rollups, (await a.readRollupsOf(ids, seg.level, seg.from, seg.to, columns)))
        span = { from: Math.min(span?.from ?? seg.from, seg.from), to: Math.max(span?.to ?? seg.to, seg.to) }
      }
    }
    // Results stored since the last roll-up are not in it yet: read them raw, as single-check analytics does.
    if (span) {
      const from = Math.max(span.from, watermark - LATE_MS)
      if (from < span.to) appendAll(raws, (await a.readRawOf(ids, from, span.to, watermark)).map(toPoint))
    }
    return summarizeChecks(checks, rollups, raws)
  })
}
