import { describe, expect, it } from 'vitest'
import { ARTIFACT_CAPS, ArtifactBudget, megabytes } from '../../src/runners/browser/artifact-caps.js'

const MB = 1024 * 1024

describe('artifact caps', () => {
  it('keep a run within what a private-location agent may upload', () => {
    expect(ARTIFACT_CAPS.runBytes).toBeLessThanOrEqual(150 * MB)
    expect(ARTIFACT_CAPS.traceBytes).toBeLessThanOrEqual(ARTIFACT_CAPS.runBytes)
    // The agent protocol takes at most 100 artifacts per result.
    expect(ARTIFACT_CAPS.screenshots + ARTIFACT_CAPS.traces + 1).toBeLessThanOrEqual(100)
  })

  it('shows sizes in MB with one decimal', () => {
    expect(megabytes(1024 * MB)).toBe('1024.0 MB')
    expect(megabytes(1.5 * MB)).toBe('1.5 MB')
  })
})

describe('ArtifactBudget', () => {
  const caps = { screenshotBytes: 10 * MB, screenshots: 2, traceBytes: 50 * MB, traces: 1, reportBytes: 20 * MB, runBytes: 60 * MB }

  it.each([
    ['a screenshot within its cap', 'screenshot', 10 * MB, null],
    ['a screenshot over its cap', 'screenshot', 10 * MB + 1, 'is 10.0 MB, over the cap of 10 MB per screenshot'],
    ['a 1 GiB screenshot', 'screenshot', 1024 * MB, 'is 1024.0 MB, over the cap of 10 MB per screenshot'],
    ['a trace over its cap', 'trace', 60 * MB, 'is 60.0 MB, over the cap of 50 MB per trace'],
    ['a report over its cap', 'report', 25 * MB, 'is 25.0 MB, over the cap of 20 MB per report'],
  ] as const)('refuses %s (or not)', (_name, kind, size, expected) => {
    expect(new ArtifactBudget(caps).refusal(kind, size)).toBe(expected)
  })

  it('refuses a file that would take the run past its total, and counts only what was taken', () => {
    const budget = new ArtifactBudget(caps)
    expect(budget.refusal('trace', 45 * MB)).toBeNull()
    budget.take('trace', 45 * MB)
    expect(budget.refusal('screenshot', 10 * MB)).toBeNull()
    budget.take('screenshot', 10 * MB)
    expect(budget.refusal('report', 6 * MB)).toBe("is 6.0 MB and would take the run's artifacts past their cap of 60 MB")
    expect(budget.refusal('report', 5 * MB)).toBeNull()
  })

  it('has room for a count of each kind, and says how many more were left out', () => {
    const budget = new ArtifactBudget(caps)
    for (let i = 0; i < 2; i++) {
      expect(budget.hasRoom('screenshot')).toBe(true)
      budget.take('screenshot', 1)
    }
    expect(budget.hasRoom('screenshot')).toBe(false)
    expect(budget.hasRoom('screenshot')).toBe(false)
    expect(budget.hasRoom('trace')).toBe(true)
    budget.take('trace', 1)
    expect(budget.hasRoom('trace')).toBe(false)
    expect(budget.hasRoom('report')).toBe(true)
    expect(budget.notes()).toEqual(['Artifacts left out: 2 more screenshots past the cap of 2 per run', 'Artifacts left out: 1 more trace past the cap of 1 per run'])
  })

  it('says nothing when nothing was left out for its count', () => {
    expect(new ArtifactBudget().notes()).toEqual([])
  })
})
