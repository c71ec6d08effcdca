/** Maintenance windows (pure): when a check is in maintenance, with the repeat rules; and the document rules. */
import { describe, expect, it } from 'vitest'
import { activeWindowsFor, addUtcMonths, buildMaintenanceWindowDoc, isInMaintenance, parseInstant, type MaintenanceWindowLike } from '../../src/domain/maintenance.js'
import { ValidationError } from '../../src/domain/errors.js'
import { HIDDEN } from '../../src/domain/maintenance-visibility.js'

const at = (iso: string) => Date.parse(iso)
const win = (w: Partial<MaintenanceWindowLike>): MaintenanceWindowLike => ({
  tags: ['prod'],
  startsAt: '2026-03-10T22:00:00.000Z',
  endsAt: '2026-03-11T02:00:00.000Z',
  repeatInterval: null,
  repeatUnit: null,
  repeatEndsAt: null,
  ...w,
})

describe('isInMaintenance', () => {
  const once = win({})
  const daily = win({ repeatInterval: 1, repeatUnit: 'DAY' })
  const everyThreeDays = win({ repeatInterval: 3, repeatUnit: 'DAY' })
  const weekly = win({ repeatInterval: 1, repeatUnit: 'WEEK' })
  const fortnightlyUntil = win({ repeatInterval: 2, repeatUnit: 'WEEK', repeatEndsAt: '2026-04-07T22:00:00.000Z' })
  const monthly = win({ startsAt: '2026-01-31T23:00:00.000Z', endsAt: '2026-02-01T01:00:00.000Z', repeatInterval: 1, repeatUnit: 'MONTH' })
  const quarterly = win({
    startsAt: '2026-01-15T00:00:00.000Z',
    endsAt: '2026-01-16T00:00:00.000Z',
    repeatInterval: 3,
    repeatUnit: 'MONTH',
    repeatEndsAt: '2026-10-01T00:00:00.000Z',
  })
  const monthlySpan = win({ startsAt: '2026-01-15T00:00:00.000Z', endsAt: '2026-02-15T00:00:00.000Z', repeatInterval: 2, repeatUnit: 'MONTH' })
  const overlapping = win({
    startsAt: '2026-03-10T00:00:00.000Z',
    endsAt: '2026-03-12T12:00:00.000Z',
    repeatInterval: 1,
    repeatUnit: 'DAY',
    repeatEndsAt: '2026-03-13T00:00:00.000Z',
  })
  const clampedShort = win({ startsAt: '2026-01-30T10:00:00.000Z', endsAt: '2026-01-31T09:00:00.000Z', repeatInterval: 1, repeatUnit: 'MONTH' })

  const cases: Array<[string, MaintenanceWindowLike, string[], string, boolean]> = [
    ['one-off: before the start', once, ['prod'], '2026-03-10T21:59:59.999Z', false],
    ['one-off: at the start (inclusive)', once, ['prod'], '2026-03-10T22:00:00.000Z', true],
    ['one-off: inside', once, ['prod'], '2026-03-11T01:00:00.000Z', true],
    ['one-off: at the end (exclusive)', once, ['prod'], '2026-03-11T02:00:00.000Z', false],
    ['one-off: a day later', once, ['prod'], '2026-03-11T23:00:00.000Z', false],
    ['one-off: a check without the tag', once, ['staging'], '2026-03-11T01:00:00.000Z', false],
    ['one-off: any shared tag is enough', win({ tags: ['db', 'prod'] }), ['web', 'prod'], '2026-03-11T01:00:00.000Z', true],
    ['one-off: a window without tags applies to no check', win({ tags: [] }), ['prod'], '2026-03-11T01:00:00.000Z', false],
    ['one-off: tags are case-sensitive', once, ['Prod'], '2026-03-11T01:00:00.000Z', false],
    ['daily: first occurrence', daily, ['prod'], '2026-03-10T23:00:00.000Z', true],
    ['daily: 5th occurrence, across midnight', daily, ['prod'], '2026-03-15T01:30:00.000Z', true],
    ['daily: between occurrences', daily, ['prod'], '2026-03-15T12:00:00.000Z', false],
    ['daily: a year later', daily, ['prod'], '2027-03-10T22:00:00.000Z', true],
    ['daily: before the first start', daily, ['prod'], '2026-03-09T23:00:00.000Z', false],
    ['every 3 days: day 3', everyThreeDays, ['prod'], '2026-03-13T23:00:00.000Z', true],
    ['every 3 days: day 1 is off', everyThreeDays, ['prod'], '2026-03-11T23:00:00.000Z', false],
    ['weekly: one week later', weekly, ['prod'], '2026-03-17T22:30:00.000Z', true],
    ['weekly: six days later', weekly, ['prod'], '2026-03-16T22:30:00.000Z', false],
    ['fortnightly: 2 weeks later', fortnightlyUntil, ['prod'], '2026-03-24T23:00:00.000Z', true],
    ['fortnightly: the occurrence starting at repeatEndsAt does not happen', fortnightlyUntil, ['prod'], '2026-04-07T23:00:00.000Z', false],
    [
      'fortnightly: the last one starting before repeatEndsAt runs its full length',
      win({ ...fortnightlyUntil, repeatEndsAt: '2026-04-07T23:00:00.000Z' }),
      ['prod'],
      '2026-04-08T01:00:00.000Z',
      true,
    ],
    ['monthly: Jan 31 + 1 month is clamped to Feb 28', monthly, ['prod'], '2026-02-28T23:30:00.000Z', true],
    ['monthly: not on Mar 3 (no day overflow)', monthly, ['prod'], '2026-03-03T23:30:00.000Z', false],
    ['monthly: Mar 31 again', monthly, ['prod'], '2026-03-31T23:30:00.000Z', true],
    ['monthly: the end moves by calendar months too (Mar 1 00:30)', monthly, ['prod'], '2026-03-01T00:30:00.000Z', true],
    ['quarterly: April 15', quarterly, ['prod'], '2026-04-15T12:00:00.000Z', true],
    ['quarterly: February 15 is off', quarterly, ['prod'], '2026-02-15T12:00:00.000Z', false],
    ['quarterly: July 15', quarterly, ['prod'], '2026-07-15T12:00:00.000Z', true],
    ['quarterly: October 15 starts after repeatEndsAt', quarterly, ['prod'], '2026-10-15T12:00:00.000Z', false],
    ['every 2 months for a month: Mar 15 to Apr 15', monthlySpan, ['prod'], '2026-04-10T00:00:00.000Z', true],
    ['every 2 months for a month: Apr 20 is off', monthlySpan, ['prod'], '2026-04-20T00:00:00.000Z', false],
    ['every 2 months for a month: Apr 15 is the (exclusive) end', monthlySpan, ['prod'], '2026-04-15T00:00:00.000Z', false],
    ['overlapping daily occurrences: covered by an earlier one', overlapping, ['prod'], '2026-03-14T06:00:00.000Z', true],
    ['overlapping daily occurrences: all have ended', overlapping, ['prod'], '2026-03-15T13:00:00.000Z', false],
    ['month clamping that would empty an occurrence keeps its length', clampedShort, ['prod'], '2026-02-28T12:00:00.000Z', true],
    ['epoch-ms instants work too', win({ startsAt: 1000, endsAt: 2000 }), ['prod'], '1970-01-01T00:00:01.500Z', true],
  ]
  it.each(cases)('%s', (_name, window, tags, when, expected) => {
    expect(isInMaintenance(window, tags, at(when))).toBe(expected)
  })
})

describe('activeWindowsFor', () => {
  it('returns the windows that apply now, in their order', () => {
    const a = { id: 1, ...win({}) }
    const b = { id: 2, ...win({ tags: ['db'] }) }
    const c = { id: 3, ...win({ repeatInterval: 1, repeatUnit: 'DAY' }) }
    expect(activeWindowsFor([a, b, c], ['prod', 'db'], at('2026-03-11T00:00:00Z')).map((w) => w.id)).toEqual([1, 2, 3])
    expect(activeWindowsFor([a, b, c], ['prod'], at('2026-03-12T00:00:00Z')).map((w) => w.id)).toEqual([3])
    expect(activeWindowsFor([a, b, c], [], at('2026-03-11T00:00:00Z'))).toEqual([])
    expect(activeWindowsFor([], ['prod'], at('2026-03-11T00:00:00Z'))).toEqual([])
  })
})

describe('addUtcMonths', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 2, '2026-03-31T10:00:00.000Z'],
    ['2026-11-15T00:00:00.000Z', 3, '2027-02-15T00:00:00.000Z'],
    ['2026-05-15T00:00:00.000Z', 24, '2028-05-15T00:00:00.000Z'],
  ] as const)('%s + %i months = %s', (from, months, expected) => {
    expect(new Date(addUtcMonths(at(from), months)).toISOString()).toBe(expected)
  })
})

describe('parseInstant', () => {
  it.each([
    ['2026-05-01T22:00:00Z', '2026-05-01T22:00:00.000Z'],
    ['2026-05-01T22:00:00.123Z', '2026-05-01T22:00:00.123Z'],
    ['2026-05-01T22:00:00+02:00', '2026-05-01T20:00:00.000Z'],
    ['2026-05-01T22:00:00-0130', '2026-05-01T23:30:00.000Z'],
    ['2026-05-01T22:00', '2026-05-01T22:00:00.000Z'],
    ['2026-05-01', '2026-05-01T00:00:00.000Z'],
    ['2028-02-29', '2028-02-29T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(new Date(parseInstant(text) as number).toISOString()).toBe(iso)
  })
  it.each(['', 'tomorrow', '2026-02-30', '2026-13-01', '2026-05-01T24:00:00Z', '2026-05-01T10:61Z', '1714600000', '2026/05/01'])('rejects %j', (text) => {
    expect(parseInstant(text)).toBeNull()
  })
  it('rejects what is not a string', () => {
    expect(parseInstant(1714600000)).toBeNull()
    expect(parseInstant(null)).toBeNull()
  })
})

describe('buildMaintenanceWindowDoc', () => {
  const base = { name: 'Deploy', tags: ['prod'], startsAt: '2026-05-01T22:00:00Z', endsAt: '2026-05-02T01:00:00+01:00' }
  const fieldsOf = (work: () => unknown): string[] => {
    try {
      work()
    } catch (err) {
      if (err instanceof ValidationError) return Object.keys(err.fields).sort()
      throw err
    }
    return []
  }

  it('normalizes instants to UTC ISO and fills defaults', () => {
    expect(buildMaintenanceWindowDoc({ ...base, tags: ['prod', 'prod', 'db'] })).toEqual({
      name: 'Deploy',
      tags: ['prod', 'db'],
      startsAt: '2026-05-01T22:00:00.000Z',
      endsAt: '2026-05-02T00:00:00.000Z',
      repeatInterval: null,
      repeatUnit: null,
      repeatEndsAt: null,
      description: null,
      // Shown on no status page, in UTC, unless the body says otherwise.
      timezone: null,
      statusPageVisibility: HIDDEN,
    })
    expect(buildMaintenanceWindowDoc({ name: 'x', startsAt: '2026-05-01', endsAt: '2026-05-02' }).tags).toEqual([])
  })

  it.each([
    [{ endsAt: '2026-05-01T22:00:00Z' }, ['endsAt']],
    [{ endsAt: '2026-05-01T21:00:00Z' }, ['endsAt']],
    [{ startsAt: 'soon' }, ['startsAt']],
    [{ endsAt: undefined }, ['endsAt']],
    [{ repeatInterval: 1 }, ['repeatUnit']],
    [{ repeatInterval: 0, repeatUnit: 'DAY' }, ['repeatInterval']],
    [{ repeatInterval: 1, repeatUnit: 'YEAR' }, ['repeatUnit']],
    [{ repeatInterval: 1, repeatUnit: 'DAY', repeatEndsAt: '2026-05-01T21:00:00Z' }, ['repeatEndsAt']],
    [{ repeatEndsAt: '2026-06-01T00:00:00Z' }, ['repeatEndsAt']],
    [{ name: '' }, ['name']],
    [{ tags: ['ok', ''] }, ['tags']],
    [{ description: 'x'.repeat(2001) }, ['description']],
  ] as const)('rejects %j naming %j', (change, fields) => {
    expect(fieldsOf(() => buildMaintenanceWindowDoc({ ...base, ...change }))).toEqual(fields)
  })

  it('takes a repeatUnit without repeatInterval (the reference requires repeatUnit) as a window that does not repeat', () => {
    expect(buildMaintenanceWindowDoc({ ...base, repeatUnit: 'WEEK' })).toMatchObject({ repeatInterval: null, repeatUnit: 'WEEK' })
  })

  it('merges an update with the stored document and re-checks the result', () => {
    const stored = buildMaintenanceWindowDoc({ ...base, repeatInterval: 1, repeatUnit: 'DAY' })
    expect(buildMaintenanceWindowDoc({ name: 'Renamed' }, stored)).toEqual({ ...stored, name: 'Renamed' })
    expect(buildMaintenanceWindowDoc({ tags: null }, stored).tags).toEqual(['prod'])
    expect(buildMaintenanceWindowDoc({ repeatInterval: null, repeatUnit: null }, stored)).toMatchObject({ repeatInterval: null, repeatUnit: null })
    expect(fieldsOf(() => buildMaintenanceWindowDoc({ startsAt: '2026-05-03T00:00:00Z' }, stored))).toEqual(['endsAt'])
    expect(fieldsOf(() => buildMaintenanceWindowDoc({ repeatUnit: null }, stored))).toEqual(['repeatUnit'])
  })
})
