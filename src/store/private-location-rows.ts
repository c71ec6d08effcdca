/**
 * Row shapes of private locations: their keys, the agents serving them, the errors those agents report and each
 * location's availability. Times are epoch milliseconds.
 */

export interface PrivateLocationKeyRow {
  id: string
  account_id: string
  location_id: string
  key_hash: string
  masked_key: string
  created_at: number
}

export interface PrivateLocationAgentRow {
  location_id: string
  agent_id: string
  account_id: string
  version: string
  last_seen_at: number
  jobs_in_flight: number
}

export interface PrivateLocationAvailabilityRow {
  location_id: string
  account_id: string
  status: 'AVAILABLE' | 'UNAVAILABLE'
  changed_at: number
}

export interface PrivateLocationAgentErrorRow {
  id: string
  account_id: string
  location_id: string
  agent_id: string
  message: string
  stack: string
  agent_version: string
  platform: string
  runtime_version: string
  created_at: number
}
