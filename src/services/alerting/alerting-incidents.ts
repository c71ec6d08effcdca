/**
 * triggerIncident: a failure alert of such a check opens an incident on the named
 * status page service (with a first INVESTIGATING update, subscribers notified when asked); the check's recovery
 * resolves it. Runs in the caller's transaction, through the status page incident ops bound to it.
 */
import type { IncidentSeverity } from '../../domain/status-pages/enums.js'
import { INCIDENT_SEVERITIES } from '../../domain/status-pages/enums.js'
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import type { TriggerIncident } from '../../alerting/settings.js'
import { narrowDeps } from '../resource-deps.js'
import { incidentOps, incidentOpsUses, type IncidentOpsDeps } from '../status-pages/status-page-incidents.js'

/** What the incident ops use besides the caller's transaction. */
export type CheckIncidentDeps = Omit<IncidentOpsDeps, 'stores' | 'transact'>
/** The tables an incident is written to, bound to the caller's transaction. */
export type CheckIncidentStores = IncidentOpsDeps['stores']

const boundTo = (deps: CheckIncidentDeps, s: CheckIncidentStores) => incidentOps(narrowDeps({ ...deps, stores: s, transact: (work) => work(s) }, incidentOpsUses))

const severityOf = (v: string): IncidentSeverity => ((INCIDENT_SEVERITIES as readonly string[]).includes(v) ? (v as IncidentSeverity) : 'MAJOR')

/** Opens the incident; null when its service no longer exists (the alert goes out regardless). */
export async function openCheckIncident(deps: CheckIncidentDeps, s: CheckIncidentStores, accountId: string, checkName: string, t: TriggerIncident): Promise<string | null> {
  try {
    const incident = await boundTo(deps, s).openIncident(accountId, {
      serviceId: t.serviceId,
      name: t.name !== '' ? t.name : `${checkName} is failing`,
      severity: severityOf(t.severity),
      description: t.description !== '' ? t.description : `Check "${checkName}" has failed.`,
      notifySubscribers: t.notifySubscribers,
    })
    return String(incident.id)
  } catch (err) {
    if (err instanceof ValidationError || err instanceof NotFoundError) return null
    throw err
  }
}

/** Resolves the incident (a no-op when it was resolved or deleted by hand meanwhile). */
export async function resolveCheckIncident(deps: CheckIncidentDeps, s: CheckIncidentStores, accountId: string, incidentId: string, checkName: string): Promise<void> {
  try {
    await boundTo(deps, s).resolveIncident(accountId, incidentId, `Check "${checkName}" has recovered.`)
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err
  }
}
