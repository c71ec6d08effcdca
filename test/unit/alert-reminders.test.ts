import { describe, expect, it } from 'vitest'
import { dueReminder } from '../../src/alerting/reminders.js'
import { initialState, UNLIMITED_REMINDERS, type AlertState, type EscalationSettings } from '../../src/alerting/state.js'

const MIN = 60_000
const T0 = Date.UTC(2026, 5, 1, 15, 0, 0)
const settings = (amount: number, interval = 5): EscalationSettings => ({
  escalationType: 'RUN_BASED',
  failedRunThreshold: 1,
  minutesFailingThreshold: 5,
  reminders: { amount, interval },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
})
const alertedAt = (at: number, alerted: 'failing' | 'degraded' = 'failing', interval = 5): AlertState => ({
  ...initialState(),
  condition: alerted,
  alerted,
  nextReminderAt: at + interval * MIN,
  lastRun: { condition: alerted, startedAt: at, resultId: 'r1', location: 'us-east-1', responseTime: 12, error: 'boom', statusCode: '500' },
})

/** Runs the reminder job at each minute mark; returns the reminders raised as [minute, type, sequence]. */
function timeline(state: AlertState, s: EscalationSettings, minutes: number[]) {
  const out: Array<[number, string, number]> = []
  for (const m of minutes) {
    const step = dueReminder(state, s, T0 + m * MIN)
    state = step.state
    if (step.alert) out.push([m, step.alert, step.sequence])
  }
  return { out, state }
}

describe('reminders', () => {
  it('sends `amount` reminders every `interval` minutes, then stops', () => {
    const { out, state } = timeline(alertedAt(T0), settings(2), [1, 4, 5, 6, 9, 10, 14, 15, 20, 60])
    expect(out).toEqual([
      [5, 'ALERT_FAILURE_REMAIN', 1],
      [10, 'ALERT_FAILURE_REMAIN', 2],
    ])
    expect(state).toMatchObject({ remindersSent: 2, nextReminderAt: null })
  })

  it('repeats a degraded alert as ALERT_DEGRADED_REMAIN', () => {
    expect(timeline(alertedAt(T0, 'degraded', 10), settings(1, 10), [10]).out).toEqual([[10, 'ALERT_DEGRADED_REMAIN', 1]])
  })

  it('100000 means unlimited', () => {
    const minutes = Array.from({ length: 12 }, (_, i) => (i + 1) * 5)
    const { out, state } = timeline(alertedAt(T0), settings(UNLIMITED_REMINDERS), minutes)
    expect(out.map((r) => r[2])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(state.nextReminderAt).toBe(T0 + 65 * MIN)
  })

  it('a late job sends one reminder, not the backlog, and keeps the interval from now', () => {
    const step = dueReminder(alertedAt(T0), settings(5), T0 + 42 * MIN)
    expect(step).toMatchObject({ alert: 'ALERT_FAILURE_REMAIN', sequence: 1 })
    expect(step.state.nextReminderAt).toBe(T0 + 47 * MIN)
    const onTime = dueReminder(alertedAt(T0), settings(5), T0 + 6 * MIN)
    expect(onTime.state.nextReminderAt).toBe(T0 + 10 * MIN)
  })

  it('skips (without counting) reminders while muted or in maintenance', () => {
    const muted = dueReminder(alertedAt(T0), settings(2), T0 + 5 * MIN, 'muted')
    expect(muted).toMatchObject({ alert: null, reason: 'reminder skipped: muted' })
    expect(muted.state).toMatchObject({ remindersSent: 0, nextReminderAt: T0 + 10 * MIN })
    const later = dueReminder(muted.state, settings(2), T0 + 10 * MIN)
    expect(later).toMatchObject({ alert: 'ALERT_FAILURE_REMAIN', sequence: 1 })
  })

  it('cancels when the settings no longer allow reminders or nothing was alerted', () => {
    expect(dueReminder(alertedAt(T0), settings(0), T0 + 5 * MIN)).toMatchObject({ alert: null, state: { nextReminderAt: null } })
    expect(dueReminder({ ...alertedAt(T0), alerted: null }, settings(2), T0 + 5 * MIN)).toMatchObject({ alert: null, state: { nextReminderAt: null } })
    expect(dueReminder(initialState(), settings(2), T0)).toMatchObject({ alert: null, reason: 'no reminder scheduled' })
    expect(dueReminder(alertedAt(T0), settings(2), T0 + 5 * MIN - 1)).toMatchObject({ alert: null, reason: 'not due yet' })
  })
})
