/**
 * The alert state machine of a check (pure): its transitions and escalations.
 *
 * An episode is the stretch of non-passing runs between two passing ones. Within an episode:
 * - pass→degraded: ALERT_DEGRADED once the escalation threshold is met, counted over consecutive non-passing runs
 *   (RUN_BASED: the n-th such run; TIME_BASED: a non-passing run starting ≥ N minutes after the episode began).
 * - pass→fail: ALERT_FAILURE once the threshold is met, counted over consecutive FAILING runs (a degraded run
 *   breaks the failing streak, a pass resets everything).
 * - fail→fail and degraded→degraded raise nothing once the first alert went out: ALERT_FAILURE_REMAIN and
 *   ALERT_DEGRADED_REMAIN are the reminders (reminders.ts), so that a threshold "after 2 failures" alerts once.
 * - degraded→fail after a degraded alert: ALERT_DEGRADED_FAILURE at once (an escalation ignores thresholds). When
 *   no degraded alert was raised, the failing run escalates like pass→fail (ALERT_FAILURE at its threshold).
 * - fail→degraded after a failure alert: ALERT_FAILURE_DEGRADED at once (a de-escalation ignores thresholds).
 * - fail→pass: ALERT_RECOVERY at once, only if the episode announced a failure; degraded→pass:
 *   ALERT_DEGRADED_RECOVERY only if it announced degradation. An episode that never alerted recovers silently.
 * - Muted or in maintenance: the state advances but no alert is raised, and a suppressed alert does not count as
 *   raised: when the silence ends while the check is still failing, the next failing run raises ALERT_FAILURE.
 * Every raised failure/degraded alert restarts the reminders of the episode.
 */
import type { AlertType } from './types.js'
import { initialState, type AlertState, type EscalationSettings, type RunSummary, type Silence } from './state.js'

export interface Transition {
  state: AlertState
  alert: AlertType | null
  /** Why (for logs and tests). */
  reason: string
}

const MINUTE = 60_000

/** Whether a streak of `runs` runs that began at `since` meets the escalation threshold at a run starting `at`. */
export function thresholdMet(settings: EscalationSettings, runs: number, since: number | null, at: number): boolean {
  if (settings.escalationType === 'TIME_BASED') {
    return since !== null && at - since >= settings.minutesFailingThreshold * MINUTE
  }
  return runs >= Math.max(1, settings.failedRunThreshold)
}

/** When the first reminder of an alert raised at `now` is due (null: no reminders). */
export function firstReminderAt(settings: EscalationSettings, now: number): number | null {
  return settings.reminders.amount > 0 ? now + Math.max(1, settings.reminders.interval) * MINUTE : null
}

function streakNote(settings: EscalationSettings, runs: number): string {
  return settings.escalationType === 'TIME_BASED'
    ? `threshold of ${settings.minutesFailingThreshold} minutes not reached`
    : `threshold not reached (${runs} of ${settings.failedRunThreshold} runs)`
}

function decideFailing(prev: AlertState, next: AlertState, settings: EscalationSettings, at: number): [AlertType | null, string] {
  if (prev.alerted === 'failing') return [null, 'failure already alerted in this episode']
  if (prev.alerted === 'degraded') return ['ALERT_DEGRADED_FAILURE', 'escalation from an alerted degradation']
  if (thresholdMet(settings, next.failingRuns, next.failingSince, at)) return ['ALERT_FAILURE', 'failure threshold reached']
  return [null, streakNote(settings, next.failingRuns)]
}

function decideDegraded(prev: AlertState, next: AlertState, settings: EscalationSettings, at: number): [AlertType | null, string] {
  if (prev.alerted === 'failing') return ['ALERT_FAILURE_DEGRADED', 'de-escalation from an alerted failure']
  if (prev.alerted === 'degraded') return [null, 'degradation already alerted in this episode']
  if (thresholdMet(settings, next.nonPassingRuns, next.degradedSince, at)) return ['ALERT_DEGRADED', 'degraded threshold reached']
  return [null, streakNote(settings, next.nonPassingRuns)]
}

/** The next state of a check after one run, and the alert to raise (null: none). */
export function transition(prev: AlertState, run: RunSummary, settings: EscalationSettings, now: number, silence: Silence = null): Transition {
  if (run.condition === 'passing') {
    const state: AlertState = { ...initialState(), pending: prev.pending, lastSlot: prev.lastSlot, lastStartedAt: run.startedAt }
    const alert: AlertType | null = prev.alerted === 'failing' ? 'ALERT_RECOVERY' : prev.alerted === 'degraded' ? 'ALERT_DEGRADED_RECOVERY' : null
    if (alert === null) return { state, alert, reason: prev.condition === 'passing' ? 'still passing' : 'recovered before any alert' }
    if (silence) return { state, alert: null, reason: `${alert} not raised: ${silence}` }
    return { state, alert, reason: 'recovered' }
  }

  const episodeStarts = prev.condition === 'passing'
  const failing = run.condition === 'failing'
  const streakContinues = failing && prev.condition === 'failing'
  const next: AlertState = {
    ...prev,
    condition: run.condition,
    nonPassingRuns: episodeStarts ? 1 : prev.nonPassingRuns + 1,
    degradedSince: episodeStarts ? run.startedAt : (prev.degradedSince ?? run.startedAt),
    failingRuns: failing ? (streakContinues ? prev.failingRuns + 1 : 1) : 0,
    failingSince: failing ? (streakContinues ? (prev.failingSince ?? run.startedAt) : run.startedAt) : null,
    lastRun: run,
    lastStartedAt: run.startedAt,
  }
  const [alert, reason] = failing ? decideFailing(prev, next, settings, run.startedAt) : decideDegraded(prev, next, settings, run.startedAt)
  if (alert === null) return { state: next, alert, reason }
  if (silence) return { state: next, alert: null, reason: `${alert} not raised: ${silence}` }
  return {
    state: { ...next, alerted: run.condition, remindersSent: 0, nextReminderAt: firstReminderAt(settings, now) },
    alert,
    reason,
  }
}
