/**
 * The heartbeat timer, pure. The first ping starts it; every ping, /fail signal or missed
 * deadline resets it; reactivation or a change of period or grace restarts it at save time. Deadline = expected
 * time (reset + period) + grace; after a missed deadline the next one is one period later, so a job that stays
 * dead yields one failure per period. Times are epoch milliseconds.
 */

export const EVENT_STATES = ['EARLY', 'RECEIVED', 'GRACE', 'LATE', 'FAILING'] as const
export type HeartbeatEventState = (typeof EVENT_STATES)[number]

/** What reached the ping address: a success ping, an explicit failure (/fail) or a start signal (/start). */
export type HeartbeatSignal = 'PING' | 'FAIL' | 'START'
/** What an event records: a signal, or a deadline that passed without one. */
export type HeartbeatEventType = HeartbeatSignal | 'DEADLINE'

export interface TimerConfig {
  periodMs: number
  graceMs: number
}

export interface TimerState {
  /** Last PING or FAIL; null until the first one (the timer has not started). */
  lastPingAt: number | null
  /** When the next ping is due; null before the first ping and after a missed deadline (any ping is on time). */
  expectedAt: number | null
  /** When the check fails without a ping; null while not started or deactivated. */
  nextDeadlineAt: number | null
  failing: boolean
  /** Last /start not yet followed by a PING or FAIL. */
  startedAt: number | null
  /** State of the last event, or NEW. */
  state: HeartbeatEventState | 'NEW'
}

export const NEW_TIMER: TimerState = { lastPingAt: null, expectedAt: null, nextDeadlineAt: null, failing: false, startedAt: null, state: 'NEW' }

export type Outcome = 'passing' | 'failing'

export interface Transition {
  timer: TimerState
  event: { type: HeartbeatEventType; state: HeartbeatEventState; at: number; durationMs: number | null }
  /** The FINAL result this transition records, if any (a /start records none). */
  outcome: Outcome | null
}

/** How early a ping may come and still be RECEIVED: the grace time, and at least a tenth of the period. */
export const earlyToleranceMs = (cfg: TimerConfig): number => Math.max(cfg.graceMs, Math.floor(cfg.periodMs / 10))

/**
 * The state of a ping at `now`: RECEIVED before the timer started, after a missed deadline, or on time (from
 * expected − tolerance to expected); EARLY before that; GRACE after expected up to the deadline; LATE after the
 * deadline while the deadline scanner has not yet marked it failing.
 */
export function classifyPing(t: TimerState, cfg: TimerConfig, now: number): Exclude<HeartbeatEventState, 'FAILING'> {
  if (t.expectedAt === null) return 'RECEIVED'
  if (now > t.expectedAt + cfg.graceMs) return 'LATE'
  if (now > t.expectedAt) return 'GRACE'
  if (now < t.expectedAt - earlyToleranceMs(cfg)) return 'EARLY'
  return 'RECEIVED'
}

/** A signal arrives at `now` (the check is active). */
export function applySignal(t: TimerState, cfg: TimerConfig, signal: HeartbeatSignal, now: number): Transition {
  if (signal === 'START') {
    return { timer: { ...t, startedAt: now }, event: { type: 'START', state: 'RECEIVED', at: now, durationMs: null }, outcome: null }
  }
  const state = signal === 'FAIL' ? 'FAILING' : classifyPing(t, cfg, now)
  const durationMs = t.startedAt !== null && t.startedAt <= now ? now - t.startedAt : null
  const timer: TimerState = {
    lastPingAt: now,
    expectedAt: now + cfg.periodMs,
    nextDeadlineAt: now + cfg.periodMs + cfg.graceMs,
    failing: signal === 'FAIL',
    startedAt: null,
    state,
  }
  return { timer, event: { type: signal, state, at: now, durationMs }, outcome: signal === 'FAIL' ? 'failing' : 'passing' }
}

/** True once the deadline has passed: no ping by the deadline itself. */
export const isOverdue = (t: TimerState, now: number): boolean => t.nextDeadlineAt !== null && now > t.nextDeadlineAt

/**
 * The deadline passed without a ping: a FAILING event and a failing result dated at the deadline; the timer resets
 * at `now` (one period until the next failure while nothing arrives). Null when nothing is overdue.
 */
export function applyDeadline(t: TimerState, cfg: TimerConfig, now: number): Transition | null {
  if (!isOverdue(t, now) || t.nextDeadlineAt === null) return null
  const timer: TimerState = { ...t, expectedAt: null, nextDeadlineAt: now + cfg.periodMs, failing: true, state: 'FAILING' }
  return { timer, event: { type: 'DEADLINE', state: 'FAILING', at: t.nextDeadlineAt, durationMs: null }, outcome: 'failing' }
}

export interface TimerSettings extends TimerConfig {
  activated: boolean
}

/**
 * The timer after the check is saved. Deactivation clears the deadline; reactivation, or a change of period or
 * grace, restarts a started timer at `now`; a timer that never got a ping stays waiting for its first one.
 */
export function reconfigure(t: TimerState, previous: TimerSettings | undefined, next: TimerSettings, now: number): TimerState {
  if (!next.activated) return { ...t, expectedAt: null, nextDeadlineAt: null }
  const restart = !previous || !previous.activated || previous.periodMs !== next.periodMs || previous.graceMs !== next.graceMs
  if (!restart || t.lastPingAt === null) return t
  return { ...t, expectedAt: now + next.periodMs, nextDeadlineAt: now + next.periodMs + next.graceMs }
}
