/**
 * The slots of a bar of a check's latest runs (pure), shared by the list's small bars and the check page's bar of
 * links: oldest on the left like a time axis, one outcome per run, and the words a title or a screen reader says.
 */

/** How many runs a list row's bar shows. */
export const RUN_BAR_SLOTS = 30

export type RunOutcome = 'passed' | 'degraded' | 'failed'

/** The fields of a run the bar reads (a result, or a summary's recent run). */
export interface RunLike {
  id: string
  startedAt: string
  runLocation: string
  responseTime: number | null
  hasFailures: boolean
  /** Results say apart an error (the run could not be made) from a failed assertion; summaries fold both into hasFailures. */
  hasErrors?: boolean
  isDegraded: boolean
}

export interface RunSlot {
  id: string
  outcome: RunOutcome
  startedAt: string
  /** Outcome, time, location and duration in words, for the slot's title and its accessible name. */
  label: string
}

/** How a bar writes a run's time and duration (injected: locale and clock). */
export interface RunWords {
  time: (iso: string) => string
  duration: (ms: number) => string
}

export const OUTCOME_WORDS: Record<RunOutcome, string> = { passed: 'Passed', degraded: 'Degraded', failed: 'Failed' }

/** A run failed when it has failures or errors; it was degraded when it passed over its degraded threshold. */
export const outcomeOf = (r: Pick<RunLike, 'hasFailures' | 'hasErrors' | 'isDegraded'>): RunOutcome =>
  r.hasFailures || r.hasErrors === true ? 'failed' : r.isDegraded ? 'degraded' : 'passed'

/** The slots of the newest `limit` runs, given newest first as the API lists them, ordered oldest first. */
export function runSlots(runs: readonly RunLike[], limit: number, words: RunWords): RunSlot[] {
  return runs
    .slice(0, Math.max(0, limit))
    .reverse()
    .map((r) => {
      const outcome = outcomeOf(r)
      const duration = r.responseTime === null ? '' : ` · ${words.duration(r.responseTime)}`
      return { id: r.id, outcome, startedAt: r.startedAt, label: `${OUTCOME_WORDS[outcome]} · ${words.time(r.startedAt)} · ${r.runLocation}${duration}` }
    })
}

/** `size` places for the slots, empty ones (null) first while a check has fewer runs, so every row's bar is as wide. */
export const paddedSlots = (slots: readonly RunSlot[], size: number): (RunSlot | null)[] => [...Array<null>(Math.max(0, size - slots.length)).fill(null), ...slots]

/** How many runs of each outcome the slots hold. */
export function outcomeCounts(slots: readonly RunSlot[]): Record<RunOutcome, number> {
  const counts: Record<RunOutcome, number> = { passed: 0, degraded: 0, failed: 0 }
  for (const s of slots) counts[s.outcome]++
  return counts
}

/** "Last 30 runs: 27 passed, 1 degraded, 2 failed; latest failed", what a bar says to a screen reader. */
export function runsSummary(slots: readonly RunSlot[]): string {
  const latest = slots[slots.length - 1]
  if (!latest) return 'No runs yet'
  const counts = outcomeCounts(slots)
  const parts = (Object.keys(counts) as RunOutcome[]).filter((o) => counts[o] > 0).map((o) => `${counts[o]} ${o}`)
  return `Last ${slots.length === 1 ? 'run' : `${slots.length} runs`}: ${parts.join(', ')}; latest ${latest.outcome}`
}
