/** Private locations as the API has them (/v1/private-locations): where agents run checks, and their keys. */
export interface AgentKey {
  id: string
  rawKey?: string
  maskedKey: string
  created_at: string
}

export interface PrivateLocation {
  id: string
  name: string
  slugName: string
  icon: string
  proxyUrl: string | null
  keys: AgentKey[]
  checkAssignments: number
  groupAssignments: number
  lastSeen: string | null
  agentCount: number
  /** UNAVAILABLE: it had an agent, then none was seen for a while; nothing is scheduled there meanwhile. */
  availability: 'AVAILABLE' | 'UNAVAILABLE' | 'NEVER_CONNECTED'
  availabilityChangedAt: string | null
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const LOCATIONS_PATH = '/v1/private-locations'
export const MAX_KEYS = 2

/** The location's state in a word, with the badge tone it is shown in. */
export function availabilityBadge(l: Pick<PrivateLocation, 'availability' | 'agentCount'>): { tone: 'ok' | 'failing' | 'muted'; text: string } {
  if (l.availability === 'UNAVAILABLE') return { tone: 'failing', text: 'unavailable' }
  if (l.agentCount > 0) return { tone: 'ok', text: `${l.agentCount} connected` }
  return { tone: 'muted', text: l.availability === 'NEVER_CONNECTED' ? 'none seen' : 'none connected' }
}
