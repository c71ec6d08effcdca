import { describe, expect, it } from 'vitest'
import { isStale, staleFrom } from '../../src/domain/schedule/stale-slots.js'

const NEXT = 1_000_000

describe('stale slots', () => {
  it.each([
    ['a scheduled first attempt', 'SCHEDULER', 1, NEXT],
    ['a retry', 'SCHEDULER', 2, null],
    ['a check session run', 'CHECK_SESSION', 1, null],
    ['a test session run', 'TEST_SESSION', 1, null],
    ['a triggered run', 'API', 1, null],
    ['a deployment run', 'DEPLOYMENT', 1, null],
  ])('%s (%s, attempt %i) is stale from %s', (_name, trigger, attempt, expected) => {
    expect(staleFrom({ trigger, attempt }, NEXT)).toBe(expected)
  })

  it.each([
    ['before its next slot', 'SCHEDULER', 1, NEXT, NEXT - 1, false],
    ['when its next slot comes due', 'SCHEDULER', 1, NEXT, NEXT, true],
    ['after its next slot', 'SCHEDULER', 1, NEXT, NEXT + 60_000, true],
    ['without an expiry', 'SCHEDULER', 1, null, NEXT + 60_000, false],
    ['a retry, whatever its expiry', 'SCHEDULER', 2, NEXT, NEXT + 60_000, false],
    ['a session run, whatever its expiry', 'TEST_SESSION', 1, NEXT, NEXT + 60_000, false],
  ])('a run not started %s (%s, attempt %i, expiry %s, now %i) is skipped: %s', (_name, trigger, attempt, expiresAt, now, expected) => {
    expect(isStale({ trigger, attempt, expiresAt }, now)).toBe(expected)
  })
})
