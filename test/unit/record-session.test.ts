/** A recorded test's runs become the outcomes `picket test` prints: failed if a run failed, degraded if one was. */
import { describe, expect, it } from 'vitest'
import { outcomeOfRuns } from '../../src/cli/code/record-session.js'

const run = (id: string, flags: { failed?: boolean; degraded?: boolean; pending?: boolean } = {}) => ({
  testSessionResultId: id,
  testSessionResultLink: `/checks/c1/results/${id}`,
  checkId: 'c1',
  checkType: 'API',
  name: 'Orders API',
  runLocation: 'eu-west-1',
  resultType: flags.pending ? 'PENDING' : 'FINAL',
  hasErrors: false,
  hasFailures: flags.failed === true,
  isDegraded: flags.degraded === true,
  responseTime: flags.pending ? null : 120,
  startedAt: null,
  stoppedAt: null,
})

describe('outcomeOfRuns', () => {
  it.each([
    { name: 'every run passed', runs: [run('a'), run('b')], status: 'PASSED', locations: ['passing', 'passing'] },
    { name: 'one run degraded', runs: [run('a'), run('b', { degraded: true })], status: 'DEGRADED', locations: ['passing', 'degraded'] },
    { name: 'one run failed', runs: [run('a', { degraded: true }), run('b', { failed: true })], status: 'FAILED', locations: ['degraded', 'failing'] },
    { name: 'a run still pending at the deadline', runs: [run('a'), run('b', { pending: true })], status: 'TIMED_OUT', locations: ['passing'] },
  ])('$name: $status', ({ runs, status, locations }) => {
    const outcome = outcomeOfRuns('c1', runs, 900, new Map([['b', { errorKind: 'STATUS', error: 'HTTP 500' }]]))
    expect(outcome).toMatchObject({ checkId: 'c1', name: 'Orders API', checkType: 'API', status, timeElapsed: 900 })
    expect(outcome.results.map((r) => r.status)).toEqual(locations)
  })

  it("carries a failed run's error from its result", () => {
    const outcome = outcomeOfRuns('c1', [run('b', { failed: true })], 10, new Map([['b', { errorKind: 'STATUS', error: 'HTTP 500' }]]))
    expect(outcome.results[0]).toMatchObject({ runLocation: 'eu-west-1', errorKind: 'STATUS', error: 'HTTP 500', responseTime: 120, resultType: 'FINAL' })
  })
})
