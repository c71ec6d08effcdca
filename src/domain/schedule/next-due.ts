/** When a check runs next (pure). Runs fall on fixed slots: k × interval + phase, counted from the epoch. */
import { scheduleOf } from '../checks/frequency.js'

export interface ScheduleInput {
  frequency: number
  frequencyOffset: number | null
}

export const intervalMs = (s: ScheduleInput): number => scheduleOf(s.frequency, s.frequencyOffset).intervalSeconds * 1000

/** The first slot strictly after `after`. */
export function nextSlotAfter(s: ScheduleInput, after: number): number {
  const { intervalSeconds, phaseSeconds } = scheduleOf(s.frequency, s.frequencyOffset)
  const interval = intervalSeconds * 1000
  const phase = phaseSeconds * 1000
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
