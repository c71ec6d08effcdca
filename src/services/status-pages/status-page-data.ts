/**
 * What a public status page shows, assembled from already loaded records (no I/O): the page's cards with each
 * service's current state (the worst of its open incidents and of its tied checks' current results) and 90-day
 * uptime, and the incidents touching the page's services (services are shared:
 * an incident shows on every page with one of its services; one naming no service shows on every page of the
 * account), each with its updates.
 */
import type { IncidentSeverity, IncidentStatus } from '../../domain/status-pages/enums.js'
import { orderUpdates, summarize } from '../../domain/status-pages/incident-rules.js'
import type { PageDoc } from '../../domain/status-pages/page-schemas.js'
import { pageBanner, serviceState, worse, type ServiceState } from '../../domain/status-pages/service-state.js'
import { averageUptime, serviceUptime, type IncidentSpan, type ServiceUptime } from '../../domain/status-pages/uptime.js'
import type { IncidentRecord, IncidentUpdateRecord, ServiceMap } from './status-page-views.js'

export interface PublicUpdate {
  id: string
  status: IncidentStatus
  description: string
  /** publicIncidentUpdateDate, epoch ms. */
  at: number
}

export interface PublicIncident {
  id: string
  name: string
  severity: IncidentSeverity
  status: IncidentStatus
  /** Names of the incident's services (a deleted service keeps its last known name). */
  services: string[]
  /** First update, epoch ms. */
  startedAt: number
  /** Latest update, epoch ms. */
  updatedAt: number
  resolvedAt: number | null
  /** Seconds, null while open. */
  duration: number | null
  /** Newest first. */
  updates: PublicUpdate[]
}

export interface PublicService {
  id: string
  name: string
  state: ServiceState
  uptime: ServiceUptime
}

export interface PublicCard {
  id: string
  name: string
  services: PublicService[]
  /** Average of the services' uptime, percent; null without data. */
  uptime: number | null
}

export interface StatusPageBase {
  banner: ServiceState
  cards: PublicCard[]
  /** Incidents of the page's services, newest first (by first update). */
  incidents: PublicIncident[]
  generatedAt: number
}

export type LoadedIncident = PublicIncident & { serviceIds: string[] }

/** The account's incidents with their updates, as pages show them (all of them, newest first). */
export function publicIncidents(incidents: readonly IncidentRecord[], updates: readonly IncidentUpdateRecord[]): LoadedIncident[] {
  const byIncident = new Map<string, IncidentUpdateRecord[]>()
  for (const u of updates) {
    const list = byIncident.get(u.doc.incidentId)
    if (list) list.push(u)
    else byIncident.set(u.doc.incidentId, [u])
  }
  return incidents
    .map((r) => {
      const doc = r.doc
      const ordered = orderUpdates(byIncident.get(r.id) ?? [])
      const summary = summarize(ordered.map((u) => u.doc))
      return {
        id: r.id,
        name: doc.name,
        severity: doc.severity,
        status: summary.lastUpdateStatus,
        services: doc.services.map((s) => s.name),
        serviceIds: doc.services.map((s) => s.id),
        startedAt: ordered[0]?.doc.publicIncidentUpdateDate ?? r.createdAt,
        updatedAt: ordered[ordered.length - 1]?.doc.publicIncidentUpdateDate ?? r.createdAt,
        resolvedAt: summary.resolvedAt,
        duration: summary.duration,
        updates: ordered.reverse().map((u) => ({ id: u.id, status: u.doc.status, description: u.doc.description, at: u.doc.publicIncidentUpdateDate })),
        createdAt: r.createdAt,
      }
    })
    .sort((a, b) => b.startedAt - a.startedAt || b.createdAt - a.createdAt)
    .map(({ createdAt: _c, ...rest }) => rest)
}

/** Today's bar is at least as bad as the service is now (a check may be failing before any incident is open). */
function withToday(uptime: ServiceUptime, state: ServiceState): ServiceUptime {
  const today = uptime.days[uptime.days.length - 1]
  if (!today?.hasData || state.severity === null) return uptime
  return { ...uptime, days: [...uptime.days.slice(0, -1), { ...today, severity: worse(today.severity, state.severity) }] }
}

/**
 * The page's view of its services and of the incidents touching them, at `now`; `checkSeverities` are what the
 * services' tied checks say now (service id → severities), so a failing check is never shown as operational.
 */
export function buildStatusPage(
  doc: PageDoc,
  services: ServiceMap,
  incidents: readonly LoadedIncident[],
  now: number,
  checkSeverities: ReadonlyMap<string, readonly IncidentSeverity[]> = new Map(),
): StatusPageBase {
  const pageServiceIds = new Set(doc.cards.flatMap((c) => c.serviceIds).filter((id) => services.has(id)))
  // An incident naming no services (opened on a dashboard) concerns the whole account: every page shows it.
  const accountWide = incidents.filter((i) => i.serviceIds.length === 0)
  const shown = incidents.filter((i) => i.serviceIds.length === 0 || i.serviceIds.some((id) => pageServiceIds.has(id)))
  const serviceView = new Map<string, PublicService>()
  for (const id of pageServiceIds) {
    const record = services.get(id)
    if (!record) continue
    const mine = shown.filter((i) => i.serviceIds.includes(id))
    const spans: IncidentSpan[] = mine.map((i) => ({ name: i.name, severity: i.severity, start: i.startedAt, end: i.resolvedAt }))
    const state = serviceState([...mine.filter((i) => i.resolvedAt === null).map((i) => i.severity), ...(checkSeverities.get(id) ?? [])])
    serviceView.set(id, { id, name: record.doc.name, state, uptime: withToday(serviceUptime(record.createdAt, spans, now), state) })
  }
  const cards = doc.cards.map((card) => {
    const list = card.serviceIds.flatMap((id) => serviceView.get(id) ?? [])
    return { id: card.id, name: card.name, services: list, uptime: averageUptime(list.map((s) => s.uptime.uptime)) }
  })
  return {
    banner: pageBanner([...[...serviceView.values()].map((s) => s.state), serviceState(accountWide.filter((i) => i.resolvedAt === null).map((i) => i.severity))]),
    cards,
    incidents: shown.map(({ serviceIds: _s, ...rest }) => rest),
    generatedAt: now,
  }
}
