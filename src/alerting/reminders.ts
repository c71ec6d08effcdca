/**
 * Reminders (pure): after a failure or degraded alert, `amount` reminders (0 to 5,
 * or 100000 = unlimited) every `interval` minutes until the check recovers. A reminder repeats what the episode
 * announced: ALERT_FAILURE_REMAIN while failing, ALERT_DEGRADED_REMAIN while degraded; sequence 1..n (0 is the
 * alert itself). A reminder due while the check is muted or in maintenance is skipped without being counted.
 * A late job sends one reminder, not the backlog, and the next one is an interval later.
 */
import type { AlertType } from './types.js'
import { UNLIMITED_REMINDERS, type AlertState, type EscalationSettings, type Silence } from './state.js'

export interface ReminderStep {
  state: AlertState
  alert: AlertType | null
  /** 1..n for a raised reminder, else 0. */
  sequence: number
  reason: string
}

const MINUTE = 60_000

export function dueReminder(state: AlertState, settings: EscalationSettings, now: number, silence: Silence = null): ReminderStep {
  const none = (s: AlertState, reason: string): ReminderStep => ({ state: s, alert: null, sequence: 0, reason })
  if (state.nextReminderAt === null) return none(state, 'no reminder scheduled')
  if (state.alerted === null) return none({ ...state, nextReminderAt: null }, 'nothing alerted in this episode')
  if (now < state.nextReminderAt) return none(state, 'not due yet')
  const { amount } = settings.reminders
  const unlimited = amount >= UNLIMITED_REMINDERS
  if (!unlimited && state.remindersSent >= amount) return none({ ...state, nextReminderAt: null }, 'all reminders sent')

  const interval = Math.max(1, settings.reminders.interval) * MINUTE
  const following = state.nextReminderAt + interval > now ? state.nextReminderAt + interval : now + interval
  if (silence) return none({ ...state, nextReminderAt: following }, `reminder skipped: ${silence}`)

  const sequence = state.remindersSent + 1
  const more = unlimited || sequence < amount
  return {
    state: { ...state, remindersSent: sequence, nextReminderAt: more ? following : null },
    alert: state.alerted === 'failing' ? 'ALERT_FAILURE_REMAIN' : 'ALERT_DEGRADED_REMAIN',
    sequence,
    reason: `reminder ${sequence}${unlimited ? '' : ` of ${amount}`}`,
  }
}
