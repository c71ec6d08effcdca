import { describe, expect, it } from 'vitest'
import { availabilityBadge } from '../src/pages/settings/private-locations/location-types'

describe('availabilityBadge', () => {
  it.each([
    { availability: 'UNAVAILABLE', agentCount: 0, want: { tone: 'failing', text: 'unavailable' } },
    { availability: 'AVAILABLE', agentCount: 2, want: { tone: 'ok', text: '2 connected' } },
    { availability: 'AVAILABLE', agentCount: 0, want: { tone: 'muted', text: 'none connected' } },
    { availability: 'NEVER_CONNECTED', agentCount: 0, want: { tone: 'muted', text: 'none seen' } },
  ] as const)('$availability with $agentCount agents', ({ availability, agentCount, want }) => {
    expect(availabilityBadge({ availability, agentCount })).toEqual(want)
  })
})
