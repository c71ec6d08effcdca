/** The dashboard's view model (pure): the service's data with every figure formatted and every link built. */
import type { DashboardSettings } from '../../domain/dashboards.js'
import { DASHBOARD_WINDOWS, type DashboardWindow } from '../../domain/dashboard-display.js'
import type { DashboardCheck, DashboardData, DashboardIncident } from '../../services/dashboards/dashboard-page.js'
import { formatAgo, formatDateTime, formatMs, formatPercent, formatTime, statusLabel, TYPE_LABELS } from '../format.js'
import { safeUrl } from '../html.js'
import { withQuery, type SiteLinks } from '../site-links.js'

export interface CheckCard {
  id: string
  name: string
  status: string
  statusLabel: string
  typeLabel: string
  group: string | null
  tags: string[]
  availability: string
  p95: string | null
  p99: string | null
  lastRun: string
  lastRunTitle: string | null
  location: string | null
  runsHref: string | null
}

export interface WindowLink {
  label: string
  href: string
  window: DashboardWindow
  current: boolean
}

export interface DashboardView {
  title: string
  header: { text: string; description: string | null; logo: string | null; link: string | null } | null
  favicon: string | null
  narrow: boolean
  expanded: boolean
  windows: WindowLink[]
  summary: string
  updated: string
  cards: CheckCard[]
  emptyText: string | null
  incidents: Array<{ name: string; severity: string; status: string; services: string; since: string }> | null
  pager: { page: number; pages: number; prev: string | null; next: string | null } | null
  /** Settings for the page script. */
  script: { data: string; refresh: number; paginate: boolean; rate: number; page: number; pages: number; window: DashboardWindow }
}

const WINDOW_LABELS: Record<DashboardWindow, string> = { '1h': '1 h', '24h': '24 h', '7d': '7 days', '30d': '30 days' }

function card(c: DashboardCheck, s: DashboardSettings, links: SiteLinks, now: number): CheckCard {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    statusLabel: statusLabel(c.status),
    typeLabel: TYPE_LABELS[c.checkType] ?? c.checkType,
    group: s.showGroupNames ? c.groupName : null,
    tags: s.hideTags ? [] : c.tags,
    availability: formatPercent(c.summary.availability),
    p95: s.showP95 ? formatMs(c.summary.p95) : null,
    p99: s.showP99 ? formatMs(c.summary.p99) : null,
    lastRun: c.lastRunAt === null ? 'never' : formatAgo(c.lastRunAt, now),
    lastRunTitle: c.lastRunAt === null ? null : formatDateTime(c.lastRunAt),
    location: c.lastLocation,
    runsHref: s.showCheckRunLinks ? links.part(`checks/${c.id}`) : null,
  }
}

function summaryText(d: DashboardData): string {
  if (d.total === 0) return 'No checks'
  const parts = [
    d.counts.failing > 0 ? `${d.counts.failing} failing` : null,
    d.counts.degraded > 0 ? `${d.counts.degraded} degraded` : null,
    d.counts.passing > 0 ? `${d.counts.passing} passing` : null,
    d.counts.pending > 0 ? `${d.counts.pending} not run yet` : null,
  ]
  return parts.filter((p) => p !== null).join(' · ')
}

const incident = (i: DashboardIncident, now: number) => ({
  name: i.name,
  severity: i.severity,
  status: i.status.charAt(0) + i.status.slice(1).toLowerCase(),
  services: i.services.join(', '),
  since: formatAgo(i.startedAt, now),
})

export function presentDashboard(s: DashboardSettings, d: DashboardData, links: SiteLinks): DashboardView {
  const now = d.generatedAt
  const pageLink = (page: number) => withQuery(links.page, { window: d.window, page })
  return {
    title: s.header,
    header: s.showHeader ? { text: s.header, description: s.description, logo: safeUrl(s.logo), link: safeUrl(s.link) } : null,
    favicon: safeUrl(s.favicon),
    narrow: s.width === '960PX',
    expanded: s.expandChecks,
    windows: (Object.keys(DASHBOARD_WINDOWS) as DashboardWindow[]).map((w) => ({
      label: WINDOW_LABELS[w],
      window: w,
      href: withQuery(links.page, { window: w }),
      current: w === d.window,
    })),
    summary: summaryText(d),
    updated: formatTime(now),
    cards: d.checks.map((c) => card(c, s, links, now)),
    emptyText: d.total === 0 ? ((s.tags ?? []).length > 0 ? 'No checks have the tags of this dashboard.' : 'This account has no checks yet.') : null,
    incidents: d.incidents === null ? null : d.incidents.map((i) => incident(i, now)),
    pager:
      d.paging.pages > 1
        ? {
            page: d.paging.page,
            pages: d.paging.pages,
            prev: d.paging.page > 1 ? pageLink(d.paging.page - 1) : null,
            next: d.paging.page < d.paging.pages ? pageLink(d.paging.page + 1) : null,
          }
        : null,
    script: {
      data: links.part('data'),
      refresh: s.refreshRate,
      paginate: s.paginate && d.paging.pages > 1,
      rate: s.paginationRate,
      page: d.paging.page,
      pages: d.paging.pages,
      window: d.window,
    },
  }
}
