/** Private locations as the API has them (privateLocationsApi): where agents run checks, and their keys. */
import type { PrivateLocationKeyView, PrivateLocationView } from '../../../api/contracts'

export type AgentKey = PrivateLocationKeyView
/** availability UNAVAILABLE: it had an agent, then none was seen for a while; nothing is scheduled there meanwhile. */
export type PrivateLocation = PrivateLocationView

export const MAX_KEYS = 2

/** The location's state in a word, with the badge tone it is shown in. */
export function availabilityBadge(l: Pick<PrivateLocation, 'availability' | 'agentCount'>): { tone: 'ok' | 'failing' | 'muted'; text: string } {
  if (l.availability === 'UNAVAILABLE') return { tone: 'failing', text: 'unavailable' }
  if (l.agentCount > 0) return { tone: 'ok', text: `${l.agentCount} connected` }
  return { tone: 'muted', text: l.availability === 'NEVER_CONNECTED' ? 'none seen' : 'none connected' }
}
