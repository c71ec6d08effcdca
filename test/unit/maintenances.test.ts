/** Maintenances (pure): which occurrences are kept, their status by the clock, and what a status does to the dates. */
import { describe, expect, it } from 'vitest'
import { isInMaintenance, type MaintenanceWindowDoc } from '../../src/domain/maintenance.js'
import { occurrencesToKeep, overrideOf, statusAt, withStatus, type MaintenanceDoc } from '../../src/domain/maintenances.js'

const H = 3_600_000
const D = 24 * H
const T0 = Date.UTC(2026, 0, 1, 22)
const iso = (ms: number) => new Date(ms).toISOString()
const win = (over: Partial<MaintenanceWindowDoc> = {}): MaintenanceWindowDoc => ({
  name: 'w',
  tags: ['db'],
  startsAt: iso(T0),
  endsAt: iso(T0 + 2 * H),
  repeatInterval: null,
  repeatUnit: null,
  repeatEndsAt: null,
  ...over,
})
const doc = (startsAt: number, endsAt: number, status: MaintenanceDoc['status'] = null): MaintenanceDoc => ({
  maintenanceWindowId: 1,
  occurrenceStart: iso(startsAt),
  startsAt: iso(startsAt),
  endsAt: iso(endsAt),
  status,
  deleted: false,
  overrides: false,
  updates: [],
})

describe('occurrencesToKeep', () => {
  it.each<[string, Partial<MaintenanceWindowDoc>, number, number, number[]]>([
    ['a one-off window, before it', {}, T0 - D, 50, [T0]],
    ['a one-off window, long after it', {}, T0 + 90 * D, 50, [T0]],
    ['a daily window, during its third occurrence', { repeatInterval: 1, repeatUnit: 'DAY' }, T0 + 2 * D + H, 50, [T0, T0 + D, T0 + 2 * D, T0 + 3 * D]],
    ['a daily window after a year, the latest two begun', { repeatInterval: 1, repeatUnit: 'DAY' }, T0 + 365 * D + H, 2, [T0 + 364 * D, T0 + 365 * D, T0 + 366 * D]],
    ['a weekly window that ended repeating', { repeatInterval: 1, repeatUnit: 'WEEK', repeatEndsAt: iso(T0 + 14 * D) }, T0 + 30 * D, 50, [T0, T0 + 7 * D]],
    [
      'a monthly window (calendar months)',
      { repeatInterval: 1, repeatUnit: 'MONTH' },
      Date.UTC(2026, 2, 5),
      50,
      [T0, Date.UTC(2026, 1, 1, 22), Date.UTC(2026, 2, 1, 22), Date.UTC(2026, 3, 1, 22)],
    ],
  ])('%s', (_name, over, now, maxPast, starts) => {
    expect(occurrencesToKeep(win(over), now, maxPast).map((o) => o.start)).toEqual(starts)
  })
})

describe('statusAt and withStatus', () => {
  const m = doc(T0, T0 + 2 * H)
  it.each<[string, MaintenanceDoc, number, string]>([
    ['before the start', m, T0 - 1, 'SCHEDULED'],
    ['while on', m, T0 + H, 'IN_PROGRESS'],
    ['after the end', m, T0 + 2 * H, 'COMPLETED'],
    ['VERIFYING set while on', { ...m, status: 'VERIFYING' }, T0 + H, 'VERIFYING'],
    ['CANCELLED set', { ...m, status: 'CANCELLED' }, T0 - 1, 'CANCELLED'],
  ])('%s', (_name, d, now, status) => expect(statusAt(d, now)).toBe(status))

  it.each<[string, MaintenanceDoc['status'], number, number, number]>([
    ['IN_PROGRESS before the start starts it now', 'IN_PROGRESS', T0 - H, T0 - H, T0 + 2 * H],
    ['COMPLETED while on ends it now', 'COMPLETED', T0 + H, T0, T0 + H],
    ['CANCELLED before the start leaves nothing', 'CANCELLED', T0 - H, T0, T0],
    ['COMPLETED after the end moves nothing', 'COMPLETED', T0 + 3 * H, T0, T0 + 2 * H],
  ])('%s', (_name, status, now, startsAt, endsAt) => {
    const after = withStatus(m, status ?? 'SCHEDULED', now)
    expect([after.startsAt, after.endsAt, after.overrides]).toEqual([iso(startsAt), iso(endsAt), true])
  })
})

describe('isInMaintenance with overrides', () => {
  const daily = win({ repeatInterval: 1, repeatUnit: 'DAY' })
  const ended = overrideOf(withStatus(doc(T0 + D, T0 + D + 2 * H), 'COMPLETED', T0 + D + H))
  const moved = overrideOf({ ...doc(T0 + 2 * D, T0 + 2 * D + 2 * H), startsAt: iso(T0 + 2 * D + 4 * H), endsAt: iso(T0 + 2 * D + 5 * H) })
  const deleted = overrideOf({ ...doc(T0 + 3 * D, T0 + 3 * D + 2 * H), deleted: true })
  const withOverrides = { ...daily, overrides: [ended, moved, deleted] }
  it.each<[string, number, boolean]>([
    ['an occurrence no override touches', T0 + H, true],
    ['an ended one, before its end', T0 + D + 30 * 60_000, true],
    ['an ended one, after its end', T0 + D + 90 * 60_000, false],
    ['a moved one, at its old time', T0 + 2 * D + H, false],
    ['a moved one, at its new time', T0 + 2 * D + 4 * H + 1, true],
    ['a deleted one', T0 + 3 * D + H, false],
    ['the next one', T0 + 4 * D + H, true],
  ])('%s', (_name, at, on) => expect(isInMaintenance(withOverrides, ['db'], at)).toBe(on))
})
