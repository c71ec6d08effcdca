import { describe, expect, it } from 'vitest'
import { DEFAULT_PACING, laneWait, schedulerSleep, workerSleep } from '../../src/engine/pacing.js'

const p = DEFAULT_PACING

describe('engine pacing', () => {
  it.each([
    ['no schedules at all: the longest sleep', 10_000, null, p.schedulerMaxMs],
    ['the next check is due in 300 ms', 10_000, 10_300, 300],
    ['due in 5 s: bounded, so checks created elsewhere are seen', 10_000, 15_000, p.schedulerMaxMs],
    ['already due (held by another instance): the shortest sleep', 10_000, 9_000, p.schedulerMinMs],
    ['due in 1 ms: the shortest sleep', 10_000, 10_001, p.schedulerMinMs],
  ])('scheduler: %s', (_why, now, earliest, expected) => {
    expect(schedulerSleep(now, earliest, p)).toBe(expected)
  })

  it.each([
    ['a lease took all the room: poll again soon', 320, true, p.workerBusyMs],
    ['the queue ran dry: twice the last interval', 40, false, 80],
    ['idle for long: capped', p.workerIdleMaxMs - 1, false, p.workerIdleMaxMs],
    ['from the busy interval', p.workerBusyMs, false, p.workerBusyMs * 2],
    ['below the busy interval (start): at least twice it', 0, false, p.workerBusyMs],
  ])('worker: %s', (_why, previous, more, expected) => {
    expect(workerSleep(previous, more, p)).toBe(expected)
  })

  it('an idle worker settles at a few polls per second', () => {
    let wait = p.workerBusyMs
    for (let i = 0; i < 10; i++) wait = workerSleep(wait, false, p)
    expect(1000 / wait).toBeLessThanOrEqual(2)
  })

  it.each([
    ['nothing queued ahead: the own sleep of the lane', 1_000, 1_000, [], 800, []],
    ['a job due before the sleep ends: wake then', 1_000, 1_000, [1_300, 5_000], 300, [1_300, 5_000]],
    ['due times the lease looked past are dropped', 1_000, 1_000, [900, 1_000, 1_500], 500, [1_500]],
    ['a job due after the sleep: the sleep stands', 1_000, 1_000, [9_000], 800, [9_000]],
    ['a job that fell due after the lease looked: kept, and the lane looks again at once', 1_001, 999, [1_000, 1_500], 0, [1_000, 1_500]],
  ] as Array<[string, number, number, number[], number, number[]]>)('lane: %s', (_why, now, leasedAt, pending, waitMs, left) => {
    expect(laneWait(now, 800, pending, leasedAt)).toEqual({ waitMs, pending: left })
  })
})
