/** The bar of a check's last runs (pure): one slot per run, oldest on the left, with its outcome and a sentence for it. */

export type RunOutcome = 'passed' | 'degraded' | 'failed'

/** The fields of a result the bar reads. */
export interface RunLike {
  id: string
  startedAt: string
  runLocation: string
  responseTime: number
  hasFailures: boolean
  hasErrors: boolean
  isDegraded: boolean
}

export interface RunSlot {
  id: string
  outcome: RunOutcome
  startedAt: string
  /** Time, location, duration and outcome in words, for the slot's title and its accessible name. */
  label: string
}

/** A run failed when it has failures or errors; it was degraded when it passed over its degraded threshold. */
export const outcomeOf = (r: Pick<RunLike, 'hasFailures' | 'hasErrors' | 'isDegraded'>): RunOutcome =>
  r.hasFailures || r.hasErrors ? 'failed' : r.isDegraded ? 'degraded' : 'passed'

export const OUTCOME_WORDS: Record<RunOutcome, string> = { passed: 'Passed', degraded: 'Degraded', failed: 'Failed' }

/**
 * The slots of the newest `limit` runs, given newest first as the API lists them, ordered oldest first so the bar
 * reads left to right like a time axis. `describe` formats a run's time and duration (injected: locale and clock).
 */
export function runSlots(runs: readonly RunLike[], limit: number, describe: { time: (iso: string) => string; duration: (ms: number) => string }): RunSlot[] {
  return runs
    .slice(0, Math.max(0, limit))
    .reverse()
    .map((r) => {
      const outcome = outcomeOf(r)
      return {
        id: r.id,
        outcome,
        startedAt: r.startedAt,
        label: `${OUTCOME_WORDS[outcome]} · ${describe.time(r.startedAt)} · ${r.runLocation} · ${describe.duration(r.responseTime)}`,
      }
    })
}

/** How many runs of each outcome the slots hold, for the bar's summary. */
export function outcomeCounts(slots: readonly RunSlot[]): Record<RunOutcome, number> {
  const counts: Record<RunOutcome, number> = { passed: 0, degraded: 0, failed: 0 }
  for (const s of slots) counts[s.outcome]++
  return counts
}
