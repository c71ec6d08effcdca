/**
 * triggerIncident: a failure alert of such a check opens an incident on the named
 * status page service (with a first INVESTIGATING update, subscribers notified when asked); the check's recovery
 * resolves it. Runs in the caller's transaction, through the status page service bound to it.
 */
import type { IncidentSeverity } from '../../domain/status-pages/enums.js'
import { INCIDENT_SEVERITIES } from '../../domain/status-pages/enums.js'
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import type { TriggerIncident } from '../../alerting/settings.js'
import type { ResourceDeps } from '../resource-deps.js'
import { statusPageService } from '../status-pages/status-pages.js'
import type { Stores } from '../stores.js'

const boundTo = (deps: ResourceDeps, s: Stores) => statusPageService({ ...deps, stores: s, transact: (work) => work(s) })

const severityOf = (v: string): IncidentSeverity => ((INCIDENT_SEVERITIES as readonly string[]).includes(v) ? (v as IncidentSeverity) : 'MAJOR')

/** Opens the incident; null when its service no longer exists (the alert goes out regardless). */
export async function openCheckIncident(deps: ResourceDeps, s: Stores, accountId: string, checkName: string, t: TriggerIncident): Promise<string | null> {
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
export async function resolveCheckIncident(deps: ResourceDeps, s: Stores, accountId: string, incidentId: string, checkName: string): Promise<void> {
  try {
    await boundTo(deps, s).resolveIncident(accountId, incidentId, `Check "${checkName}" has recovered.`)
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err
  }
}
