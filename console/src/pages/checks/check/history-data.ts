/**
 * The check page's response-time history (pure): p50 and p95 of the check type's main timing per bucket (or p95 per
 * location), and marks where runs failed or were degraded, from the analytics series and the latest runs.
 */
import type { AnalyticsResponse, SeriesRow } from '../../../api/endpoints'
import { outcomeOf, type RunLike } from '../run-slots'

export interface HistoryLine {
  label: string
  /** p50 lines are drawn dashed, p95 lines solid. */
  kind: 'p50' | 'p95'
  values: Array<number | null>
}

export interface HistoryMark {
  /** Start of the marked span, UNIX seconds. */
  from: number
  /** End of the span, UNIX seconds (a run is marked as a span of one bucket). */
  to: number
  kind: 'failed' | 'degraded'
  label: string
}

export interface HistoryData {
  xs: number[]
  range: [number, number]
  lines: HistoryLine[]
  marks: HistoryMark[]
}

const seconds = (iso: unknown): number => (typeof iso === 'string' ? Math.floor(Date.parse(iso) / 1000) : NaN)
const rowsOf = (s: AnalyticsResponse['series'][number]): SeriesRow[] => (Array.isArray(s.data) ? s.data : [s.data])

/**
 * The lines and marks of one response. A bucket whose availability is under 100 % had failed runs (every location
 * counts); a degraded run among `runs` (newest first, any number) inside the window is marked on its bucket. The
 * window and bucket size come from the response and `intervalMin`; `timing` names the main timing base.
 */
export function historyData(res: AnalyticsResponse, input: { timing: string; intervalMin: number; byLocation: boolean; runs: readonly RunLike[] }): HistoryData {
  const bucket = input.intervalMin * 60
  const times = new Set<number>()
  for (const s of res.series) for (const row of rowsOf(s)) if (Number.isFinite(seconds(row.timestamp))) times.add(seconds(row.timestamp))
  const xs = [...times].sort((a, b) => a - b)
  const index = new Map(xs.map((x, i) => [x, i]))
  const lineOf = (s: AnalyticsResponse['series'][number], kind: 'p50' | 'p95'): HistoryLine => {
    const values: Array<number | null> = xs.map(() => null)
    for (const row of rowsOf(s)) {
      const i = index.get(seconds(row.timestamp))
      const v = row[`${input.timing}_${kind}`]
      if (i !== undefined && typeof v === 'number') values[i] = v
    }
    return { label: input.byLocation ? `p95 · ${s.runLocation ?? 'unknown'}` : kind, kind, values }
  }
  const lines = input.byLocation ? res.series.map((s) => lineOf(s, 'p95')) : res.series.flatMap((s) => [lineOf(s, 'p50'), lineOf(s, 'p95')])

  const failing = new Map<number, number>()
  for (const s of res.series) {
    for (const row of rowsOf(s)) {
      const t = seconds(row.timestamp)
      const a = row.availability
      if (Number.isFinite(t) && typeof a === 'number' && a < 100) failing.set(t, Math.min(failing.get(t) ?? 100, a))
    }
  }
  const from = seconds(res.from)
  const to = seconds(res.to)
  const range: [number, number] = Number.isFinite(from) && Number.isFinite(to) && to > from ? [from, to] : [xs[0] ?? 0, (xs.at(-1) ?? 0) + bucket]
  const marks: HistoryMark[] = [...failing.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, a]) => ({ from: t, to: t + bucket, kind: 'failed', label: `Failed runs: availability ${Math.round(a * 100) / 100}%` }))
  const degraded = new Set<number>()
  for (const r of input.runs) {
    const t = seconds(r.startedAt)
    if (outcomeOf(r) !== 'degraded' || !(t >= range[0] && t < range[1])) continue
    const start = Math.floor(t / bucket) * bucket
    if (!failing.has(start) && !degraded.has(start)) degraded.add(start)
  }
  for (const start of [...degraded].sort((a, b) => a - b)) marks.push({ from: start, to: start + bucket, kind: 'degraded', label: 'Degraded runs' })
  marks.sort((a, b) => a.from - b.from)
  return { xs, range, lines, marks }
}

/** Counts of failed and degraded spans, for the chart's text summary. */
export const markCounts = (marks: readonly HistoryMark[]) => ({
  failed: marks.filter((m) => m.kind === 'failed').length,
  degraded: marks.filter((m) => m.kind === 'degraded').length,
})
