/** The slots of a bar of recent runs (pure): oldest on the left, empty slots first while a check has few runs. */
import type { RecentRun } from '../types'

export type Outcome = 'passed' | 'degraded' | 'failed'

export const OUTCOME_LABELS: Record<Outcome, string> = { passed: 'Passed', degraded: 'Degraded', failed: 'Failed' }

export const outcomeOf = (r: Pick<RecentRun, 'hasFailures' | 'isDegraded'>): Outcome => (r.hasFailures ? 'failed' : r.isDegraded ? 'degraded' : 'passed')

export interface RunSlot {
  run: RecentRun | null
  outcome: Outcome | null
}

/** `size` slots for runs given newest first: the newest at the right end, missing runs as empty slots at the left. */
export function runSlots(runs: readonly RecentRun[], size: number): RunSlot[] {
  const shown = runs.slice(0, size).reverse()
  const empty = Array.from({ length: size - shown.length }, (): RunSlot => ({ run: null, outcome: null }))
  return [...empty, ...shown.map((run) => ({ run, outcome: outcomeOf(run) }))]
}

/** "30 runs: 27 passed, 1 degraded, 2 failed; latest failed", what the bar says to a screen reader. */
export function runsSummary(runs: readonly RecentRun[]): string {
  if (runs.length === 0) return 'No runs yet'
  const counts: Record<Outcome, number> = { passed: 0, degraded: 0, failed: 0 }
  for (const r of runs) counts[outcomeOf(r)] += 1
  const parts = (Object.keys(counts) as Outcome[]).filter((o) => counts[o] > 0).map((o) => `${counts[o]} ${o}`)
  const latest = runs[0] ? outcomeOf(runs[0]) : 'passed'
  return `Last ${runs.length === 1 ? 'run' : `${runs.length} runs`}: ${parts.join(', ')}; latest ${latest}`
}
