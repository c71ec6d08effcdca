/**
 * How one incident reads through the dashboard incident routes and through the status page routes (pure).
 * The stored incident keeps a status page severity and status page update statuses, which every page, feed,
 * e-mail and uptime figure reads; the dashboard routes' impact and MAINTENANCE status are kept beside them and
 * shown only while they still agree with what was stored (a change through the status page routes wins).
 */
import type { IncidentImpact, IncidentSeverity, IncidentStatus } from './enums.js'
import type { IncidentDoc, IncidentUpdateDoc } from './incident-schemas.js'
import type { DashboardUpdateStatus } from './dashboard-incident-schemas.js'

/** The status page severity of an impact: maintenance is a minor disturbance to visitors. */
export const severityOfImpact = (impact: IncidentImpact): IncidentSeverity => (impact === 'MAJOR' ? 'MAJOR' : 'MINOR')

/** The impact of an incident: as given, while its severity still matches; else from the severity. */
export function impactOf(doc: IncidentDoc): IncidentImpact {
  if (doc.impact !== undefined && severityOfImpact(doc.impact) === doc.severity) return doc.impact
  return doc.severity === 'CRITICAL' || doc.severity === 'MAJOR' ? 'MAJOR' : 'MINOR'
}

/** A MAINTENANCE update is stored as IDENTIFIED (the cause is known and work is under way), marked as maintenance. */
export const storedStatus = (status: DashboardUpdateStatus): { status: IncidentStatus; maintenance?: true } =>
  status === 'MAINTENANCE' ? { status: 'IDENTIFIED', maintenance: true } : { status }

/** The dashboard status of a stored update. */
export const dashboardStatusOf = (doc: IncidentUpdateDoc): DashboardUpdateStatus => (doc.maintenance === true && doc.status === 'IDENTIFIED' ? 'MAINTENANCE' : doc.status)

/** A date of the body: absent keeps `previous`, null clears it, text is parsed (the schema checked its format). */
export function givenMoment(value: string | null | undefined, previous: number | null | undefined): number | null {
  if (value === undefined) return previous ?? null
  return value === null ? null : Date.parse(value)
}
