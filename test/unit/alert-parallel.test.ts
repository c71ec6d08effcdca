import { describe, expect, it } from 'vitest'
import { gatherResult, summarizeRun, type LocationResult } from '../../src/alerting/parallel-run.js'
import { initialState, type AlertState, type Condition, type RunSummary } from '../../src/alerting/state.js'

const T0 = Date.UTC(2026, 5, 1, 15, 0, 0)
const loc = (condition: Condition, location: string, over: Partial<LocationResult> = {}): LocationResult => ({
  condition,
  startedAt: T0,
  resultId: `${location}-${condition}`,
  location,
  responseTime: 10,
  error: condition === 'failing' ? 'boom' : null,
  statusCode: null,
  slot: T0,
  session: null,
  total: 3,
  ...over,
})

function feed(results: LocationResult[], state: AlertState = initialState()) {
  const runs: Array<{ results: RunSummary[]; total: number }> = []
  for (const r of results) {
    const g = gatherResult(state, r)
    state = g.state
    runs.push(...g.runs)
  }
  return { runs, state }
}

describe('parallel runs', () => {
  it('a round-robin result is a run of its own', () => {
    const { runs } = feed([loc('failing', 'us-east-1', { total: 1 }), loc('passing', 'eu-west-1', { total: 1, slot: T0 + 60_000 })])
    expect(runs.map((r) => r.results.length)).toEqual([1, 1])
  })

  it('waits for every location of the slot, then makes one run', () => {
    const first = feed([loc('failing', 'us-east-1'), loc('passing', 'eu-west-1')])
    expect(first.runs).toEqual([])
    expect(first.state.pending).toMatchObject({ slot: T0, total: 3 })
    const { runs, state } = feed([loc('failing', 'ap-south-1')], first.state)
    expect(runs).toHaveLength(1)
    expect(runs[0]?.results.map((r) => r.location)).toEqual(['us-east-1', 'eu-west-1', 'ap-south-1'])
    expect(state).toMatchObject({ pending: null, lastSlot: T0 })
  })

  it('evaluates an incomplete slot when a newer slot starts, and ignores results of older slots', () => {
    const next = T0 + 60_000
    const { runs, state } = feed([loc('failing', 'us-east-1'), loc('passing', 'us-east-1', { slot: next })])
    expect(runs.map((r) => r.results.length)).toEqual([1])
    expect(state.pending).toMatchObject({ slot: next })
    expect(state.lastSlot).toBe(T0)
    expect(feed([loc('failing', 'eu-west-1')], state).runs).toEqual([])
    expect(feed([loc('failing', 'eu-west-1', { slot: T0 - 60_000 })], { ...state, lastSlot: null }).runs).toEqual([])
  })

  it('keeps the runs of different check sessions apart', () => {
    const { runs, state } = feed([loc('failing', 'us-east-1'), loc('failing', 'us-east-1', { session: 's1' })])
    expect(runs).toHaveLength(1)
    expect(state.pending).toMatchObject({ session: 's1' })
  })

  it('evaluates what was gathered when the check stops running in parallel', () => {
    const { runs, state } = feed([loc('failing', 'us-east-1'), loc('passing', 'us-east-1', { total: 1, slot: T0 + 60_000 })])
    expect(runs.map((r) => r.results.map((x) => x.condition))).toEqual([['failing'], ['passing']])
    expect(state).toMatchObject({ pending: null, lastSlot: T0 })
  })

  it('ignores a single result older than the last evaluated run', () => {
    const state = { ...initialState(), lastStartedAt: T0 }
    expect(gatherResult(state, loc('failing', 'us-east-1', { total: 1, startedAt: T0 - 1 })).runs).toEqual([])
    expect(gatherResult(state, loc('failing', 'us-east-1', { total: 1, startedAt: T0 })).runs).toHaveLength(1)
  })

  const run = (failing: number, degraded: number, passing: number): RunSummary[] => [
    ...Array.from({ length: failing }, (_, i) => loc('failing', `f${i}`, { startedAt: T0 + 10 + i })),
    ...Array.from({ length: degraded }, (_, i) => loc('degraded', `d${i}`, { startedAt: T0 + 20 + i })),
    ...Array.from({ length: passing }, (_, i) => loc('passing', `p${i}`, { startedAt: T0 + 30 + i })),
  ]
  const off = { enabled: false, percentage: 10 }
  const half = { enabled: true, percentage: 50 }

  it.each<[string, RunSummary[], { enabled: boolean; percentage: number }, Condition]>([
    ['without a threshold one failing location fails the run', run(1, 0, 9), off, 'failing'],
    ['all passing', run(0, 0, 3), off, 'passing'],
    ['degraded when one location is degraded', run(0, 1, 2), off, 'degraded'],
    ['50% of 10: 3 failing → not failing', run(3, 0, 7), half, 'passing'],
    ['50% of 10: 3 failing, 1 degraded → degraded', run(3, 1, 6), half, 'degraded'],
    ['50% of 10: 5 failing → failing', run(5, 0, 5), half, 'failing'],
    ['50% of 10: 7 failing → failing', run(7, 0, 3), half, 'failing'],
    ['100%: all must fail', run(2, 0, 1), { enabled: true, percentage: 100 }, 'passing'],
    ['100%: all failing', run(3, 0, 0), { enabled: true, percentage: 100 }, 'failing'],
    ['10% of 2: one failing → failing', run(1, 0, 1), { enabled: true, percentage: 10 }, 'failing'],
  ])('%s', (_name, results, threshold, expected) => {
    expect(summarizeRun(results, threshold).condition).toBe(expected)
  })

  it('reports the first failing location and the start of the run', () => {
    const s = summarizeRun([...run(2, 0, 1)].reverse(), off)
    expect(s).toMatchObject({ condition: 'failing', location: 'f0', error: 'boom', startedAt: T0 + 10 })
    expect(summarizeRun(run(0, 1, 1), off)).toMatchObject({ location: 'd0', startedAt: T0 + 20 })
  })
})
