/** The status page's view model (pure): the service's data with every figure and time formatted and every link built. */
import type { PageDoc } from '../../domain/status-pages/page-rules.js'
import type { UptimeDay } from '../../domain/status-pages/uptime.js'
import type { PublicCard, PublicIncident, PublicService } from '../../services/status-pages/status-page-data.js'
import type { StatusPageData } from '../../services/status-pages/status-page-page.js'
import { formatDate, formatDateTime, formatDuration, formatTime } from '../format.js'
import { safeUrl } from '../html.js'
import { withQuery, type SiteLinks } from '../site-links.js'
import { incidentStatusLabel, severityLabel } from './labels.js'
import { isPalette } from './theme-css.js'
import { presentMaintenances, type MaintenanceItemView } from './maintenances.js'

/** Width of one day's bar and the gap after it, in SVG units. */
export const BAR_WIDTH = 3
export const BAR_STEP = 4
export const BAR_HEIGHT = 34
export const REFRESH_SECONDS = 60

export interface BarView {
  x: number
  /** '' for a day without incidents; the severity, lowercased; 'nodata'. */
  className: string
  title: string
}

export interface ServiceView {
  name: string
  state: string
  stateClass: string
  uptime: string
  bars: BarView[]
}

export interface CardView {
  name: string
  uptime: string | null
  services: ServiceView[]
}

export interface UpdateView {
  status: string
  lines: string[]
  time: string
  iso: string
}

export interface IncidentView {
  anchor: string
  /** The incident's own page. */
  href: string
  name: string
  severity: string
  resolved: boolean
  meta: string
  updates: UpdateView[]
}

export type Notice = { text: string; error: boolean } | null

export interface StatusPageView {
  title: string
  name: string
  description: string | null
  favicon: string | null
  logo: string | null
  logoDark: string | null
  link: string | null
  bodyClass: string
  banner: { text: string; className: string }
  cards: CardView[]
  open: IncidentView[]
  /** Maintenances in progress and scheduled. */
  maintenances: MaintenanceItemView[]
  past: IncidentView[]
  pager: { page: number; pages: number; newer: string | null; older: string | null } | null
  notice: Notice
  email: string
  updated: string
  links: { page: string; subscribe: string; rss: string; atom: string; theme: string | null }
}

export const SUBSCRIBED_NOTICE = 'Check your inbox to confirm your subscription: we have sent you a link to confirm it (unless this address was already subscribed).'

/** "100%", "99.93%", "99.3%": rounded down, so that any downtime shows below 100%. */
export function formatUptime(percent: number): string {
  if (percent >= 100) return '100%'
  return `${(Math.floor(percent * 100) / 100).toFixed(2).replace(/\.?0+$/, '')}%`
}

export function barTitle(day: UptimeDay): string {
  const date = formatDate(day.start)
  if (!day.hasData || day.uptime === null) return `${date}: no data`
  const n = day.incidents.length
  const incidents = n === 0 ? '' : `, incident${n === 1 ? '' : 's'} ${day.incidents.join(', ')}`
  return `${date}: ${formatUptime(day.uptime)} uptime${incidents}`
}

const bar = (day: UptimeDay, i: number): BarView => ({
  x: i * BAR_STEP,
  className: !day.hasData ? 'nodata' : (day.severity?.toLowerCase() ?? ''),
  title: barTitle(day),
})

const service = (s: PublicService): ServiceView => ({
  name: s.name,
  state: s.state.label,
  stateClass: s.state.severity?.toLowerCase() ?? '',
  uptime: s.uptime.uptime === null ? 'No data' : `${formatUptime(s.uptime.uptime)} uptime`,
  bars: s.uptime.days.map(bar),
})

const card = (c: PublicCard): CardView => ({
  name: c.name,
  uptime: c.uptime === null ? null : `${formatUptime(c.uptime)} uptime`,
  services: c.services.map(service),
})

export function presentIncident(i: PublicIncident, links: SiteLinks): IncidentView {
  const resolved = i.resolvedAt !== null
  const affects = i.services.length > 0 ? `Affects ${i.services.join(', ')}` : null
  const when = resolved ? [`Resolved after ${formatDuration(i.duration ?? 0)}`, formatDate(i.startedAt)] : [incidentStatusLabel(i.status), `Since ${formatDateTime(i.startedAt)}`]
  return {
    anchor: `incident-${i.id}`,
    href: links.part(`incidents/${encodeURIComponent(i.id)}`),
    name: i.name,
    severity: i.severity,
    resolved,
    meta: [severityLabel(i.severity), ...when, affects].filter((p) => p !== null).join(' · '),
    updates: i.updates.map((u) => ({
      status: incidentStatusLabel(u.status),
      lines: u.description.split(/\r\n|\r|\n/),
      time: formatDateTime(u.at),
      iso: new Date(u.at).toISOString(),
    })),
  }
}

export interface PresentOptions {
  notice?: Notice
  /** The address to put back in the form (after a refused one). */
  email?: string
}

export function presentStatusPage(doc: PageDoc, version: number, d: StatusPageData, links: SiteLinks, options: PresentOptions = {}): StatusPageView {
  const pageLink = (page: number) => (page > 1 ? withQuery(links.page, { page }) : links.page)
  const palette = doc.themeColors !== null && (isPalette(doc.themeColors.light) || isPalette(doc.themeColors.dark))
  const { past } = d
  return {
    title: `${doc.name} status`,
    name: doc.name,
    description: doc.description,
    favicon: safeUrl(doc.favicon),
    logo: safeUrl(doc.logo),
    logoDark: safeUrl(doc.logoDark),
    link: safeUrl(doc.redirectTo),
    bodyClass: `status-page ${(doc.defaultTheme ?? 'AUTO').toLowerCase()}${palette ? ' palette' : ''}`,
    banner: { text: d.banner.label, className: d.banner.severity?.toLowerCase() ?? 'operational' },
    cards: d.cards.map(card),
    open: d.open.map((i) => presentIncident(i, links)),
    maintenances: presentMaintenances(d.maintenances),
    past: past.items.map((i) => presentIncident(i, links)),
    pager:
      past.pages > 1
        ? { page: past.page, pages: past.pages, newer: past.page > 1 ? pageLink(past.page - 1) : null, older: past.page < past.pages ? pageLink(past.page + 1) : null }
        : null,
    notice: options.notice ?? null,
    email: options.email ?? '',
    updated: formatTime(d.generatedAt),
    links: {
      page: links.page,
      subscribe: links.part('subscribe'),
      rss: links.part('feed.rss'),
      atom: links.part('feed.atom'),
      theme: doc.themeColors ? withQuery(links.part('theme.css'), { v: version }) : null,
    },
  }
}
