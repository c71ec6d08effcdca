/** A browser run's response time is its tests' own duration, capped by the report's, with fallbacks when no test ran. */
import { describe, expect, it } from 'vitest'
import { runDuration } from '../../src/runners/browser/run-duration.js'

const tests = (...ms: number[]) => ms.map((durationMs) => ({ durationMs }))

describe('runDuration', () => {
  it.each([
    { name: 'one test: its duration, not the run wall time', report: { tests: tests(5030), durationMs: 9100 }, wall: 14_200, expected: 5030 },
    { name: 'tests in a row add up', report: { tests: tests(1200, 800), durationMs: 6000 }, wall: 9000, expected: 2000 },
    { name: 'parallel tests are capped by the report duration', report: { tests: tests(3000, 3000), durationMs: 3500 }, wall: 7000, expected: 3500 },
    { name: 'no test: the report duration', report: { tests: [], durationMs: 2500 }, wall: 7000, expected: 2500 },
    { name: 'no report (a plain script): the wall time', report: null, wall: 4100, expected: 4100 },
    { name: 'an empty report: the wall time', report: { tests: [], durationMs: 0 }, wall: 4100, expected: 4100 },
  ])('$name', ({ report, wall, expected }) => {
    expect(runDuration(report, wall)).toBe(expected)
  })
})
