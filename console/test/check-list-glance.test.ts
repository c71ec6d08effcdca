import { describe, expect, it } from 'vitest'
import { filtersFromSearch } from '../src/pages/checks/home/filters-query'
import { paddedSlots, runSlots, runsSummary } from '../src/pages/checks/run-slots'
import { MIN_STEPS, sparkSource } from '../src/pages/checks/home/sparkline-points'
import { describeCounts, stateCounts, worstState } from '../src/pages/checks/home/state-counts'
import { CHECK_TYPE_OPTIONS } from '../src/pages/checks/types'
import type { RecentRun } from '../src/pages/checks/types'

const run = (id: string, outcome: 'p' | 'd' | 'f', responseTime: number | null = 100): RecentRun => ({
  id,
  startedAt: '2026-01-05T12:00:00.000Z',
  runLocation: 'eu-west-1',
  hasFailures: outcome === 'f',
  isDegraded: outcome === 'd',
  responseTime,
})

const words = { time: (iso: string) => iso.slice(11, 16), duration: (ms: number) => `${ms} ms` }

describe('paddedSlots of runSlots', () => {
  it.each([
    { name: 'no runs', runs: [], size: 3, want: [null, null, null] },
    {
      name: 'fewer runs than slots: empty slots first, oldest run next',
      runs: [run('3', 'f'), run('2', 'd'), run('1', 'p')],
      size: 5,
      want: [null, null, 'passed', 'degraded', 'failed'],
    },
    { name: 'more runs than slots: the newest kept', runs: [run('3', 'f'), run('2', 'd'), run('1', 'p')], size: 2, want: ['degraded', 'failed'] },
  ])('$name', ({ runs, size, want }) => {
    expect(paddedSlots(runSlots(runs, size, words), size).map((s) => s?.outcome ?? null)).toEqual(want)
  })
})

describe('runsSummary', () => {
  it.each([
    { runs: [], want: 'No runs yet' },
    { runs: [run('1', 'p')], want: 'Last run: 1 passed; latest passed' },
    { runs: [run('3', 'f'), run('2', 'd'), run('1', 'p'), run('0', 'p')], want: 'Last 4 runs: 2 passed, 1 degraded, 1 failed; latest failed' },
  ])('$want', ({ runs, want }) => {
    expect(runsSummary(runSlots(runs, 30, words))).toBe(want)
  })
})

describe('sparkSource', () => {
  const steps = (values: Array<number | null>) => values.map((responseTime) => ({ responseTime }))
  it.each([
    {
      name: 'one hourly step, many runs: the runs, oldest first',
      steps: [null, 120, null],
      runs: [run('3', 'p', 30), run('2', 'p', 20), run('1', 'p', 10)],
      values: [10, 20, 30],
      span: 'last 3 runs',
    },
    {
      name: 'enough steps: the steps',
      steps: Array.from({ length: MIN_STEPS }, (_, i) => i),
      runs: [run('1', 'p', 10), run('0', 'p', 5)],
      values: [0, 1, 2, 3, 4, 5],
      span: 'last 24 h',
    },
    { name: 'no more timed runs than steps: the steps', steps: [null, 120], runs: [run('1', 'f', null)], values: [null, 120], span: 'last 24 h' },
    { name: 'a run without timing leaves a gap', steps: [null], runs: [run('2', 'p', 9), run('1', 'f', null), run('0', 'p', 7)], values: [7, null, 9], span: 'last 3 runs' },
  ])('$name', ({ steps: s, runs, values, span }) => {
    expect(sparkSource(steps(s), runs, 'last 24 h')).toEqual({ values, span })
  })
})

describe('state counts', () => {
  it.each([
    { states: [], worst: undefined, text: '' },
    { states: ['passing', 'passing', undefined], worst: 'passing', text: '2 passing · 1 pending' },
    { states: ['passing', 'failing', 'degraded', 'passing'], worst: 'failing', text: '1 failing · 1 degraded · 2 passing' },
  ] as const)('$text', ({ states, worst, text }) => {
    const counts = stateCounts(states)
    expect(worstState(counts)).toBe(worst)
    expect(describeCounts(counts).replace(/\u00a0/g, ' ')).toBe(text)
  })
})

describe('the type filter', () => {
  it('offers only the types a check can be made of, and drops any other from the address', () => {
    expect(CHECK_TYPE_OPTIONS.map((o) => o.value)).toEqual([
      'API',
      'URL',
      'TCP',
      'DNS',
      'ICMP',
      'GRPC',
      'SSL',
      'TRACEROUTE',
      'HEARTBEAT',
      'BROWSER',
      'MULTI_STEP',
      'PLAYWRIGHT',
      'AGENTIC',
    ])
    expect(filtersFromSearch(new URLSearchParams('type=AGENTIC')).type).toBe('AGENTIC')
    expect(filtersFromSearch(new URLSearchParams('type=TELNET')).type).toBe('')
  })
})
