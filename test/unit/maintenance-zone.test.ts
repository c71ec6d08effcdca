/** Maintenance windows repeat at the same local time of their time zone across changes of clocks (pure). */
import { describe, expect, it } from 'vitest'
import { occurrenceStartsCovering, type MaintenanceWindowLike } from '../../src/domain/maintenance.js'
import { occurrencesToKeep } from '../../src/domain/maintenances.js'
import { addZonedDays, addZonedMonths, isTimeZone } from '../../src/domain/maintenance-zone.js'
import type { MaintenanceWindowDoc } from '../../src/domain/maintenance.js'

const at = (iso: string) => Date.parse(iso)
const window = (w: Partial<MaintenanceWindowDoc>): MaintenanceWindowDoc => ({
  name: 'w',
  tags: ['t'],
  startsAt: '2026-03-24T01:00:00.000Z',
  endsAt: '2026-03-24T02:00:00.000Z',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: null,
  timezone: 'Europe/Berlin',
  ...w,
})

describe('maintenance time zones', () => {
  it.each<[string, () => number, string]>([
    ['a week later in Berlin, across the spring change: 02:00 local is 00:00 UTC', () => addZonedDays(at('2026-03-24T01:00:00Z'), 7, 'Europe/Berlin'), '2026-03-31T00:00:00.000Z'],
    ['a day later in New York, across its spring change', () => addZonedDays(at('2026-03-07T07:00:00Z'), 1, 'America/New_York'), '2026-03-08T06:00:00.000Z'],
    ['a day later in Berlin, across the autumn change', () => addZonedDays(at('2026-10-24T22:30:00Z'), 1, 'Europe/Berlin'), '2026-10-25T23:30:00.000Z'],
    ['no zone: plain UTC days', () => addZonedDays(at('2026-03-24T01:00:00Z'), 7, null), '2026-03-31T01:00:00.000Z'],
    ['a month later, the day clamped, local time kept', () => addZonedMonths(at('2026-01-31T08:00:00Z'), 1, 'Europe/Berlin'), '2026-02-28T08:00:00.000Z'],
    ['a month later across the change', () => addZonedMonths(at('2026-03-15T08:00:00Z'), 1, 'Europe/Berlin'), '2026-04-15T07:00:00.000Z'],
    ['a skipped local time falls an hour later', () => addZonedDays(at('2026-03-28T01:30:00Z'), 1, 'Europe/Berlin'), '2026-03-29T01:30:00.000Z'],
  ])('%s', (_name, compute, expected) => {
    expect(new Date(compute()).toISOString()).toBe(expected)
  })

  it('keeps and matches occurrences at the local time of the window', () => {
    const w = window({})
    const kept = occurrencesToKeep(w, at('2026-03-30T12:00:00Z'), 5).map((o) => new Date(o.start).toISOString())
    expect(kept).toEqual(['2026-03-24T01:00:00.000Z', '2026-03-31T00:00:00.000Z'])
    const like: MaintenanceWindowLike = w
    expect(occurrenceStartsCovering(like, at('2026-03-31T00:30:00Z'))).toEqual([at('2026-03-31T00:00:00Z')])
    expect(occurrenceStartsCovering(like, at('2026-03-31T01:30:00Z'))).toEqual([])
    expect(occurrenceStartsCovering({ ...like, timezone: null }, at('2026-03-31T01:30:00Z'))).toEqual([at('2026-03-31T01:00:00Z')])
  })

  it.each([
    ['Europe/Berlin', true],
    ['America/New_York', true],
    ['UTC', true],
    ['+05:00', false],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s is a time zone: %s', (zone, ok) => {
    expect(isTimeZone(zone)).toBe(ok)
  })
})
