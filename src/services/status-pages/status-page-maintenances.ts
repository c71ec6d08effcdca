/**
 * The maintenances a public status page shows (pure, from loaded records): those of the windows shown on the page
 * (statusPageVisibility enabled, the page linked) that are scheduled or in progress: each window's current and next
 * occurrence as its schedule has them (in its time zone), or as changed by hand (moved, started, ended, cancelled,
 * deleted). Affected services are named only when the window shows them.
 */
import { visiblePageIds } from '../../domain/maintenance-visibility.js'
import type { MaintenanceWindowDoc } from '../../domain/maintenance.js'
import { occurrencesToKeep, statusAt, type MaintenanceDoc, type MaintenanceStatus } from '../../domain/maintenances.js'
import type { DocRecord } from '../../store/doc-table.js'
import type { ServiceMap } from './status-page-views.js'

export interface PublicMaintenance {
  id: string
  name: string
  description: string | null
  status: Extract<MaintenanceStatus, 'SCHEDULED' | 'IN_PROGRESS' | 'VERIFYING'>
  startsAt: number
  endsAt: number
  /** IANA zone the window's times are shown in; null: UTC. */
  timezone: string | null
  severity: string | null
  /** Names of the affected services; ['All services'] when the window affects all; [] when it does not show them. */
  services: string[]
}

const SHOWN = new Set<MaintenanceStatus>(['SCHEDULED', 'IN_PROGRESS', 'VERIFYING'])

export function publicMaintenances(
  pageId: string,
  windows: ReadonlyArray<DocRecord<number, MaintenanceWindowDoc>>,
  kept: ReadonlyArray<DocRecord<string, MaintenanceDoc>>,
  services: ServiceMap,
  now: number,
): PublicMaintenance[] {
  const out: PublicMaintenance[] = []
  for (const w of windows) {
    const v = w.doc.statusPageVisibility
    if (!v || !visiblePageIds(v).includes(pageId)) continue
    // The schedule's latest begun and next occurrences, replaced by their kept maintenance where there is one.
    const byStart = new Map<number, { id: string; doc: Pick<MaintenanceDoc, 'startsAt' | 'endsAt' | 'status' | 'deleted'> }>()
    for (const o of occurrencesToKeep(w.doc, now, 1)) {
      byStart.set(o.start, { id: `${w.id}-${o.start}`, doc: { startsAt: new Date(o.start).toISOString(), endsAt: new Date(o.end).toISOString(), status: null, deleted: false } })
    }
    for (const m of kept) if (m.doc.maintenanceWindowId === w.id) byStart.set(Date.parse(m.doc.occurrenceStart), { id: m.id, doc: m.doc })
    const names = !v.showAffectedServices ? [] : v.affectAllServices ? ['All services'] : v.serviceIds.flatMap((id) => services.get(id)?.doc.name ?? [])
    for (const { id, doc } of byStart.values()) {
      const status = statusAt(doc, now)
      if (doc.deleted || !SHOWN.has(status)) continue
      out.push({
        id,
        name: w.doc.name,
        description: w.doc.description ?? null,
        status: status as PublicMaintenance['status'],
        startsAt: Date.parse(doc.startsAt),
        endsAt: Date.parse(doc.endsAt),
        timezone: w.doc.timezone ?? null,
        severity: v.severity,
        services: names,
      })
    }
  }
  return out.sort((a, b) => a.startsAt - b.startsAt)
}
