/** When a check runs next (pure). Runs fall on fixed slots: k × interval + phase, counted from the epoch. */
import { scheduleOf } from '../checks/frequency.js'
import { stableHash } from '../../lib/ids.js'

export interface ScheduleInput {
  frequency: number
  frequencyOffset: number | null
  /**
   * Spreads checks that share a slot (same frequency and offset) over the offset's unit, by a stable hash of
   * this key (the check id): 6 s units for frequencies up to an hour, 1 h above, the whole interval for
   * sub-minute checks. Without it, thousands of checks with one offset would all start in the same millisecond.
   */
  spreadKey?: string
}

const unitMs = (s: ScheduleInput): number => (s.frequency === 0 ? (s.frequencyOffset ?? 10) * 1000 : s.frequency <= 60 ? 6_000 : 3_600_000)

const jitterMs = (s: ScheduleInput): number => (s.spreadKey ? stableHash(s.spreadKey) % unitMs(s) : 0)

export const intervalMs = (s: ScheduleInput): number => scheduleOf(s.frequency, s.frequencyOffset).intervalSeconds * 1000

/** The first slot strictly after `after`. */
export function nextSlotAfter(s: ScheduleInput, after: number): number {
  const { intervalSeconds, phaseSeconds } = scheduleOf(s.frequency, s.frequencyOffset)
  const interval = intervalSeconds * 1000
  const phase = (phaseSeconds * 1000 + jitterMs(s)) % interval
  return (Math.floor((after - phase) / interval) + 1) * interval + phase
}

/**
 * After claiming a run that was due at `dueAt`, the next due time. A check that fell behind (the service was down,
 * or overloaded) runs once now and then continues on its slots: at most one missed run is made up, never a burst.
 */
export const nextDueAfterRun = (s: ScheduleInput, dueAt: number, now: number): number => nextSlotAfter(s, Math.max(dueAt, now))

/**
 * The due time of a check that was just created, reactivated or rescheduled: its first slot from now (within one
 * interval). Slots come from the offset, so a thousand checks created together still start spread out; use a
 * check session to run one at once.
 */
export const firstDue = (s: ScheduleInput, now: number): number => nextSlotAfter(s, now - 1)
