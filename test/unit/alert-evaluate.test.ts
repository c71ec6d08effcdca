import { describe, expect, it } from 'vitest'
import { firstReminderAt, thresholdMet, transition } from '../../src/alerting/evaluate.js'
import { initialState, type AlertState, type Condition, type EscalationSettings, type Silence } from '../../src/alerting/state.js'
import type { AlertType } from '../../src/alerting/types.js'

const MIN = 60_000
const T0 = Date.UTC(2026, 5, 1, 15, 0, 0)

const settings = (over: Partial<EscalationSettings> = {}): EscalationSettings => ({
  escalationType: 'RUN_BASED',
  failedRunThreshold: 1,
  minutesFailingThreshold: 5,
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  ...over,
})
const runs = (n: number) => settings({ failedRunThreshold: n })
const minutes = (n: number) => settings({ escalationType: 'TIME_BASED', minutesFailingThreshold: n })

const CODE: Record<string, Condition> = { P: 'passing', D: 'degraded', F: 'failing' }

/** A step: a condition letter, optionally "@minutes" after T0 (default: one run a minute), optionally "!m" (muted) or "!w" (maintenance). */
function play(s: EscalationSettings, script: string, start: AlertState = initialState()) {
  let state = start
  const alerts: Array<AlertType | null> = []
  const reasons: string[] = []
  script
    .split(/\s+/)
    .filter(Boolean)
    .forEach((step, i) => {
      const m = /^([PDF])(?:@([\d.]+))?(?:!([mw]))?$/.exec(step)
      if (!m) throw new Error(`bad step ${step}`)
      const at = T0 + (m[2] !== undefined ? Number(m[2]) : i) * MIN
      const silence: Silence = m[3] === 'm' ? 'muted' : m[3] === 'w' ? 'maintenance' : null
      const t = transition(
        state,
        { condition: CODE[m[1] as string] as Condition, startedAt: at, resultId: `r${i}`, location: 'us-east-1', responseTime: 10, error: null, statusCode: null },
        s,
        at,
        silence,
      )
      state = t.state
      alerts.push(t.alert)
      reasons.push(t.reason)
    })
  return { state, alerts, reasons }
}

const _ = null
const A = {
  F: 'ALERT_FAILURE',
  R: 'ALERT_RECOVERY',
  D: 'ALERT_DEGRADED',
  DR: 'ALERT_DEGRADED_RECOVERY',
  DF: 'ALERT_DEGRADED_FAILURE',
  FD: 'ALERT_FAILURE_DEGRADED',
} as const

describe('alert transitions', () => {
  it.each<[string, EscalationSettings, string, Array<AlertType | null>]>([
    ['passing stays quiet', runs(1), 'P P', [_, _]],
    ['pass→fail alerts at once with threshold 1', runs(1), 'P F', [_, A.F]],
    ['fail→fail raises nothing after the first alert (REMAIN is the reminder)', runs(1), 'F F F', [A.F, _, _]],
    ['fail→pass recovers at once', runs(1), 'F F P', [A.F, _, A.R]],
    ['pass→degraded alerts with threshold 1', runs(1), 'D', [A.D]],
    ['degraded→degraded raises nothing after the first alert', runs(1), 'D D D', [A.D, _, _]],
    ['degraded→pass recovers when a degraded alert was sent', runs(1), 'D P', [A.D, A.DR]],
    ['degraded→fail escalates after a degraded alert', runs(1), 'D F', [A.D, A.DF]],
    ['fail→degraded de-escalates after a failure alert', runs(1), 'F D', [A.F, A.FD]],
    ['fail→degraded→fail', runs(1), 'F D F', [A.F, A.FD, A.DF]],
    ['fail→degraded→pass recovers from degraded', runs(1), 'F D P', [A.F, A.FD, A.DR]],
    ['degraded→fail→pass recovers from failure', runs(1), 'D F P', [A.D, A.DF, A.R]],
    ['degraded→fail→degraded', runs(1), 'D F D', [A.D, A.DF, A.FD]],
    ['a new episode alerts again', runs(1), 'F P F', [A.F, A.R, A.F]],
    ['threshold 2: the 2nd consecutive failing run alerts', runs(2), 'F F', [_, A.F]],
    ['threshold 2: one failing run recovers silently', runs(2), 'F P', [_, _]],
    ['threshold 2: a pass resets the count', runs(2), 'F P F P F F', [_, _, _, _, _, A.F]],
    ['threshold 2: alert once, then recovery', runs(2), 'F F F F P', [_, A.F, _, _, A.R]],
    ['threshold 5: the 5th failing run alerts', runs(5), 'F F F F F F', [_, _, _, _, A.F, _]],
    ['threshold 2 degraded: the 2nd degraded run alerts', runs(2), 'D D D', [_, A.D, _]],
    ['threshold 2: degraded below the threshold recovers silently', runs(2), 'D P', [_, _]],
    ['threshold 2: a failing run counts towards the degraded threshold', runs(2), 'F D', [_, A.D]],
    ['threshold 2: without a degraded alert a failure escalates by its own threshold', runs(2), 'D F F', [_, _, A.F]],
    ['threshold 2: a degraded run breaks the failing streak', runs(2), 'F D F', [_, A.D, A.DF]],
    ['threshold 2: escalation and de-escalation ignore the threshold', runs(2), 'F F D D F P', [_, A.F, A.FD, _, A.DF, A.R]],
    ['time 10: alerts on the first failing run ≥ 10 min after failures began', minutes(10), 'F@0 F@5 F@10 F@15', [_, _, A.F, _]],
    ['time 10: 9.99 min is not enough', minutes(10), 'F@0 F@9.99', [_, _]],
    ['time 10: a pass restarts the clock', minutes(10), 'F@0 P@5 F@6 F@15 F@16', [_, _, _, _, A.F]],
    ['time 10: a single late failing run alone never alerts', minutes(10), 'P@0 F@30', [_, _]],
    ['time 5: degraded for 5 minutes alerts', minutes(5), 'D@0 D@4 D@5', [_, _, A.D]],
    ['time 5: recovery after the alert', minutes(5), 'F@0 F@5 P@6', [_, A.F, A.R]],
  ])('%s', (_name, s, script, expected) => {
    expect(play(s, script).alerts).toEqual(expected)
  })

  it('muted or in maintenance: the state advances, nothing is raised, and a suppressed alert is not counted as sent', () => {
    expect(play(runs(1), 'F!m F!m').alerts).toEqual([_, _])
    // Unmuted while still failing: the next failing run alerts.
    expect(play(runs(1), 'F!m F!m F').alerts).toEqual([_, _, A.F])
    // Recovery while muted is not raised, and the episode is over.
    const r = play(runs(1), 'F F!m P!m F')
    expect(r.alerts).toEqual([A.F, _, _, A.F])
    expect(play(runs(1), 'F P!w').reasons[1]).toBe('ALERT_RECOVERY not raised: maintenance')
    expect(play(runs(1), 'F!w').reasons[0]).toBe('ALERT_FAILURE not raised: maintenance')
    // A suppressed escalation is retried once the silence ends.
    expect(play(runs(1), 'D F!m F').alerts).toEqual([A.D, _, A.DF])
    expect(play(runs(2), 'F F!m').state).toMatchObject({ condition: 'failing', failingRuns: 2, alerted: null, nextReminderAt: null })
  })

  it('keeps the counters and the episode start', () => {
    const { state } = play(runs(3), 'P@0 D@1 F@2 F@3')
    expect(state).toMatchObject({ condition: 'failing', failingRuns: 2, failingSince: T0 + 2 * MIN, nonPassingRuns: 3, degradedSince: T0 + MIN, alerted: null })
    expect(state.lastRun?.resultId).toBe('r3')
    const passed = play(runs(3), 'D F F P').state
    expect(passed).toMatchObject({ condition: 'passing', failingRuns: 0, failingSince: null, nonPassingRuns: 0, degradedSince: null, alerted: null, lastRun: null })
  })

  it('schedules reminders from each raised failure or degraded alert and cancels them on recovery', () => {
    const s = settings({ reminders: { amount: 2, interval: 5 } })
    expect(play(s, 'F@0').state).toMatchObject({ alerted: 'failing', remindersSent: 0, nextReminderAt: T0 + 5 * MIN })
    const deEscalated = play(s, 'F@0 D@3', { ...initialState() })
    expect(deEscalated.state).toMatchObject({ alerted: 'degraded', nextReminderAt: T0 + 8 * MIN })
    expect(play(s, 'F@0 F@1 P@2').state.nextReminderAt).toBeNull()
    expect(play(settings(), 'F@0').state.nextReminderAt).toBeNull()
    expect(play(s, 'F@0!m').state.nextReminderAt).toBeNull()
  })

  it('threshold edges', () => {
    expect(thresholdMet(runs(2), 1, T0, T0)).toBe(false)
    expect(thresholdMet(runs(2), 2, T0, T0)).toBe(true)
    expect(thresholdMet(runs(0), 1, T0, T0)).toBe(true)
    expect(thresholdMet(minutes(5), 1, T0, T0 + 5 * MIN - 1)).toBe(false)
    expect(thresholdMet(minutes(5), 1, T0, T0 + 5 * MIN)).toBe(true)
    expect(thresholdMet(minutes(5), 1, null, T0 + 50 * MIN)).toBe(false)
    expect(firstReminderAt(settings({ reminders: { amount: 1, interval: 30 } }), T0)).toBe(T0 + 30 * MIN)
  })
})
