/** When a private location changes availability (pure), and how the alert spells the time without an agent. */
import { describe, expect, it } from 'vitest'
import { availabilityChange, spellDuration } from '../../src/domain/private-location-availability.js'

const NOW = 1_000_000_000
const AFTER = 600_000

describe('availabilityChange', () => {
  it.each([
    { case: 'first agent: available, no alert', status: null, ago: 0, want: { to: 'AVAILABLE', alert: null } },
    { case: 'agents seen only long ago and never recorded: left alone', status: null, ago: AFTER, want: null },
    { case: 'available, seen just now', status: 'AVAILABLE', ago: 1000, want: null },
    { case: 'available, seen a moment before the limit', status: 'AVAILABLE', ago: AFTER - 1, want: null },
    { case: 'available, limit reached: unavailable with an alert', status: 'AVAILABLE', ago: AFTER, want: { to: 'UNAVAILABLE', alert: 'UNAVAILABLE' } },
    { case: 'unavailable, still nobody', status: 'UNAVAILABLE', ago: 3 * AFTER, want: null },
    { case: 'unavailable, an agent is back: available with an alert', status: 'UNAVAILABLE', ago: 0, want: { to: 'AVAILABLE', alert: 'AVAILABLE' } },
  ] as const)('$case', ({ status, ago, want }) => {
    expect(availabilityChange({ status, lastSeen: NOW - ago, now: NOW, unavailableAfterMs: AFTER })).toEqual(want)
  })
})

describe('spellDuration', () => {
  it.each([
    [600_000, '10 minutes'],
    [60_000, '1 minute'],
    [90_000, '90 seconds'],
    [1000, '1 second'],
    [7_200_000, '2 hours'],
    [5_400_000, '90 minutes'],
  ])('%i ms is %s', (ms, text) => {
    expect(spellDuration(ms)).toBe(text)
  })
})
