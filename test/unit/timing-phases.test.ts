import { describe, expect, it } from 'vitest'
import { contiguousPhases, type Milestone } from '../../src/runners/phases.js'

const chain = (ats: Array<number | undefined>, expected: boolean[] = []): Milestone[] =>
  ats.map((at, i) => ({ phase: `p${i}`, mark: `m${i}`, at, ...(expected[i] === false ? { expected: false } : {}) }))

const sumOf = (phases: Record<string, number>) =>
  Object.entries(phases)
    .filter(([k]) => k !== 'total')
    .reduce((s, [, v]) => s + v, 0)

describe('contiguous phases', () => {
  it.each([
    ['every milestone reached', 100, chain([101, 103, 106]), 107, { p0: 1, p1: 2, p2: 3, total: 6 }],
    ['a step that does not happen is 0', 100, chain([101, undefined, 106], [true, false, true]), 107, { p0: 1, p1: 0, p2: 5, total: 6 }],
    ['a failure ends the phase in progress at the stop', 100, chain([101, 103, undefined, undefined]), 110, { p0: 1, p1: 2, p2: 7, p3: 0, total: 10 }],
    ['a failure before the first milestone', 100, chain([undefined, undefined]), 104, { p0: 4, p1: 0, total: 4 }],
    ['the phase in progress skips a step that does not happen', 100, chain([101, undefined, undefined], [true, false, true]), 105, { p0: 1, p1: 0, p2: 4, total: 5 }],
    ['a missed milestone before a reached one is 0, the next phase holds its time', 100, chain([101, undefined, 106]), 107, { p0: 1, p1: 0, p2: 5, total: 6 }],
    ['a milestone reported out of order never goes backwards', 100, chain([103, 102, 106]), 107, { p0: 3, p1: 0, p2: 3, total: 6 }],
  ])('%s', (_name, start, milestones, stoppedAt, phases) => {
    const c = contiguousPhases(start, milestones, stoppedAt)
    expect(c.phases).toEqual(phases)
    expect(c.total).toBe(phases.total)
  })

  it('marks are the cumulative sums of the phases', () => {
    const c = contiguousPhases(10, chain([11.5, 14, 14.25]), 20)
    expect(c.marks).toEqual({ m0: 1.5, m1: 4, m2: 4.25 })
  })

  it('rounded phases add up to the rounded total, whatever the fractions', () => {
    for (let seed = 1; seed <= 200; seed++) {
      let t = 1000 + seed / 7
      const ats = Array.from({ length: 7 }, (_, i) => (t += ((seed * (i + 3)) % 17) / 3.1 + 0.0049))
      const c = contiguousPhases(1000, chain(ats), t)
      expect(Math.abs(sumOf(c.phases) - c.total)).toBeLessThan(1e-9)
      for (const v of Object.values(c.phases)) expect(v).toBeGreaterThanOrEqual(0)
    }
  })
})
