/** Which checks a dashboard shows, in which order and on which page, and over which window (pure). */
import { describe, expect, it } from 'vitest'
import { matchesTags, pageOfChecks, parseWindow, sortForDashboard } from '../../src/domain/dashboard-display.js'

describe('dashboard display rules', () => {
  it.each([
    [['a', 'b'], [], false, true],
    [['a'], ['a', 'b'], false, true],
    [['c'], ['a', 'b'], false, false],
    [['a'], ['a', 'b'], true, false],
    [['b', 'a', 'x'], ['a', 'b'], true, true],
    [[], ['a'], false, false],
    [[], [], true, true],
  ])('tags %j against %j (AND %s) → %s', (own, tags, and, expected) => {
    expect(matchesTags(own, tags, and)).toBe(expected)
  })

  const checks = [
    { id: '3', name: 'beta', status: 'passing' },
    { id: '1', name: 'Alpha', status: 'failing' },
    { id: '2', name: 'alpha', status: 'pending' },
    { id: '4', name: 'gamma', status: 'degraded' },
  ]
  it.each([
    [false, ['1', '2', '3', '4']],
    [true, ['1', '4', '3', '2']],
  ])('sorted by status %s', (byStatus, order) => {
    expect(sortForDashboard(checks, byStatus).map((c) => c.id)).toEqual(order)
  })

  it.each([
    [0, true, 15, '1', { page: 1, pages: 1, from: 0, to: 0 }],
    [40, true, 15, '2', { page: 2, pages: 3, from: 15, to: 30 }],
    [40, true, 15, '3', { page: 3, pages: 3, from: 30, to: 40 }],
    [40, true, 15, '9', { page: 3, pages: 3, from: 30, to: 40 }],
    [40, true, 15, '-4', { page: 1, pages: 3, from: 0, to: 15 }],
    [40, true, 15, 'x', { page: 1, pages: 3, from: 0, to: 15 }],
    [40, true, 15, 2.7, { page: 2, pages: 3, from: 15, to: 30 }],
    [40, false, 15, '2', { page: 1, pages: 1, from: 0, to: 40 }],
  ])('%i checks, paginate %s, %i a page, page %j', (total, paginate, per, asked, expected) => {
    expect(pageOfChecks(total, paginate, per, asked)).toEqual(expected)
  })

  it.each([
    ['1h', '1h'],
    ['30d', '30d'],
    ['7d', '7d'],
    [undefined, '24h'],
    ['constructor', '24h'],
    [['1h'], '24h'],
  ])('window %j → %s', (given, expected) => {
    expect(parseWindow(given)).toBe(expected)
  })
})
