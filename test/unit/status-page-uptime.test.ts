/** Status page rules: a service's current state, the page banner, and 90-day uptime per UTC day. */
import { describe, expect, it } from 'vitest'
import type { IncidentSeverity } from '../../src/domain/status-pages/enums.js'
import { ALL_OPERATIONAL, pageBanner, serviceState, worstSeverity } from '../../src/domain/status-pages/service-state.js'
import { averageUptime, DAY_MS, serviceUptime, unionLength, UPTIME_DAYS, utcDayStart, type IncidentSpan } from '../../src/domain/status-pages/uptime.js'

const H = 3_600_000
const MIN = 60_000
/** Noon on 10 June 2026: today has 12 h so far. */
const NOW = Date.UTC(2026, 5, 10, 12)
const TODAY = utcDayStart(NOW)
const LONG_AGO = TODAY - 200 * DAY_MS
const span = (name: string, severity: IncidentSeverity, start: number, end: number | null): IncidentSpan => ({ name, severity, start, end })

describe('service state', () => {
  it.each<[string, IncidentSeverity[], IncidentSeverity | null, string]>([
    ['no open incident', [], null, 'Operational'],
    ['one minor', ['MINOR'], 'MINOR', 'Degraded performance'],
    ['medium', ['MEDIUM'], 'MEDIUM', 'Partial outage'],
    ['major over minor', ['MINOR', 'MAJOR', 'MINOR'], 'MAJOR', 'Major outage'],
    ['critical over all', ['MAJOR', 'CRITICAL', 'MEDIUM'], 'CRITICAL', 'Critical outage'],
  ])('%s', (_name, severities, severity, label) => {
    expect(serviceState(severities)).toEqual({ severity, label })
  })

  it('worst of none is null', () => expect(worstSeverity([null, null])).toBeNull())

  it.each<[string, Array<IncidentSeverity | null>, string]>([
    ['all operational', [null, null], ALL_OPERATIONAL],
    ['no services', [], ALL_OPERATIONAL],
    ['the worst service', [null, 'MEDIUM', 'MINOR'], 'Partial outage'],
  ])('banner: %s', (_name, severities, label) => {
    expect(pageBanner(severities.map((s) => serviceState(s === null ? [] : [s]))).label).toBe(label)
  })
})

describe('union of intervals', () => {
  it.each<[string, Array<[number, number]>, number]>([
    ['none', [], 0],
    ['one', [[0, 10]], 10],
    [
      'disjoint',
      [
        [0, 10],
        [20, 25],
      ],
      15,
    ],
    [
      'overlapping counts once',
      [
        [0, 10],
        [5, 15],
      ],
      15,
    ],
    [
      'nested',
      [
        [0, 100],
        [10, 20],
      ],
      100,
    ],
    [
      'touching',
      [
        [0, 10],
        [10, 20],
      ],
      20,
    ],
    [
      'unsorted with empty ones',
      [
        [30, 40],
        [5, 5],
        [0, 10],
        [8, 12],
      ],
      22,
    ],
  ])('%s', (_name, intervals, total) => expect(unionLength(intervals)).toBe(total))
})

describe('90-day uptime', () => {
  it('has one bar per UTC day, oldest first, today last', () => {
    const u = serviceUptime(LONG_AGO, [], NOW)
    expect(u.days).toHaveLength(UPTIME_DAYS)
    expect(u.days[0]?.start).toBe(TODAY - 89 * DAY_MS)
    expect(u.days[89]?.start).toBe(TODAY)
    expect(u.days.every((d) => d.hasData && d.severity === null && d.uptime === 100)).toBe(true)
    expect(u.days[89]?.totalMs).toBe(12 * H)
    expect(u.uptime).toBe(100)
  })

  type Case = [string, IncidentSpan[], { day: number; downtimeMs: number; severity: IncidentSeverity | null; incidents: string[] }[], number]
  const yesterday = TODAY - DAY_MS
  const total = 89 * DAY_MS + 12 * H
  it.each<Case>([
    ['a resolved incident of 1 h yesterday', [span('A', 'MAJOR', yesterday + 10 * H, yesterday + 11 * H)], [{ day: 88, downtimeMs: H, severity: 'MAJOR', incidents: ['A'] }], H],
    [
      'overlapping incidents count once; the day takes the worst severity',
      [span('A', 'MINOR', yesterday + 10 * H, yesterday + 12 * H), span('B', 'CRITICAL', yesterday + 11 * H, yesterday + 13 * H)],
      [{ day: 88, downtimeMs: 3 * H, severity: 'CRITICAL', incidents: ['A', 'B'] }],
      3 * H,
    ],
    [
      'an incident across midnight splits between the two days',
      [span('A', 'MEDIUM', TODAY - 2 * H, TODAY + 30 * MIN)],
      [
        { day: 88, downtimeMs: 2 * H, severity: 'MEDIUM', incidents: ['A'] },
        { day: 89, downtimeMs: 30 * MIN, severity: 'MEDIUM', incidents: ['A'] },
      ],
      2.5 * H,
    ],
    ['an open incident counts up to now', [span('A', 'MAJOR', TODAY + 10 * H, null)], [{ day: 89, downtimeMs: 2 * H, severity: 'MAJOR', incidents: ['A'] }], 2 * H],
    [
      'an incident resolved at once marks its day without downtime',
      [span('A', 'MINOR', yesterday + H, yesterday + H)],
      [{ day: 88, downtimeMs: 0, severity: 'MINOR', incidents: ['A'] }],
      0,
    ],
    [
      'an incident older than the window is left out, one overlapping its start is cut',
      [span('Old', 'MAJOR', TODAY - 120 * DAY_MS, TODAY - 110 * DAY_MS), span('Edge', 'MINOR', TODAY - 90 * DAY_MS, TODAY - 89 * DAY_MS + H)],
      [{ day: 0, downtimeMs: H, severity: 'MINOR', incidents: ['Edge'] }],
      H,
    ],
    ['an incident not begun yet (posted a little ahead) is left out', [span('A', 'MAJOR', NOW + MIN, null)], [{ day: 89, downtimeMs: 0, severity: null, incidents: [] }], 0],
  ])('%s', (_name, incidents, days, downtime) => {
    const u = serviceUptime(LONG_AGO, incidents, NOW)
    for (const want of days) expect(u.days[want.day]).toMatchObject({ downtimeMs: want.downtimeMs, severity: want.severity, incidents: want.incidents })
    const marked = new Set(days.map((d) => d.day))
    expect(u.days.filter((d, i) => !marked.has(i) && d.severity !== null)).toEqual([])
    expect(u.uptime).toBeCloseTo(((total - downtime) / total) * 100, 10)
  })

  it('leaves days before the service existed out of the total; its first day counts whole; a backfilled incident counts from the creation', () => {
    const created = TODAY - 2 * DAY_MS + 6 * H // day 87 (whole), day 88, 12 h today
    const u = serviceUptime(created, [span('Backfilled', 'MAJOR', created - 5 * DAY_MS, created + H)], NOW)
    expect(u.days.slice(0, 87).every((d) => !d.hasData && d.uptime === null && d.severity === null)).toBe(true)
    expect(u.days[87]).toMatchObject({ hasData: true, totalMs: 24 * H, downtimeMs: H, severity: 'MAJOR' })
    expect(u.uptime).toBeCloseTo(((60 * H - H) / (60 * H)) * 100, 10)
  })

  it('a 12-minute incident on a service created minutes ago is a share of its day, not of its minutes', () => {
    const created = NOW - 14 * MIN
    const u = serviceUptime(created, [span('Shop API is failing', 'MAJOR', created + MIN, created + 13 * MIN)], NOW)
    expect(u.days.filter((d) => d.hasData)).toHaveLength(1)
    expect(u.days.slice(0, 89).every((d) => !d.hasData && d.uptime === null)).toBe(true)
    expect(u.days[89]).toMatchObject({ hasData: true, totalMs: 12 * H, downtimeMs: 12 * MIN, severity: 'MAJOR' })
    expect(u.uptime).toBeCloseTo(((12 * H - 12 * MIN) / (12 * H)) * 100, 10)
    expect(u.uptime).toBeGreaterThan(98)
  })

  it('has no uptime for a service created after now', () => {
    const u = serviceUptime(NOW + H, [], NOW)
    expect(u.uptime).toBeNull()
    expect(u.days.every((d) => !d.hasData)).toBe(true)
  })

  it.each<[string, Array<number | null>, number | null]>([
    ['average of the services', [100, 99, 98], 99],
    ['services without data are left out', [100, null, 90], 95],
    ['no data at all', [null], null],
    ['no services', [], null],
  ])('card uptime: %s', (_name, uptimes, expected) => expect(averageUptime(uptimes)).toBe(expected))
})
