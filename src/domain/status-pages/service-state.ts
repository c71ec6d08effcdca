/**
 * The current state of a status page service and of a whole page (pure): a service is as bad as the worst of its
 * open (not RESOLVED) incidents; a page is as bad as its worst service.
 */
import type { IncidentSeverity } from './enums.js'

const RANK: Readonly<Record<IncidentSeverity, number>> = { MINOR: 1, MEDIUM: 2, MAJOR: 3, CRITICAL: 4 }

/** The worse of two severities (null = none). */
export const worse = (a: IncidentSeverity | null, b: IncidentSeverity | null): IncidentSeverity | null => (a === null ? b : b === null ? a : RANK[b] > RANK[a] ? b : a)

/** The worst of a list of severities; null for none. */
export const worstSeverity = (severities: Iterable<IncidentSeverity | null>): IncidentSeverity | null => {
  let worst: IncidentSeverity | null = null
  for (const s of severities) worst = worse(worst, s)
  return worst
}

export const STATE_LABELS: Readonly<Record<IncidentSeverity | 'OPERATIONAL', string>> = {
  OPERATIONAL: 'Operational',
  MINOR: 'Degraded performance',
  MEDIUM: 'Partial outage',
  MAJOR: 'Major outage',
  CRITICAL: 'Critical outage',
}

export interface ServiceState {
  /** The worst severity of the open incidents; null when there is none (operational). */
  severity: IncidentSeverity | null
  label: string
}

export const stateOf = (severity: IncidentSeverity | null): ServiceState => ({ severity, label: STATE_LABELS[severity ?? 'OPERATIONAL'] })

/** A service's state from the severities of its open incidents. */
export const serviceState = (openSeverities: Iterable<IncidentSeverity>): ServiceState => stateOf(worstSeverity(openSeverities))

export const ALL_OPERATIONAL = 'All systems operational'

/** The page banner: "All systems operational", or the worst state of its services. */
export function pageBanner(states: Iterable<ServiceState>): ServiceState {
  const severity = worstSeverity([...states].map((s) => s.severity))
  return severity === null ? { severity: null, label: ALL_OPERATIONAL } : stateOf(severity)
}
