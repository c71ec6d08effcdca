/**
 * Figures of many checks per time step over a window (pure), for the console's sparklines: each step's
 * availability and P95 of the main timing, from the same roll-up rows and raw results as the whole-window
 * summary (summary.ts). Steps are aligned to the analytics buckets, so a step is whole roll-up buckets.
 */
import { bucketStart } from '../domain/analytics/windows.js'
import type { RollupRow } from './rollup.js'
import { summarizeChecks, type CheckSummary, type SummaryPoint } from './summary.js'

export interface StepFigures {
  /** Start of the step, epoch ms. */
  from: number
  runs: number
  availability: number | null
  p95: number | null
}

export interface TimedPoint extends SummaryPoint {
  /** When the run started, epoch ms. */
  at: number
}

export interface CheckSeries {
  summary: CheckSummary
  steps: StepFigures[]
}

function byStep<T>(items: readonly T[], timeOf: (item: T) => number, stepMs: number): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const item of items) {
    const key = bucketStart(timeOf(item), stepMs)
    const list = out.get(key)
    if (list) list.push(item)
    else out.set(key, [item])
  }
  return out
}

export function summarizeSeries(
  checks: ReadonlyArray<{ id: string; checkType: string }>,
  rollups: readonly RollupRow[],
  raws: readonly TimedPoint[],
  window: { from: number; to: number },
  stepMs: number,
): Map<string, CheckSeries> {
  const whole = summarizeChecks(checks, rollups, raws)
  const rollupSteps = byStep(rollups, (r) => Number(r.bucket_start), stepMs)
  const rawSteps = byStep(raws, (p) => p.at, stepMs)
  const out = new Map<string, CheckSeries>()
  for (const c of checks) {
    const summary = whole.get(c.id)
    if (summary) out.set(c.id, { summary, steps: [] })
  }
  for (let from = bucketStart(window.from, stepMs); from < window.to; from += stepMs) {
    const figures = summarizeChecks(checks, rollupSteps.get(from) ?? [], rawSteps.get(from) ?? [])
    for (const [id, s] of figures) out.get(id)?.steps.push({ from, runs: s.runs, availability: s.availability, p95: s.p95 })
  }
  return out
}
