/** Error messages of real runs (test/helpers/real-error-messages.ts) and the groups they form. */
import { describe, expect, it } from 'vitest'
import { cleanErrorMessage, errorHash } from '../../src/domain/error-groups/clean.js'
import { foldOccurrences, type RunOutcome } from '../../src/domain/error-groups/occurrences.js'
import { REAL_ERROR_GROUPS } from '../helpers/real-error-messages.js'

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0)
const cases = REAL_ERROR_GROUPS.flatMap((g) => g.messages.map((message) => [g.fault, message, g.cleaned] as const))

/** Every message as a failing FINAL result of one check, a minute apart, in the order of the table. */
const runsOf = (checkId: string): RunOutcome[] =>
  cases.map(([, message], i) => ({ accountId: 'a1', checkId, resultType: 'FINAL', status: 'failing', errorMessage: message, at: T0 + i * 60_000 }))

describe('error messages of real runs', () => {
  it('are at least 30, in at least 25 groups', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
    expect(REAL_ERROR_GROUPS.length).toBeGreaterThanOrEqual(25)
  })

  it.each(cases)('%s: %j cleans to the group message', (_fault, message, cleaned) => {
    expect(cleanErrorMessage(message)).toBe(cleaned)
  })

  it('form distinct groups: no two faults share a cleaned message or a hash', () => {
    const cleaned = REAL_ERROR_GROUPS.map((g) => g.cleaned)
    expect(new Set(cleaned).size).toBe(cleaned.length)
    expect(new Set(cleaned.map(errorHash)).size).toBe(cleaned.length)
  })

  it('fold into one change per group of a check, counted, with the latest raw message and the first and last time', () => {
    const folded = foldOccurrences(runsOf('check-1'))
    expect(folded.map((g) => g.cleanedErrorMessage)).toEqual(REAL_ERROR_GROUPS.map((g) => g.cleaned))
    let i = 0
    for (const group of REAL_ERROR_GROUPS) {
      const at = group.messages.map(() => T0 + i++ * 60_000)
      expect(folded.find((f) => f.cleanedErrorMessage === group.cleaned)).toEqual({
        accountId: 'a1',
        checkId: 'check-1',
        errorHash: errorHash(group.cleaned),
        cleanedErrorMessage: group.cleaned,
        rawErrorMessage: group.messages[group.messages.length - 1],
        firstSeen: at[0],
        lastSeen: at[at.length - 1],
        count: group.messages.length,
      })
    }
  })

  it('group per check: the same messages on two checks make two sets of groups', () => {
    const folded = foldOccurrences([...runsOf('check-1'), ...runsOf('check-2')])
    expect(folded).toHaveLength(REAL_ERROR_GROUPS.length * 2)
    expect(folded.filter((g) => g.checkId === 'check-2').map((g) => g.count)).toEqual(REAL_ERROR_GROUPS.map((g) => g.messages.length))
  })

  it('keep the latest raw message when a batch arrives out of order', () => {
    const [a, b, c] = ['connect ECONNREFUSED 127.0.0.1:32903', 'connect ECONNREFUSED ::1:44017', 'connect ECONNREFUSED 127.0.0.1:46149']
    const run = (message: string, at: number): RunOutcome => ({ accountId: 'a1', checkId: 'c', resultType: 'FINAL', status: 'failing', errorMessage: message, at })
    const [group] = foldOccurrences([run(a, T0 + 2000), run(b, T0 + 5000), run(c, T0 + 1000)])
    expect(group).toMatchObject({ rawErrorMessage: b, firstSeen: T0 + 1000, lastSeen: T0 + 5000, count: 3 })
  })

  it.each([
    ['a passing run', { status: 'passing', errorMessage: null }],
    ['a degraded run (not a failure)', { status: 'degraded', errorMessage: null }],
    ['a failed attempt that was retried', { resultType: 'ATTEMPT' }],
    ['a failure without a message', { errorMessage: null }],
    ['a failure with an empty message', { errorMessage: '  ' }],
  ])('leave out %s', (_what, change) => {
    const run: RunOutcome = { accountId: 'a1', checkId: 'c', resultType: 'FINAL', status: 'failing', errorMessage: 'socket hang up', at: T0, ...change }
    expect(foldOccurrences([run])).toEqual([])
  })
})
