/**
 * The maintenances on a status page (pure): their view model, times in the window's time zone, and their HTML, in
 * progress first, then the scheduled ones by start.
 */
import { zonedTime } from '../../domain/status-pages/maintenance-email.js'
import type { PublicMaintenance } from '../../services/status-pages/status-page-maintenances.js'
import { html, type Html } from '../html.js'

export interface MaintenanceItemView {
  anchor: string
  name: string
  status: string
  /** 'in-progress' or 'scheduled'. */
  className: string
  when: string
  startIso: string
  lines: string[]
  services: string
}

const LABELS: Record<PublicMaintenance['status'], string> = { SCHEDULED: 'Scheduled', IN_PROGRESS: 'In progress', VERIFYING: 'Verifying' }

export function presentMaintenances(list: readonly PublicMaintenance[]): MaintenanceItemView[] {
  const ongoing = (m: PublicMaintenance) => m.status !== 'SCHEDULED'
  return [...list.filter(ongoing), ...list.filter((m) => !ongoing(m))].map((m) => ({
    anchor: `maintenance-${m.id}`,
    name: m.name,
    status: LABELS[m.status],
    className: ongoing(m) ? 'in-progress' : 'scheduled',
    when: `${zonedTime(m.startsAt, m.timezone)} to ${zonedTime(m.endsAt, m.timezone)}`,
    startIso: new Date(m.startsAt).toISOString(),
    lines: m.description ? m.description.split(/\r?\n/) : [],
    services: m.services.length > 0 ? `Affects: ${m.services.join(', ')}` : '',
  }))
}

const item = (m: MaintenanceItemView): Html => html`<article class="sp-maintenance ${m.className}" id="${m.anchor}">
<h3>${m.name}</h3>
<p class="meta"><span class="u-status">${m.status}</span> <time datetime="${m.startIso}">${m.when}</time></p>
${m.lines.length > 0 ? html`<p>${m.lines.map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}</p>` : ''}
${m.services ? html`<p class="meta">${m.services}</p>` : ''}
</article>`

/** The maintenance section of the page; nothing when there is none. */
export function renderMaintenances(list: readonly MaintenanceItemView[]): Html | string {
  if (list.length === 0) return ''
  return html`<section class="maintenances" aria-label="Maintenance"><h2>Maintenance</h2>${list.map(item)}</section>`
}
