import { describe, expect, it } from 'vitest'
import { firstDue, intervalMs, nextDueAfterRun, nextSlotAfter } from '../../src/domain/schedule/next-due.js'
import { locationInput, pickLocations } from '../../src/domain/schedule/pick-locations.js'
import { DOUBLE_CHECK, backoffMs, decideRetry, effectiveStrategy, type RetryStrategy } from '../../src/domain/schedule/retry-policy.js'

const MIN = 60_000
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0) // a whole hour

describe('schedule slots', () => {
  it.each([
    [{ frequency: 10, frequencyOffset: 1 }, T0, T0 + 10 * MIN],
    [{ frequency: 10, frequencyOffset: 11 }, T0, T0 + 60_000],
    [{ frequency: 10, frequencyOffset: 11 }, T0 + 60_000, T0 + 11 * MIN],
    [{ frequency: 0, frequencyOffset: 20 }, T0 + 5_000, T0 + 20_000],
    [{ frequency: 0, frequencyOffset: 10 }, T0 + 10_000, T0 + 20_000],
    [{ frequency: 1440, frequencyOffset: 3 }, T0, Date.UTC(2026, 0, 2, 2, 0, 0)],
  ])('%o after %i is %i', (s, after, expected) => {
    expect(nextSlotAfter(s, after)).toBe(expected)
  })

  it('first due is the first slot at or after now, within one interval', () => {
    expect(firstDue({ frequency: 10, frequencyOffset: 1 }, T0)).toBe(T0)
    const due = firstDue({ frequency: 5, frequencyOffset: 7 }, T0 + 1)
    expect(due).toBeGreaterThanOrEqual(T0 + 1)
    expect(due - (T0 + 1)).toBeLessThan(intervalMs({ frequency: 5, frequencyOffset: 7 }))
  })

  it('a check that fell behind runs once, then continues on its slots (no burst)', () => {
    const s = { frequency: 1, frequencyOffset: 1 }
    const missedSince = T0
    const now = T0 + 30 * MIN + 5_000
    const next = nextDueAfterRun(s, missedSince, now)
    expect(next).toBe(T0 + 31 * MIN)
    expect(nextDueAfterRun(s, T0 + 5 * MIN, T0 + 5 * MIN + 100)).toBe(T0 + 6 * MIN)
  })

  it('spreads many checks of one frequency over the interval by their offsets', () => {
    const seconds = new Set<number>()
    for (let offset = 1; offset <= 100; offset++) seconds.add((nextSlotAfter({ frequency: 10, frequencyOffset: offset }, T0) - T0) / 1000)
    expect(seconds.size).toBe(100)
  })
})

describe('location choice', () => {
  const pls = [{ id: 'pl-1', slugName: 'office' }]
  it('round-robins and remembers the position', () => {
    const input = { locations: ['us-east-1', 'eu-west-1'], privateLocations: pls, runParallel: false }
    const seen = [0, 1, 2, 3].map((i) => pickLocations(input, i, 'x').targets[0]!.location)
    expect(seen).toEqual(['us-east-1', 'eu-west-1', 'office', 'us-east-1'])
    expect(pickLocations(input, 2, 'x')).toEqual({ targets: [{ location: 'office', privateLocationId: 'pl-1' }], nextIndex: 0 })
  })
  it('runs everywhere with runParallel, and in the default location with none selected', () => {
    expect(pickLocations({ locations: ['a', 'b'], privateLocations: [], runParallel: true }, 0, 'x').targets).toHaveLength(2)
    expect(pickLocations({ locations: [], privateLocations: [], runParallel: false }, 5, 'eu-central-1').targets).toEqual([{ location: 'eu-central-1', privateLocationId: null }])
  })
})

describe('retry policy', () => {
  const s = (over: Partial<RetryStrategy>): RetryStrategy => ({
    type: 'FIXED',
    baseBackoffSeconds: 5,
    maxRetries: 3,
    maxDurationSeconds: 600,
    sameRegion: true,
    onlyOn: [],
    ...over,
  })
  const fail = { failed: true, networkError: false }

  it.each([
    ['FIXED', [5000, 5000, 5000]],
    ['LINEAR', [5000, 10000, 15000]],
    ['EXPONENTIAL', [5000, 25000, 125000]],
  ] as const)('%s backs off %o', (type, delays) => {
    expect([1, 2, 3].map((n) => backoffMs(s({ type }), n))).toEqual(delays)
  })

  it('stops after maxRetries, and SINGLE_RETRY retries once', () => {
    expect(decideRetry(s({}), fail, 2, 0).retry).toBe(true)
    expect(decideRetry(s({}), fail, 3, 0)).toMatchObject({ retry: false, reason: 'retries exhausted' })
    expect(decideRetry(s({ type: 'SINGLE_RETRY', maxRetries: 5 }), fail, 1, 0).retry).toBe(false)
  })

  it('caps the whole retry period with maxDurationSeconds', () => {
    expect(decideRetry(s({ type: 'EXPONENTIAL', maxDurationSeconds: 30 }), fail, 1, 6_000)).toMatchObject({ retry: false })
    expect(decideRetry(s({ maxDurationSeconds: 30 }), fail, 1, 4_000)).toMatchObject({ retry: true, delayMs: 5000 })
  })

  it('retries only network errors with onlyOn NETWORK_ERROR, and never a pass', () => {
    expect(decideRetry(s({ onlyOn: ['NETWORK_ERROR'] }), fail, 0, 0).retry).toBe(false)
    expect(decideRetry(s({ onlyOn: ['NETWORK_ERROR'] }), { failed: true, networkError: true }, 0, 0).retry).toBe(true)
    expect(decideRetry(s({}), { failed: false, networkError: false }, 0, 0).retry).toBe(false)
  })

  it('falls back to doubleCheck, and never retries heartbeats', () => {
    expect(effectiveStrategy(null, true, 'API')).toBe(DOUBLE_CHECK)
    expect(effectiveStrategy(null, false, 'API')).toBeNull()
    expect(effectiveStrategy(s({}), true, 'HEARTBEAT')).toBeNull()
    expect(decideRetry(DOUBLE_CHECK, fail, 0, 0)).toMatchObject({ retry: true, delayMs: 0, sameLocation: false })
  })
})

describe('spreading checks that share a slot', () => {
  it('spreads one-minute checks with the same offset over the 6 s unit, and sub-minute checks over their interval', () => {
    const starts = new Set<number>()
    for (let i = 0; i < 2000; i++) {
      const due = nextSlotAfter({ frequency: 1, frequencyOffset: 1, spreadKey: `check-${i}` }, T0)
      expect(due - T0).toBeLessThan(6_000)
      starts.add(Math.floor((due - T0) / 100))
    }
    expect(starts.size).toBeGreaterThan(55)
    for (let i = 0; i < 100; i++) {
      const s = { frequency: 0, frequencyOffset: 10, spreadKey: `c${i}` }
      const a = nextSlotAfter(s, T0)
      expect(nextSlotAfter(s, a) - a).toBe(10_000)
    }
  })
})

describe('locationInput', () => {
  it('resolves private locations by id or slug in the check order, skipping unknown ones', () => {
    const known = [
      { id: 'pl-1', slugName: 'office' },
      { id: 'pl-2', slugName: 'lab' },
    ]
    const input = locationInput({ locations: ['us-east-1'], privateLocations: ['lab', 'nope', 'pl-1'], runParallel: true }, known)
    expect(input).toEqual({ locations: ['us-east-1'], privateLocations: [known[1], known[0]], runParallel: true })
    expect(locationInput({}, known)).toEqual({ locations: [], privateLocations: [], runParallel: false })
  })
})
