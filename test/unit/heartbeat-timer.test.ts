import { describe, expect, it } from 'vitest'
import { NEW_TIMER, applyDeadline, applySignal, classifyPing, earlyToleranceMs, reconfigure, type TimerConfig, type TimerState } from '../../src/domain/heartbeats/timer.js'
import { describeDuration, timerSettingsOf } from '../../src/domain/heartbeats/settings.js'

const S = 1000
const MIN = 60 * S
const H = 60 * MIN
const T0 = Date.UTC(2026, 0, 1, 0, 0, 0)
const HOURLY: TimerConfig = { periodMs: H, graceMs: 10 * MIN }

/** The timer after a ping at T0 on an hourly heartbeat with 10 minutes of grace. */
const pinged: TimerState = applySignal(NEW_TIMER, HOURLY, 'PING', T0).timer

describe('heartbeat timer', () => {
  it('starts at the first ping: expected one period later, deadline after the grace', () => {
    expect(classifyPing(NEW_TIMER, HOURLY, T0)).toBe('RECEIVED')
    expect(pinged).toEqual({ lastPingAt: T0, expectedAt: T0 + H, nextDeadlineAt: T0 + H + 10 * MIN, failing: false, startedAt: null, state: 'RECEIVED' })
  })

  it('tolerates early pings by the grace, at least a tenth of the period', () => {
    expect(earlyToleranceMs(HOURLY)).toBe(10 * MIN)
    expect(earlyToleranceMs({ periodMs: H, graceMs: 0 })).toBe(6 * MIN)
    expect(earlyToleranceMs({ periodMs: H, graceMs: 2 * H })).toBe(2 * H)
  })

  it.each([
    ['long before the expected time', T0 + 30 * MIN, 'EARLY'],
    ['just outside the early tolerance', T0 + 50 * MIN - 1, 'EARLY'],
    ['at the edge of the early tolerance', T0 + 50 * MIN, 'RECEIVED'],
    ['at the expected time', T0 + H, 'RECEIVED'],
    ['just after the expected time', T0 + H + 1, 'GRACE'],
    ['at the deadline itself', T0 + H + 10 * MIN, 'GRACE'],
    ['after the deadline, before the scanner fired', T0 + H + 10 * MIN + 1, 'LATE'],
  ] as const)('classifies a ping %s as %s', (_label, at, state) => {
    expect(classifyPing(pinged, HOURLY, at)).toBe(state)
  })

  it('with no grace, any ping after the expected time is late', () => {
    const cfg = { periodMs: H, graceMs: 0 }
    const t = applySignal(NEW_TIMER, cfg, 'PING', T0).timer
    expect(classifyPing(t, cfg, T0 + H)).toBe('RECEIVED')
    expect(classifyPing(t, cfg, T0 + H + 1)).toBe('LATE')
  })

  it('every ping resets the timer, early ones included', () => {
    const early = applySignal(pinged, HOURLY, 'PING', T0 + 20 * MIN)
    expect(early.event).toEqual({ type: 'PING', state: 'EARLY', at: T0 + 20 * MIN, durationMs: null })
    expect(early.outcome).toBe('passing')
    expect(early.timer.expectedAt).toBe(T0 + 80 * MIN)
    expect(early.timer.nextDeadlineAt).toBe(T0 + 90 * MIN)
  })

  it('fails once the deadline has passed, dated at the deadline; then once per period until a ping', () => {
    expect(applyDeadline(pinged, HOURLY, T0 + 70 * MIN)).toBeNull()
    const missed = applyDeadline(pinged, HOURLY, T0 + 70 * MIN + 500)
    expect(missed?.event).toEqual({ type: 'DEADLINE', state: 'FAILING', at: T0 + 70 * MIN, durationMs: null })
    expect(missed?.outcome).toBe('failing')
    expect(missed?.timer).toMatchObject({ failing: true, state: 'FAILING', expectedAt: null, nextDeadlineAt: T0 + 130 * MIN + 500, lastPingAt: T0 })
    const again = applyDeadline(missed!.timer, HOURLY, T0 + 131 * MIN)
    expect(again?.event.at).toBe(T0 + 130 * MIN + 500)
    expect(again?.timer.nextDeadlineAt).toBe(T0 + 191 * MIN)
  })

  it('a ping after a missed deadline is received and recovers', () => {
    const failing = applyDeadline(pinged, HOURLY, T0 + 2 * H)!.timer
    const back = applySignal(failing, HOURLY, 'PING', T0 + 2 * H + 5 * MIN)
    expect(back.event.state).toBe('RECEIVED')
    expect(back.outcome).toBe('passing')
    expect(back.timer).toMatchObject({ failing: false, expectedAt: T0 + 3 * H + 5 * MIN, nextDeadlineAt: T0 + 3 * H + 15 * MIN })
  })

  it('a not-started timer never fails', () => {
    expect(applyDeadline(NEW_TIMER, HOURLY, T0 + 1000 * H)).toBeNull()
  })

  it('/fail fails at once and resets the timer; /start records the duration of the next ping', () => {
    const fail = applySignal(pinged, HOURLY, 'FAIL', T0 + H)
    expect(fail.outcome).toBe('failing')
    expect(fail.event.state).toBe('FAILING')
    expect(fail.timer).toMatchObject({ failing: true, state: 'FAILING', expectedAt: T0 + 2 * H, nextDeadlineAt: T0 + 2 * H + 10 * MIN })

    const start = applySignal(fail.timer, HOURLY, 'START', T0 + 2 * H - 3 * MIN)
    expect(start.outcome).toBeNull()
    expect(start.event).toEqual({ type: 'START', state: 'RECEIVED', at: T0 + 2 * H - 3 * MIN, durationMs: null })
    expect(start.timer).toEqual({ ...fail.timer, startedAt: T0 + 2 * H - 3 * MIN })

    const done = applySignal(start.timer, HOURLY, 'PING', T0 + 2 * H)
    expect(done.event).toEqual({ type: 'PING', state: 'RECEIVED', at: T0 + 2 * H, durationMs: 3 * MIN })
    expect(done.timer.startedAt).toBeNull()
    expect(done.timer.failing).toBe(false)
  })

  describe('saving the check', () => {
    const active = { activated: true, ...HOURLY }
    it('deactivation clears the deadline', () => {
      expect(reconfigure(pinged, active, { ...active, activated: false }, T0 + MIN)).toMatchObject({ nextDeadlineAt: null, expectedAt: null, lastPingAt: T0 })
    })
    it('reactivation restarts a started timer at save time', () => {
      const off = reconfigure(pinged, active, { ...active, activated: false }, T0 + MIN)
      expect(reconfigure(off, { ...active, activated: false }, active, T0 + 5 * H)).toMatchObject({ expectedAt: T0 + 6 * H, nextDeadlineAt: T0 + 6 * H + 10 * MIN })
    })
    it('a new period or grace restarts it; other edits leave it alone', () => {
      expect(reconfigure(pinged, active, { ...active, periodMs: 2 * H }, T0 + 30 * MIN)).toMatchObject({ expectedAt: T0 + 150 * MIN, nextDeadlineAt: T0 + 160 * MIN })
      expect(reconfigure(pinged, active, { ...active, graceMs: 0 }, T0 + 30 * MIN)).toMatchObject({ expectedAt: T0 + 90 * MIN, nextDeadlineAt: T0 + 90 * MIN })
      expect(reconfigure(pinged, active, active, T0 + 30 * MIN)).toBe(pinged)
    })
    it('a timer that never got a ping keeps waiting for its first one', () => {
      expect(reconfigure(NEW_TIMER, active, { ...active, periodMs: 2 * H }, T0)).toBe(NEW_TIMER)
      expect(reconfigure(NEW_TIMER, { ...active, activated: false }, active, T0)).toBe(NEW_TIMER)
    })
  })

  it('reads period and grace in every unit', () => {
    const doc = (period: number, periodUnit: string, grace: number, graceUnit: string, activated = true) => ({ activated, heartbeat: { period, periodUnit, grace, graceUnit } })
    expect(timerSettingsOf(doc(30, 'seconds', 0, 'seconds'))).toEqual({ activated: true, periodMs: 30 * S, graceMs: 0 })
    expect(timerSettingsOf(doc(5, 'minutes', 1, 'hours'))).toEqual({ activated: true, periodMs: 5 * MIN, graceMs: H })
    expect(timerSettingsOf(doc(2, 'days', 1, 'days', false))).toEqual({ activated: false, periodMs: 48 * H, graceMs: 24 * H })
    expect(describeDuration(H + 10 * MIN)).toBe('1h 10m')
    expect(describeDuration(2 * 24 * H + 30 * S)).toBe('2d 30s')
    expect(describeDuration(0)).toBe('0s')
  })
})
