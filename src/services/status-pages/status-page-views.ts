/** Response shapes of status pages, services, incidents, incident updates and subscriptions. */
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { IncidentSummary } from '../../domain/status-pages/incident-rules.js'
import type { IncidentDoc, IncidentUpdateDoc, IncidentUpdateView, IncidentView } from '../../domain/status-pages/incident-schemas.js'
import type { PageDoc, PageView } from '../../domain/status-pages/page-schemas.js'
import type { ServiceDoc, ServiceView } from '../../domain/status-pages/service-ref.js'
import type { SubscriptionDoc, SubscriptionView } from '../../domain/status-pages/subscription-schemas.js'

export type ServiceRecord = DocRecord<string, ServiceDoc>
export type ServiceMap = ReadonlyMap<string, ServiceRecord>
export type PageRecord = DocRecord<string, PageDoc>
export type IncidentRecord = DocRecord<string, IncidentDoc>
export type IncidentUpdateRecord = DocRecord<string, IncidentUpdateDoc>
export type SubscriptionRecord = DocRecord<string, SubscriptionDoc>

export const presentService = (r: ServiceRecord): ServiceView => ({
  id: r.id,
  accountId: r.accountId,
  name: r.doc.name,
  created_at: toIso(r.createdAt),
  updated_at: toIsoOrNull(r.updatedAt),
})

export function presentPage(r: PageRecord, services: ServiceMap): PageView {
  const doc = r.doc
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

export const presentIncidentUpdate = (r: IncidentUpdateRecord): IncidentUpdateView => {
  const doc = r.doc
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
export function presentIncident(r: IncidentRecord, services: ServiceMap, ordered: IncidentUpdateRecord[], summary: IncidentSummary): IncidentView {
  const doc = r.doc
  return {
    id: r.id,
    accountId: r.accountId,
    name: doc.name,
    severity: doc.severity,
    services: doc.services.map((ref) => {
      const service = services.get(ref.id)
      // A deleted service: its last known name; its creation as stored when it was deleted, else the incident's.
      return service ? presentService(service) : { id: ref.id, accountId: r.accountId, name: ref.name, created_at: toIso(ref.createdAt ?? r.createdAt), updated_at: null }
    }),
    incidentUpdates: ordered.map(presentIncidentUpdate),
    lastUpdateStatus: summary.lastUpdateStatus,
    resolvedAt: toIsoOrNull(summary.resolvedAt),
    duration: summary.duration,
    created_at: toIso(r.createdAt),
    updated_at: toIso(r.updatedAt ?? r.createdAt),
  }
}

export const presentSubscription = (r: SubscriptionRecord): SubscriptionView => ({
  id: r.id,
  statusPageId: r.doc.statusPageId,
  type: r.doc.type,
  address: r.doc.address,
  status: r.doc.status,
  created_at: toIso(r.createdAt),
  updated_at: toIso(r.updatedAt ?? r.createdAt),
})
