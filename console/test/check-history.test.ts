import { describe, expect, it } from 'vitest'
import type { AnalyticsResponse } from '../src/api/endpoints'
import { historyData, markCounts } from '../src/pages/checks/check/history-data'
import { outcomeCounts, outcomeOf, runSlots, type RunLike } from '../src/pages/checks/run-slots'

const run = (id: string, startedAt: string, flags: Partial<RunLike> = {}): RunLike => ({
  id,
  startedAt,
  runLocation: 'local',
  responseTime: 120,
  hasFailures: false,
  hasErrors: false,
  isDegraded: false,
  ...flags,
})
const describeRun = { time: (iso: string) => iso.slice(11, 16), duration: (ms: number) => `${ms} ms` }

describe('outcomeOf', () => {
  it.each<[string, Partial<RunLike>, string]>([
    ['a clean run', {}, 'passed'],
    ['a degraded run', { isDegraded: true }, 'degraded'],
    ['a failed assertion', { hasFailures: true }, 'failed'],
    ['an error', { hasErrors: true }, 'failed'],
    ['failed wins over degraded', { hasFailures: true, isDegraded: true }, 'failed'],
  ])('%s is %s', (_name, flags, expected) => {
    expect(outcomeOf(run('r', '2026-01-01T00:00:00Z', flags))).toBe(expected)
  })
})

describe('runSlots', () => {
  const runs = [run('c', '2026-01-01T10:02:00Z', { hasFailures: true }), run('b', '2026-01-01T10:01:00Z', { isDegraded: true }), run('a', '2026-01-01T10:00:00Z')]
  it.each<[string, number, string[]]>([
    ['all runs, oldest first', 60, ['a', 'b', 'c']],
    ['only the newest ones', 2, ['b', 'c']],
    ['none', 0, []],
  ])('keeps %s', (_name, limit, ids) => {
    expect(runSlots(runs, limit, describeRun).map((s) => s.id)).toEqual(ids)
  })
  it('names outcome, time, location and duration', () => {
    const slots = runSlots(runs, 60, describeRun)
    expect(slots.map((s) => s.label)).toEqual(['Passed · 10:00 · local · 120 ms', 'Degraded · 10:01 · local · 120 ms', 'Failed · 10:02 · local · 120 ms'])
    expect(outcomeCounts(slots)).toEqual({ passed: 1, degraded: 1, failed: 1 })
  })
  it('leaves the duration out of a run without one (a heartbeat, a failed ping)', () => {
    expect(runSlots([run('h', '2026-01-01T10:03:00Z', { responseTime: null })], 60, describeRun)[0]?.label).toBe('Passed · 10:03 · local')
  })
})

const response = (series: AnalyticsResponse['series']): AnalyticsResponse =>
  ({ from: '2026-01-01T10:00:00.000Z', to: '2026-01-01T11:00:00.000Z', series, metadata: {} }) as unknown as AnalyticsResponse
const t0 = Date.parse('2026-01-01T10:00:00Z') / 1000

describe('historyData', () => {
  const rows = [
    { timestamp: '2026-01-01T10:00:00.000Z', responseTime_p50: 10, responseTime_p95: 20, availability: 100 },
    { timestamp: '2026-01-01T10:01:00.000Z', responseTime_p50: 11, responseTime_p95: 30, availability: 50 },
    { timestamp: '2026-01-01T10:02:00.000Z', responseTime_p50: null, responseTime_p95: null, availability: 0 },
  ]
  it.each<[string, boolean, AnalyticsResponse['series'], Array<{ label: string; values: Array<number | null> }>]>([
    [
      'p50 and p95 of all locations',
      false,
      [{ data: rows }],
      [
        { label: 'p50', values: [10, 11, null] },
        { label: 'p95', values: [20, 30, null] },
      ],
    ],
    [
      'p95 per location',
      true,
      [
        { runLocation: 'eu', data: rows.slice(0, 2) },
        { runLocation: 'us', data: [{ ...rows[2], responseTime_p95: 40 }] },
      ],
      [
        { label: 'p95 · eu', values: [20, 30, null] },
        { label: 'p95 · us', values: [null, null, 40] },
      ],
    ],
  ])('draws %s', (_name, byLocation, series, lines) => {
    const h = historyData(response(series), { timing: 'responseTime', intervalMin: 1, byLocation, runs: [] })
    expect(h.xs).toEqual([t0, t0 + 60, t0 + 120])
    expect(h.range).toEqual([t0, t0 + 3600])
    expect(h.lines.map(({ label, values }) => ({ label, values }))).toEqual(lines)
  })

  it.each<[string, RunLike[], Array<{ from: number; kind: string }>]>([
    [
      'failed buckets only',
      [],
      [
        { from: t0 + 60, kind: 'failed' },
        { from: t0 + 120, kind: 'failed' },
      ],
    ],
    [
      'a degraded run in a clean bucket',
      [run('d', '2026-01-01T10:00:30Z', { isDegraded: true })],
      [
        { from: t0, kind: 'degraded' },
        { from: t0 + 60, kind: 'failed' },
        { from: t0 + 120, kind: 'failed' },
      ],
    ],
    [
      'a degraded run in a failed bucket (the failure shows)',
      [run('d', '2026-01-01T10:01:30Z', { isDegraded: true })],
      [
        { from: t0 + 60, kind: 'failed' },
        { from: t0 + 120, kind: 'failed' },
      ],
    ],
    [
      'a degraded run outside the window',
      [run('d', '2026-01-01T09:00:00Z', { isDegraded: true })],
      [
        { from: t0 + 60, kind: 'failed' },
        { from: t0 + 120, kind: 'failed' },
      ],
    ],
  ])('marks %s', (_name, runs, marks) => {
    const h = historyData(response([{ data: rows }]), { timing: 'responseTime', intervalMin: 1, byLocation: false, runs })
    expect(h.marks.map(({ from, kind }) => ({ from, kind }))).toEqual(marks)
    expect(h.marks.every((m) => m.to - m.from === 60)).toBe(true)
    expect(markCounts(h.marks).failed).toBe(2)
  })
})
