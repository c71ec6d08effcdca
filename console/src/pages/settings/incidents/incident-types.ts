/** Status page incidents and their updates as the API has them (/v1/status-pages/incidents…). */
import type { Tone } from '../../../ui/kit'

export const SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const
export type Severity = (typeof SEVERITIES)[number]
export const STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const
export type IncidentStatus = (typeof STATUSES)[number]

export interface IncidentUpdate {
  id: string
  description: string
  status: IncidentStatus
  publicIncidentUpdateDate: string
  notifySubscribers: boolean
  created_at: string
}

export interface Incident {
  id: string
  name: string
  severity: Severity
  services: Array<{ id: string; name: string }>
  incidentUpdates: IncidentUpdate[]
  lastUpdateStatus: IncidentStatus
  resolvedAt: string | null
  /** Seconds from the first update to the resolve; null while open. */
  duration: number | null
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const INCIDENTS_PATH = '/v1/status-pages/incidents'
export const SEVERITY_TONES: Record<Severity, Tone> = { MINOR: 'info', MEDIUM: 'degraded', MAJOR: 'failing', CRITICAL: 'failing' }
export const STATUS_TONES: Record<IncidentStatus, Tone> = { INVESTIGATING: 'failing', IDENTIFIED: 'degraded', MONITORING: 'info', RESOLVED: 'ok' }
export const word = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
export const SEVERITY_OPTIONS = SEVERITIES.map((s) => ({ value: s, label: word(s) }))
export const STATUS_OPTIONS = STATUSES.map((s) => ({ value: s, label: word(s) }))
