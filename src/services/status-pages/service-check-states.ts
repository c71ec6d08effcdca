/**
 * What the checks tied to status page services say about them now. A check is tied to a service by its
 * triggerIncident; while it runs (it and its group are activated), its latest final status is shown on the service
 * whatever became of its incidents, so that a page never calls a service operational while a check of it fails:
 * degraded shows as degraded performance (MINOR), failing as the severity its incident is opened with (MAJOR when
 * that is not a known severity). A paused check says nothing (its last status is stale).
 */
import { INCIDENT_SEVERITIES, type IncidentSeverity } from '../../domain/status-pages/enums.js'
import type { Stores } from '../stores.js'

/** The severity a check in `status` gives its service (null: none), its trigger asking for `triggerSeverity`. */
export function checkSeverity(status: string, triggerSeverity: unknown): IncidentSeverity | null {
  if (status === 'degraded') return 'MINOR'
  if (status !== 'failing') return null
  return (INCIDENT_SEVERITIES as readonly unknown[]).includes(triggerSeverity) ? (triggerSeverity as IncidentSeverity) : 'MAJOR'
}

/** A check as this rule reads it. */
export interface TiedCheck {
  doc: { activated?: unknown; groupId?: unknown; triggerIncident?: unknown }
  status: string | undefined
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Service id → the severities its running tied checks give it (pure). */
export function severitiesByService(checks: readonly TiedCheck[], pausedGroups: ReadonlySet<number>): Map<string, IncidentSeverity[]> {
  const out = new Map<string, IncidentSeverity[]>()
  for (const c of checks) {
    const trigger = c.doc.triggerIncident
    if (!isObject(trigger) || typeof trigger.serviceId !== 'string' || c.status === undefined) continue
    if (c.doc.activated === false || (typeof c.doc.groupId === 'number' && pausedGroups.has(c.doc.groupId))) continue
    const severity = checkSeverity(c.status, trigger.severity)
    if (severity === null) continue
    const list = out.get(trigger.serviceId)
    if (list) list.push(severity)
    else out.set(trigger.serviceId, [severity])
  }
  return out
}

/** Three lists per account: its checks, their statuses and its groups. */
export async function loadCheckSeverities(stores: Pick<Stores, 'checks' | 'checkGroups' | 'results'>, accountId: string): Promise<Map<string, IncidentSeverity[]>> {
  const [checks, statuses, groups] = await Promise.all([stores.checks.listAll(accountId), stores.results.listStatuses(accountId), stores.checkGroups.list(accountId)])
  const statusOf = new Map(statuses.map((row) => [row.check_id, row.status]))
  const paused = new Set(groups.items.filter((g) => g.doc.activated === false).map((g) => g.id))
  return severitiesByService(
    checks.map((c) => ({ doc: c.doc, status: statusOf.get(c.id) })),
    paused,
  )
}
