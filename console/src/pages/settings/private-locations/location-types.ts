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
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const LOCATIONS_PATH = '/v1/private-locations'
export const MAX_KEYS = 2
