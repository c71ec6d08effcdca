/** Response shapes of status pages, services, incidents, incident updates and subscriptions. */
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { IncidentDoc, IncidentUpdateDoc, IncidentSummary } from '../../domain/status-pages/incident-rules.js'
import type { PageDoc } from '../../domain/status-pages/page-rules.js'

export type View = Record<string, unknown>
export type ServiceRecord = DocRecord<string>
export type ServiceMap = ReadonlyMap<string, ServiceRecord>

export const presentService = (r: ServiceRecord): View => ({
  id: r.id,
  accountId: r.accountId,
  name: r.doc.name,
  created_at: toIso(r.createdAt),
  updated_at: toIsoOrNull(r.updatedAt),
})

export function presentPage(r: DocRecord<string>, services: ServiceMap): View {
  const doc = r.doc as unknown as PageDoc
  return {
    id: r.id,
    accountId: r.accountId,
    name: doc.name,
    url: doc.url,
    customDomain: doc.customDomain,
    logo: doc.logo,
    logoDark: doc.logoDark,
    favicon: doc.favicon,
    redirectTo: doc.redirectTo,
    defaultTheme: doc.defaultTheme,
    themeColors: doc.themeColors,
    description: doc.description,
    isPrivate: doc.isPrivate,
    cards: doc.cards.map((card) => ({
      id: card.id,
      name: card.name,
      services: card.serviceIds.flatMap((id) => {
        const service = services.get(id)
        return service ? [presentService(service)] : []
      }),
      created_at: toIso(card.createdAt),
      updated_at: toIsoOrNull(card.updatedAt),
    })),
    created_at: toIso(r.createdAt),
    updated_at: toIsoOrNull(r.updatedAt),
  }
}

export const presentIncidentUpdate = (r: DocRecord<string>): View => {
  const doc = r.doc as unknown as IncidentUpdateDoc
  return {
    id: r.id,
    incidentId: doc.incidentId,
    description: doc.description,
    status: doc.status,
    publicIncidentUpdateDate: toIso(doc.publicIncidentUpdateDate),
    notifySubscribers: doc.notifySubscribers,
    created_at: toIso(r.createdAt),
    updated_at: toIsoOrNull(r.updatedAt),
  }
}

/** An incident with its services (a deleted service shows its last known name) and its updates in order. */
export function presentIncident(r: DocRecord<string>, services: ServiceMap, ordered: DocRecord<string>[], summary: IncidentSummary): View {
  const doc = r.doc as unknown as IncidentDoc
  return {
    id: r.id,
    accountId: r.accountId,
    name: doc.name,
    severity: doc.severity,
    services: doc.services.map((ref) => {
      const service = services.get(ref.id)
      return service ? presentService(service) : { id: ref.id, accountId: r.accountId, name: ref.name, created_at: null, updated_at: null }
    }),
    incidentUpdates: ordered.map(presentIncidentUpdate),
    lastUpdateStatus: summary.lastUpdateStatus,
    resolvedAt: toIsoOrNull(summary.resolvedAt),
    duration: summary.duration,
    created_at: toIso(r.createdAt),
    updated_at: toIsoOrNull(r.updatedAt),
  }
}

export const presentSubscription = (r: DocRecord<string>): View => ({
  id: r.id,
  statusPageId: r.doc.statusPageId,
  type: r.doc.type,
  address: r.doc.address,
  status: r.doc.status,
  created_at: toIso(r.createdAt),
  updated_at: toIso(r.updatedAt ?? r.createdAt),
})
