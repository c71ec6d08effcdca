/** Calendar buckets of a report: local midnights of a time zone, across changes of clocks, weeks from Monday, months. */
import { describe, expect, it } from 'vitest'
import { calendarBuckets, isNamedTimeZone, type Granularity } from '../../src/analytics/calendar-buckets.js'

const at = (iso: string) => Date.parse(iso)
const iso = (buckets: Array<{ from: number; to: number }> | null) => buckets?.map((b) => [new Date(b.from).toISOString(), new Date(b.to).toISOString()])

const CASES: Array<[string, string, string, Granularity, string, string[][]]> = [
  [
    'UTC days, the first and last cut to the window',
    '2026-06-01T12:00:00.000Z',
    '2026-06-03T06:00:00.000Z',
    'day',
    'UTC',
    [
      ['2026-06-01T12:00:00.000Z', '2026-06-02T00:00:00.000Z'],
      ['2026-06-02T00:00:00.000Z', '2026-06-03T00:00:00.000Z'],
      ['2026-06-03T00:00:00.000Z', '2026-06-03T06:00:00.000Z'],
    ],
  ],
  [
    'a New York day of 23 hours (clocks go forward)',
    '2026-03-08T05:00:00.000Z',
    '2026-03-09T04:00:00.000Z',
    'day',
    'America/New_York',
    [['2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']],
  ],
  [
    'a Berlin day of 25 hours (clocks go back)',
    '2026-10-24T22:00:00.000Z',
    '2026-10-25T23:00:00.000Z',
    'day',
    'Europe/Berlin',
    [['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']],
  ],
  [
    'weeks from Monday',
    '2026-06-03T00:00:00.000Z',
    '2026-06-17T00:00:00.000Z',
    'week',
    'UTC',
    [
      ['2026-06-03T00:00:00.000Z', '2026-06-08T00:00:00.000Z'],
      ['2026-06-08T00:00:00.000Z', '2026-06-15T00:00:00.000Z'],
      ['2026-06-15T00:00:00.000Z', '2026-06-17T00:00:00.000Z'],
    ],
  ],
  [
    'months in Tokyo',
    '2026-01-15T00:00:00.000Z',
    '2026-03-10T00:00:00.000Z',
    'month',
    'Asia/Tokyo',
    [
      ['2026-01-15T00:00:00.000Z', '2026-01-31T15:00:00.000Z'],
      ['2026-01-31T15:00:00.000Z', '2026-02-28T15:00:00.000Z'],
      ['2026-02-28T15:00:00.000Z', '2026-03-10T00:00:00.000Z'],
    ],
  ],
]

describe('calendar buckets', () => {
  it.each(CASES)('%s', (_name, from, to, granularity, zone, expected) => {
    expect(iso(calendarBuckets({ from: at(from), to: at(to) }, granularity, zone, 120))).toEqual(expected)
  })

  it('gives up past the limit of buckets', () => {
    expect(calendarBuckets({ from: at('2026-06-01T00:00:00.000Z'), to: at('2026-06-11T00:00:00.000Z') }, 'day', 'UTC', 5)).toBeNull()
  })

  it.each([
    ['America/New_York', true],
    ['UTC', true],
    ['+05:00', false],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s is a named time zone: %s', (zone, named) => {
    expect(isNamedTimeZone(zone)).toBe(named)
  })
})
