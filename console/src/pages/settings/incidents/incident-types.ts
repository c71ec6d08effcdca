/** Status page incidents and their updates as the API has them (incidentsApi). */
import type { IncidentUpdateView, IncidentView } from '../../../api/contracts'
import type { Tone } from '../../../ui/kit'

/** `duration`: seconds from the first update to the resolve; null while open. */
export type Incident = IncidentView
export type IncidentUpdate = IncidentUpdateView
export type Severity = Incident['severity']
export type IncidentStatus = IncidentUpdate['status']

/** The choices the form offers, in order; `satisfies` keeps them to the contract's. */
export const SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const satisfies readonly Severity[]
export const STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const satisfies readonly IncidentStatus[]
export const SEVERITY_TONES: Record<Severity, Tone> = { MINOR: 'info', MEDIUM: 'degraded', MAJOR: 'failing', CRITICAL: 'failing' }
export const STATUS_TONES: Record<IncidentStatus, Tone> = { INVESTIGATING: 'failing', IDENTIFIED: 'degraded', MONITORING: 'info', RESOLVED: 'ok' }
export const word = (s: string) => s.charAt(0) + s.slice(1).toLowerCase()
export const SEVERITY_OPTIONS = SEVERITIES.map((s) => ({ value: s, label: word(s) }))
export const STATUS_OPTIONS = STATUSES.map((s) => ({ value: s, label: word(s) }))
