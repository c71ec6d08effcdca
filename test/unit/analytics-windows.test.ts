import { describe, expect, it } from 'vitest'
import { bucketStart, quickRangeWindow, type QuickRange } from '../../src/domain/analytics/windows.js'
import { planSegments } from '../../src/analytics/plan.js'

const iso = (t: number) => new Date(t).toISOString()
const at = (s: string) => Date.parse(s)

describe('quick ranges (UTC, weeks start on Monday)', () => {
  // Wednesday 4 March 2026, 15:30:20 UTC
  const now = at('2026-03-04T15:30:20.000Z')
  it.each<[QuickRange, string, string]>([
    ['last24Hours', '2026-03-03T15:30:20.000Z', '2026-03-04T15:30:20.000Z'],
    ['last7Days', '2026-02-25T15:30:20.000Z', '2026-03-04T15:30:20.000Z'],
    ['last30Days', '2026-02-02T15:30:20.000Z', '2026-03-04T15:30:20.000Z'],
    ['thisWeek', '2026-03-02T00:00:00.000Z', '2026-03-04T15:30:20.000Z'],
    ['thisMonth', '2026-03-01T00:00:00.000Z', '2026-03-04T15:30:20.000Z'],
    ['lastWeek', '2026-02-23T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['lastMonth', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
  ])('%s', (range, from, to) => {
    const w = quickRangeWindow(range, now)
    expect([iso(w.from), iso(w.to)]).toEqual([from, to])
  })

  it.each<[string, QuickRange, string, string]>([
    ['on a Monday at midnight, this week starts now', 'thisWeek', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['on a Sunday, this week began six days ago', 'thisWeek', '2026-03-08T23:59:59.000Z', '2026-03-02T00:00:00.000Z'],
    ['in January, last month is the previous December', 'lastMonth', '2026-01-15T12:00:00.000Z', '2025-12-01T00:00:00.000Z'],
    ['on 1 March, last month is February of a leap year', 'lastMonth', '2028-03-01T08:00:00.000Z', '2028-02-01T00:00:00.000Z'],
  ])('%s', (_name, range, nowText, from) => {
    expect(iso(quickRangeWindow(range, at(nowText)).from)).toBe(from)
  })
})

describe('aggregation buckets', () => {
  it.each<[string, number, string]>([
    ['a minute', 1, '2026-03-04T15:30:00.000Z'],
    ['five minutes', 5, '2026-03-04T15:30:00.000Z'],
    ['seven minutes (aligned to Monday 1970-01-05)', 7, '2026-03-04T15:28:00.000Z'],
    ['an hour', 60, '2026-03-04T15:00:00.000Z'],
    ['a day starts at UTC midnight', 1440, '2026-03-04T00:00:00.000Z'],
    ['a week starts on Monday', 10080, '2026-03-02T00:00:00.000Z'],
  ])('%s', (_name, minutes, expected) => {
    expect(iso(bucketStart(at('2026-03-04T15:30:20.000Z'), minutes * 60_000))).toBe(expected)
  })
})

describe('how a window is read', () => {
  const seg = (s: ReturnType<typeof planSegments>[number]) => `${s.kind === 'raw' ? 'raw' : `L${s.level}`} ${iso(s.from).slice(11, 19)}-${iso(s.to).slice(11, 19)}`
  it.each<[string, string, string, number | null, string[]]>([
    ['whole hours only', '2026-03-04T10:00:00Z', '2026-03-04T13:00:00Z', null, ['L60 10:00:00-13:00:00']],
    [
      'cut through five minutes and hours',
      '2026-03-04T10:20:30Z',
      '2026-03-04T13:07:10Z',
      3_600_000,
      ['raw 10:20:30-10:25:00', 'L5 10:25:00-11:00:00', 'L60 11:00:00-13:00:00', 'L5 13:00:00-13:05:00', 'raw 13:05:00-13:07:10'],
    ],
    [
      'an interval of five minutes reads five-minute buckets',
      '2026-03-04T10:20:30Z',
      '2026-03-04T13:07:10Z',
      5 * 60_000,
      ['raw 10:20:30-10:25:00', 'L5 10:25:00-13:05:00', 'raw 13:05:00-13:07:10'],
    ],
    ['an interval of a minute is read raw', '2026-03-04T10:20:30Z', '2026-03-04T13:07:10Z', 60_000, ['raw 10:20:30-13:07:10']],
    ['an interval of 90 minutes reads five-minute buckets', '2026-03-04T10:00:00Z', '2026-03-04T13:00:00Z', 90 * 60_000, ['L5 10:00:00-13:00:00']],
    [
      'whole days from day buckets, hours and five minutes at their edges',
      '2026-03-02T22:20:30Z',
      '2026-03-05T01:07:10Z',
      null,
      [
        'raw 22:20:30-22:25:00',
        'L5 22:25:00-23:00:00',
        'L60 23:00:00-00:00:00',
        'L1440 00:00:00-00:00:00',
        'L60 00:00:00-01:00:00',
        'L5 01:00:00-01:05:00',
        'raw 01:05:00-01:07:10',
      ],
    ],
    ['an interval of a day reads day buckets', '2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z', 86_400_000, ['L1440 00:00:00-00:00:00']],
    ['hourly intervals never read day buckets', '2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z', 3_600_000, ['L60 00:00:00-00:00:00']],
    ['inside five minutes: raw only', '2026-03-04T10:20:10Z', '2026-03-04T10:24:50Z', null, ['raw 10:20:10-10:24:50']],
    ['less than an hour: five minutes', '2026-03-04T10:20:00Z', '2026-03-04T10:50:00Z', null, ['L5 10:20:00-10:50:00']],
  ])('%s', (_name, from, to, interval, expected) => {
    expect(planSegments(at(from), at(to), interval).map(seg)).toEqual(expected)
  })
})
