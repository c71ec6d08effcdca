/**
 * triggerIncident: a check whose failure was alerted opens an incident on the named status page service (with a
 * first INVESTIGATING update, subscribers notified when asked); its recovery resolves it. Runs in the caller's
 * transaction, through the status page incident ops bound to it.
 *
 * Automation keeps one incident per service at a time: a check that starts failing while another check's
 * automatic incident on the same service is open joins that incident instead of opening a second one, and the
 * incident is resolved when the last check holding it recovers. An incident is automatic when a check's alert
 * state holds it; one posted by a person is held by none, so automation never joins nor resolves it.
 */
import type { IncidentSeverity } from '../../domain/status-pages/enums.js'
import { INCIDENT_SEVERITIES } from '../../domain/status-pages/enums.js'
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import type { TriggerIncident } from '../../alerting/settings.js'
import { narrowDeps } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { incidentOps, incidentOpsUses, type IncidentOpsDeps } from '../status-pages/status-page-incidents.js'

/** What the incident ops use besides the caller's transaction. */
export type CheckIncidentDeps = Omit<IncidentOpsDeps, 'stores' | 'transact'>
/** The tables an incident is written to, and those that say which checks hold it, bound to the caller's transaction. */
export type CheckIncidentStores = IncidentOpsDeps['stores'] & Pick<Stores, 'alerts' | 'checks'>

const boundTo = (deps: CheckIncidentDeps, s: CheckIncidentStores) => incidentOps(narrowDeps({ ...deps, stores: s, transact: (work) => work(s) }, incidentOpsUses))

const severityOf = (v: string): IncidentSeverity => ((INCIDENT_SEVERITIES as readonly string[]).includes(v) ? (v as IncidentSeverity) : 'MAJOR')

/** The incidents the account's other checks hold (their alert states name them). */
async function heldByOthers(s: CheckIncidentStores, accountId: string, checkId: string): Promise<Set<string>> {
  const ids = (await s.checks.listAll(accountId)).map((c) => c.id).filter((id) => id !== checkId)
  const states = await s.alerts.getStates(ids)
  return new Set(states.flatMap((row) => (row.incident_id ? [row.incident_id] : [])))
}

/** An open incident on the service that another check opened, if there is one. */
async function openAutomaticIncident(s: CheckIncidentStores, accountId: string, checkId: string, serviceId: string): Promise<string | null> {
  const { items } = await s.statusPageIncidents.list(accountId)
  const open = items.filter((i) => i.doc.lastUpdateStatus !== 'RESOLVED' && i.doc.services.some((ref) => ref.id === serviceId))
  if (open.length === 0) return null
  const held = await heldByOthers(s, accountId, checkId)
  return open.find((i) => held.has(i.id))?.id ?? null
}

/**
 * The incident the failing check now holds: another check's open automatic incident on the service, or a new one.
 * Null when its service no longer exists (the alert goes out regardless).
 */
export async function openCheckIncident(
  deps: CheckIncidentDeps,
  s: CheckIncidentStores,
  accountId: string,
  checkId: string,
  checkName: string,
  t: TriggerIncident,
): Promise<string | null> {
  const joined = await openAutomaticIncident(s, accountId, checkId, t.serviceId)
  if (joined !== null) return joined
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

/**
 * The recovered check lets go of its incident, which is resolved unless another check still holds it (a no-op when
 * it was resolved or deleted by hand meanwhile).
 */
export async function resolveCheckIncident(
  deps: CheckIncidentDeps,
  s: CheckIncidentStores,
  accountId: string,
  checkId: string,
  incidentId: string,
  checkName: string,
): Promise<void> {
  if ((await heldByOthers(s, accountId, checkId)).has(incidentId)) return
  try {
    await boundTo(deps, s).resolveIncident(accountId, incidentId, `Check "${checkName}" has recovered.`)
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err
  }
}
