import { describe, expect, it } from 'vitest'
import { formatBytes, formatMs, formatPercent, timeAgo } from '../src/lib/format'

describe('formatMs', () => {
  it.each<[number | null | undefined, string]>([
    [null, '–'],
    [undefined, '–'],
    [Number.NaN, '–'],
    [Number.POSITIVE_INFINITY, '–'],
    [0, '0.00 ms'],
    [0.456, '0.46 ms'],
    [1, '1 ms'],
    [12.4, '12 ms'],
    [999.4, '999 ms'],
    [1000, '1.00 s'],
    [1234, '1.23 s'],
    [9994, '9.99 s'],
    [10_000, '10.0 s'],
    [59_940, '59.9 s'],
    [60_000, '1 min 0 s'],
    [61_499, '1 min 1 s'],
    [125_000, '2 min 5 s'],
    [3_600_000, '60 min 0 s'],
    // Units chosen after rounding.
    [999.6, '1.00 s'],
    [9_996, '10.0 s'],
    [59_960, '1 min 0 s'],
    [119_600, '2 min 0 s'],
  ])('%s → %s', (ms, text) => {
    expect(formatMs(ms)).toBe(text)
  })
})

describe('formatPercent', () => {
  it.each<[number | null | undefined, number | undefined, string]>([
    [null, undefined, '–'],
    [undefined, undefined, '–'],
    [Number.NaN, undefined, '–'],
    [0, undefined, '0.00%'],
    [99.5, undefined, '99.50%'],
    [100, undefined, '100.00%'],
    [99.456, 1, '99.5%'],
    [50, 0, '50%'],
  ])('%s (digits %s) → %s', (value, digits, text) => {
    expect(formatPercent(value, digits)).toBe(text)
  })
})

describe('timeAgo', () => {
  const NOW = Date.parse('2024-05-01T12:00:00.000Z')
  const SECOND = 1000
  const MINUTE = 60 * SECOND
  const HOUR = 60 * MINUTE
  const DAY = 24 * HOUR
  // The text is the runtime's locale's; the table fixes the value and unit it is given.
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

  it.each<[string | null | undefined, string]>([
    [null, 'never'],
    [undefined, 'never'],
    ['', 'never'],
    ['not a date', '–'],
  ])('%j → %s', (iso, text) => {
    expect(timeAgo(iso, NOW)).toBe(text)
  })

  it.each<[number, number, Intl.RelativeTimeFormatUnit]>([
    [0, 0, 'second'],
    [-30 * SECOND, -30, 'second'],
    [-59 * SECOND, -59, 'second'],
    [-MINUTE, -1, 'minute'],
    [-3 * MINUTE, -3, 'minute'],
    [-2 * HOUR, -2, 'hour'],
    [2 * HOUR, 2, 'hour'],
    [-DAY, -1, 'day'],
    [-6 * DAY, -6, 'day'],
    [-45 * DAY, -1, 'month'],
    [-400 * DAY, -1, 'year'],
    [10 * SECOND, 10, 'second'],
    // Rounding up into the next unit reads as that unit.
    [-59.6 * SECOND, -1, 'minute'],
    [-23.6 * HOUR, -1, 'day'],
  ])('%s ms from now → %s %s', (offset, value, unit) => {
    expect(timeAgo(new Date(NOW + offset).toISOString(), NOW)).toBe(rtf.format(value, unit))
  })
})

describe('formatBytes', () => {
  it.each<[number | null | undefined, string]>([
    [null, '–'],
    [undefined, '–'],
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1.0 MB'],
    [5.5 * 1024 * 1024, '5.5 MB'],
    [1024 * 1024 * 1024, '1024.0 MB'],
    [1_048_575, '1.0 MB'],
    [Number.NaN, '–'],
    [Number.POSITIVE_INFINITY, '–'],
  ])('%s → %s', (n, text) => {
    expect(formatBytes(n)).toBe(text)
  })
})
