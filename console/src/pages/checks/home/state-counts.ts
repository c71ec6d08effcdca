/** How many checks stand in each state, and the worst of them (pure): the one line a list of checks sums up with. */
import type { CheckStatusValue } from '../types'

export type StateCounts = Record<CheckStatusValue, number>

/** Worst first: what a summary badge shows when checks disagree. */
const SEVERITY: readonly CheckStatusValue[] = ['failing', 'degraded', 'passing', 'pending']

export function stateCounts(states: ReadonlyArray<CheckStatusValue | undefined>): StateCounts {
  const counts: StateCounts = { passing: 0, failing: 0, degraded: 0, pending: 0 }
  for (const s of states) counts[s ?? 'pending'] += 1
  return counts
}

/** The worst state any check is in; undefined without checks. */
export const worstState = (counts: StateCounts): CheckStatusValue | undefined => SEVERITY.find((s) => counts[s] > 0)

/** "1 failing · 3 passing": the states present, worst first (a count never wraps apart from its state). */
export const describeCounts = (counts: StateCounts): string =>
  SEVERITY.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]}\u00a0${s}`)
    .join(' · ')
