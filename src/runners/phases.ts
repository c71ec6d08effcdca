/**
 * Contiguous timing phases. A run is a chain of milestones on one monotonic clock (performance.now()); each phase
 * is the time from the previous milestone to its own, so the phases always add up to the total and no time is left
 * unaccounted. Offsets are rounded to 0.01 ms before they are subtracted, so the rounded phases add up to the
 * rounded total as well.
 */

export interface Milestone {
  /** The phase that ends at this milestone, e.g. `tcp`. */
  phase: string
  /** The milestone's name among the timestamps, e.g. `connect`. */
  mark: string
  /** When it happened (performance.now() ms); undefined when it was not reached. */
  at: number | undefined
  /** False for a step this run does not take (no DNS lookup for an IP address, no TLS over http): always 0. */
  expected?: boolean
}

export interface ContiguousTimings {
  /** Each phase in milestone order, then `total` (their sum). */
  phases: Record<string, number>
  /** Each milestone's offset from the start in ms: the cumulative sums of the phases. */
  marks: Record<string, number>
  total: number
}

const round2 = (ms: number): number => Math.round(ms * 100) / 100

/**
 * Phases between `start` and the milestones. When the run stopped early (an error, a timeout), the phase that was
 * in progress (the first expected milestone after the last one reached) lasts until `stoppedAt`, and the phases
 * after it are 0. A milestone that was missed while a later one was reached counts as 0: the later phase holds
 * that time. Milestones never go backwards.
 */
export function contiguousPhases(start: number, milestones: Milestone[], stoppedAt: number): ContiguousTimings {
  const expected = (m: Milestone) => m.expected !== false
  let lastReached = -1
  milestones.forEach((m, i) => {
    if (expected(m) && m.at !== undefined) lastReached = i
  })
  const inProgress = milestones.findIndex((m, i) => i > lastReached && expected(m))
  const phases: Record<string, number> = {}
  const marks: Record<string, number> = {}
  let previous = start
  let previousOffset = 0
  milestones.forEach((m, i) => {
    let at = previous
    if (expected(m) && i <= lastReached) at = m.at ?? previous
    else if (i === inProgress) at = stoppedAt
    previous = Math.max(previous, at)
    const offset = round2(previous - start)
    phases[m.phase] = round2(offset - previousOffset)
    marks[m.mark] = offset
    previousOffset = offset
  })
  phases.total = previousOffset
  return { phases, marks, total: previousOffset }
}
