import { describe, expect, it } from 'vitest'
import { defaultFrequencyOffset, frequencyOffsetProblem, frequencyOffsetRange, scheduleOf } from '../../src/domain/checks/frequency.js'

describe('frequencyOffset rules', () => {
  it.each([
    [0, { oneOf: [10, 20, 30] }],
    [1, { min: 1, max: 10 }],
    [5, { min: 1, max: 50 }],
    [60, { min: 1, max: 600 }],
    [120, { min: 1, max: 2 }],
    [720, { min: 1, max: 12 }],
    [1440, { min: 1, max: 24 }],
  ])('frequency %i allows %o', (frequency, range) => {
    expect(frequencyOffsetRange(frequency)).toEqual(range)
  })

  it.each([
    [0, 10, true],
    [0, 20, true],
    [0, 30, true],
    [0, 15, false],
    [0, 1, false],
    [5, 1, true],
    [5, 50, true],
    [5, 51, false],
    [5, 0, false],
    [60, 600, true],
    [60, 601, false],
    [180, 3, true],
    [180, 4, false],
    [10, 2.5, false],
  ])('frequency %i with offset %d valid=%s', (frequency, offset, valid) => {
    expect(frequencyOffsetProblem(frequency, offset) === null).toBe(valid)
  })

  it('gives every check a default offset inside the range, spread over it', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 1000; i++) {
      const offset = defaultFrequencyOffset(`check-${i}`, 10)
      expect(offset).not.toBeNull()
      expect(frequencyOffsetProblem(10, offset!)).toBeNull()
      seen.add(offset!)
    }
    expect(seen.size).toBeGreaterThan(90)
    expect(defaultFrequencyOffset('x', 0)).toBeNull()
  })

  it('turns frequency and offset into an interval and a phase', () => {
    expect(scheduleOf(0, 20)).toEqual({ intervalSeconds: 20, phaseSeconds: 0 })
    expect(scheduleOf(10, 1)).toEqual({ intervalSeconds: 600, phaseSeconds: 0 })
    expect(scheduleOf(10, 100)).toEqual({ intervalSeconds: 600, phaseSeconds: 594 })
    expect(scheduleOf(1440, 24)).toEqual({ intervalSeconds: 86400, phaseSeconds: 82800 })
  })
})
