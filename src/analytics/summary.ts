/**
 * One figure set per check over a window (pure): availability and P95/P99 of its main timing, folded from
 * roll-up rows and raw results of many checks at once, as dashboards show them. Degraded runs count as
 * successful; percentiles are within 1% (histogram.ts).
 */
import { timingBasesOf } from '../domain/analytics/catalogue.js'
import { ownValue } from '../lib/own-keys.js'
import { emptyHistogram, addValue, mergeEncoded, quantile, type Histogram } from './histogram.js'
import { isSuccess, slotColumn, type RollupRow, type SlotColumn } from './rollup.js'
import { roundDecimal } from './series.js'

/** The timing a dashboard shows per check type: the response time, or what stands for it. */
const MAIN_TIMING: Readonly<Record<string, string>> = {
  API: 'responseTime',
  URL: 'responseTime',
  BROWSER: 'responseTime',
  MULTI_STEP: 'responseTime',
  PLAYWRIGHT: 'responseTime',
  TCP: 'total',
  DNS: 'total',
  ICMP: 'latencyAvg',
  SSL: 'handshakeTimeMs',
  TRACEROUTE: 'responseTime',
  GRPC: 'total',
  AGENTIC: 'total',
}

/** The roll-up column of a type's main timing; undefined for types without one (heartbeats). */
export function mainTimingColumn(checkType: string): SlotColumn | undefined {
  const base = ownValue(MAIN_TIMING, checkType)
  const slot = timingBasesOf(checkType).findIndex((b) => b.name === base)
  return slot < 0 ? undefined : slotColumn(slot)
}

export const mainTimingName = (checkType: string): string | undefined => ownValue(MAIN_TIMING, checkType)

export interface CheckSummary {
  runs: number
  failures: number
  /** Percentage of successful runs, two decimals; null without runs. */
  availability: number | null
  /** Milliseconds, rounded to whole ms (hundredths below 10 ms); null without timings. */
  p95: number | null
  p99: number | null
}

/** A raw final result as the summary reads it. */
export interface SummaryPoint {
  checkId: string
  status: string
  metrics: Record<string, number>
}

interface Acc {
  runs: number
  failures: number
  timing: Histogram
}

export function summarizeChecks(checks: ReadonlyArray<{ id: string; checkType: string }>, rollups: readonly RollupRow[], raws: readonly SummaryPoint[]): Map<string, CheckSummary> {
  const accs = new Map<string, Acc & { column: SlotColumn | undefined; base: string | undefined }>()
  for (const c of checks) {
    accs.set(c.id, { runs: 0, failures: 0, timing: emptyHistogram(), column: mainTimingColumn(c.checkType), base: mainTimingName(c.checkType) })
  }
  for (const row of rollups) {
    const acc = accs.get(row.check_id)
    if (!acc) continue
    const runs = Number(row.runs)
    acc.runs += runs
    if (Number(row.success) === 0) acc.failures += runs
    const encoded = acc.column ? row[acc.column] : null
    if (encoded) mergeEncoded(acc.timing, encoded)
  }
  for (const p of raws) {
    const acc = accs.get(p.checkId)
    if (!acc) continue
    acc.runs++
    if (!isSuccess(p.status)) acc.failures++
    const value = acc.base === undefined ? undefined : p.metrics[acc.base]
    if (typeof value === 'number' && Number.isFinite(value)) addValue(acc.timing, value)
  }
  const out = new Map<string, CheckSummary>()
  for (const [id, acc] of accs) {
    // Whole milliseconds, but hundredths below 10 ms (a ping on a LAN takes a fraction of one).
    const whole = (q: number): number | null => {
      const v = quantile(acc.timing, q)
      return v === null ? null : roundDecimal(v, v < 10 ? 2 : 0)
    }
    out.set(id, {
      runs: acc.runs,
      failures: acc.failures,
      availability: acc.runs === 0 ? null : roundDecimal((100 * (acc.runs - acc.failures)) / acc.runs, 2),
      p95: whole(0.95),
      p99: whole(0.99),
    })
  }
  return out
}
