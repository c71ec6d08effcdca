import { describe, expect, it } from 'vitest'
import { cronLine, cronSchedule } from '../src/pages/check-form/heartbeat-cron'

describe('cronSchedule', () => {
  it.each<[number, string, string]>([
    // Below a minute: cron cannot go finer than every minute.
    [30, 'seconds', '* * * * *'],
    [90, 'seconds', '* * * * *'],
    [120, 'seconds', '*/2 * * * *'],
    [0, 'minutes', '* * * * *'],
    [-5, 'minutes', '* * * * *'],
    [Number.NaN, 'minutes', '* * * * *'],
    // Minutes: the largest divisor of 60 not above the period.
    [1, 'minutes', '* * * * *'],
    [2, 'minutes', '*/2 * * * *'],
    [5, 'minutes', '*/5 * * * *'],
    [7, 'minutes', '*/6 * * * *'],
    [10, 'minutes', '*/10 * * * *'],
    [14, 'minutes', '*/12 * * * *'],
    [16, 'minutes', '*/15 * * * *'],
    [25, 'minutes', '*/20 * * * *'],
    [45, 'minutes', '*/30 * * * *'],
    [59, 'minutes', '*/30 * * * *'],
    // Hours: the largest divisor of 24 not above the period.
    [60, 'minutes', '0 * * * *'],
    [90, 'minutes', '0 * * * *'],
    [1, 'hours', '0 * * * *'],
    [1.5, 'hours', '0 * * * *'],
    [2, 'hours', '0 */2 * * *'],
    [5, 'hours', '0 */4 * * *'],
    [7, 'hours', '0 */6 * * *'],
    [10, 'hours', '0 */8 * * *'],
    [12, 'hours', '0 */12 * * *'],
    [23, 'hours', '0 */12 * * *'],
    [0.5, 'days', '0 */12 * * *'],
    // Days, then weekly, then monthly.
    [24, 'hours', '0 0 * * *'],
    [36, 'hours', '0 0 * * *'],
    [1, 'days', '0 0 * * *'],
    [2, 'days', '0 0 */2 * *'],
    [6, 'days', '0 0 */6 * *'],
    [7, 'days', '0 0 * * 1'],
    [27, 'days', '0 0 * * 1'],
    [28, 'days', '0 0 1 * *'],
    [90, 'days', '0 0 1 * *'],
    // An unknown unit counts as minutes.
    [5, 'fortnights', '*/5 * * * *'],
    [5, '', '*/5 * * * *'],
  ])('every %s %s → %s', (period, unit, schedule) => {
    expect(cronSchedule(period, unit)).toBe(schedule)
  })
})

describe('cronLine', () => {
  it.each<[string, number, string, string]>([
    ['https://picket.example/ping/abc', 5, 'minutes', '*/5 * * * * curl -fsS --retry 3 https://picket.example/ping/abc > /dev/null'],
    ['https://picket.example/ping/x', 1, 'days', '0 0 * * * curl -fsS --retry 3 https://picket.example/ping/x > /dev/null'],
  ])('%s every %s %s', (url, period, unit, line) => {
    expect(cronLine(url, period, unit)).toBe(line)
  })
})
