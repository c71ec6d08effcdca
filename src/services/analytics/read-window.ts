/**
 * Reads a window as analytics plans it (analytics/plan.ts), for one check or many: each roll-up segment from its
 * buckets, each raw edge from final results, then the results stored since the last roll-up, which the buckets
 * do not hold yet. Run inside one snapshot.
 */
import { planSegments } from '../../analytics/plan.js'
import type { RollupRow } from '../../analytics/rollup.js'
import { appendAll } from '../../lib/append.js'
import type { AnalyticsStore, RawResultRow } from '../../store/analytics.js'

/**
 * Results stored after the watermark are read raw only if their run started at most this long before the
 * watermark; a later one (a heartbeat deadline caught up after a restart) shows once rolled up.
 */
export const LATE_MS = 15 * 60_000

export interface WindowReads {
  raw(from: number, to: number, createdAfter?: number): Promise<RawResultRow[]>
  rollups(level: number, from: number, to: number): Promise<RollupRow[]>
}

export async function readWindow(
  a: AnalyticsStore,
  window: { from: number; to: number; intervalMs: number | null },
  read: WindowReads,
): Promise<{ rollups: RollupRow[]; raws: RawResultRow[] }> {
  const watermark = await a.watermark()
  const rollups: RollupRow[] = []
  const raws: RawResultRow[] = []
  let span: { from: number; to: number } | undefined
  for (const seg of planSegments(window.from, window.to, window.intervalMs)) {
    if (seg.kind === 'raw') appendAll(raws, await read.raw(seg.from, seg.to))
    else {
      appendAll(rollups, await read.rollups(seg.level, seg.from, seg.to))
      span = { from: Math.min(span?.from ?? seg.from, seg.from), to: Math.max(span?.to ?? seg.to, seg.to) }
    }
  }
  if (span) {
    const from = Math.max(span.from, watermark - LATE_MS)
    if (from < span.to) appendAll(raws, await read.raw(from, span.to, watermark))
  }
  return { rollups, raws }
}
