/**
 * What a public dashboard shows: the account's checks of its tags with their status, availability and
 * P95/P99 over a window, group names and open incidents. Each view costs a fixed number of queries whatever the
 * number of checks (checks, statuses, groups, the window's analytics segments, incidents), and is cached briefly:
 * a wall of screens refreshing together costs one computation.
 */
import type { CheckSummary } from '../../analytics/summary.js'
import { dashboardHasKey, type DashboardSettings } from '../../domain/dashboards.js'
import { DASHBOARD_WINDOWS, matchesTags, pageOfChecks, sortForDashboard, type DashboardPaging, type DashboardWindow } from '../../domain/dashboard-display.js'
import type { IncidentDoc } from '../../domain/status-pages/incident-rules.js'
import { hashSecret, isUuid } from '../../lib/ids.js'
import { ttlCache } from '../../lib/ttl-cache.js'
import type { CheckRecord } from '../../store/checks.js'
import { readCheckSummaries } from '../analytics/summaries.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { PENDING_STATUS } from '../../domain/results/status-view-schema.js'

export interface DashboardSite {
  dashboardId: string
  accountId: string
  settings: DashboardSettings
  keys: unknown
  /** Changes whenever the dashboard is saved: part of the data cache key, so new settings show at once. */
  version: number
}

export interface DashboardCheck {
  id: string
  name: string
  checkType: string
  status: string
  groupName: string | null
  tags: string[]
  frequency: number | null
  lastRunAt: number | null
  lastLocation: string | null
  summary: CheckSummary
}

export interface DashboardIncident {
  id: string
  name: string
  severity: string
  status: string
  services: string[]
  startedAt: number
}

export interface DashboardData {
  window: DashboardWindow
  paging: DashboardPaging
  total: number
  counts: Record<'passing' | 'degraded' | 'failing' | 'pending', number>
  checks: DashboardCheck[]
  /** Open incidents of the account's status page services; null when the dashboard does not show incidents. */
  incidents: DashboardIncident[] | null
  generatedAt: number
}

export interface DashboardRun {
  startedAt: number
  location: string
  status: string
  responseTime: number
  statusCode: number | null
}

export interface DashboardPageService {
  find(by: { customUrl: string } | { customDomain: string }): Promise<DashboardSite | undefined>
  /** True for a public dashboard, and for a private one given one of its keys. */
  unlocked(site: DashboardSite, rawKey: string | undefined): boolean
  data(site: DashboardSite, view: { window: DashboardWindow; page: unknown }): Promise<DashboardData>
  /** The latest final results of a check shown on the dashboard; undefined for any other check. */
  recentRuns(site: DashboardSite, checkId: string): Promise<{ check: DashboardCheck; runs: DashboardRun[] } | undefined>
}

export interface DashboardPageOptions {
  /** How long a computed view is reused; 0 computes every view. */
  cacheMs: number
}

const EMPTY: CheckSummary = { runs: 0, failures: 0, availability: null, p95: null, p99: null }
export const RECENT_RUNS = 20

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

/** What the dashboard page service uses: the wiring hands it these stores and shared things and no others. */
export const dashboardPageServiceUses = uses(['analytics', 'checkGroups', 'checks', 'dashboards', 'results', 'statusPageIncidents'], ['clock'])
export type DashboardPageServiceDeps = DepsOf<typeof dashboardPageServiceUses>

export function dashboardPageService(deps: DashboardPageServiceDeps, options: DashboardPageOptions): DashboardPageService {
  const { stores, clock } = deps
  const ttl = options.cacheMs
  const sites = ttlCache<DashboardSite | undefined>(clock, ttl)
  const views = ttlCache<DashboardData>(clock, ttl)
  // The sorted checks of a dashboard, shared by all its pages and windows: a screen paging through them reads and
  // sorts the account's checks once per cache time, not once per page.
  const lists = ttlCache<Array<Omit<DashboardCheck, 'summary'>>>(clock, ttl)
  const checksOf = (site: DashboardSite) => lists.get(`${site.dashboardId}:${site.version}`, () => shownChecks(site))

  /** The dashboard's checks (activated, of its tags) with status and group, sorted: four queries. */
  async function shownChecks(site: DashboardSite): Promise<Array<Omit<DashboardCheck, 'summary'>>> {
    const { settings, accountId } = site
    const [checks, statuses, groups] = await Promise.all([
      stores.checks.listAll(accountId),
      stores.results.listStatuses(accountId),
      settings.showGroupNames ? stores.checkGroups.list(accountId) : Promise.resolve({ items: [] }),
    ])
    const statusOf = new Map(statuses.map((s) => [s.check_id, s]))
    const groupName = new Map(groups.items.map((g) => [g.id, String(g.doc.name ?? '')]))
    const tags = settings.tags ?? []
    const rows = checks
      .filter((c: CheckRecord) => c.doc.activated !== false && matchesTags(c.doc.tags ?? [], tags, settings.useTagsAndOperator === true))
      .map((c) => {
        const s = statusOf.get(c.id)
        return {
          id: c.id,
          name: c.doc.name,
          checkType: c.checkType,
          status: s?.status ?? PENDING_STATUS,
          groupName: typeof c.doc.groupId === 'number' ? (groupName.get(c.doc.groupId) ?? null) : null,
          tags: c.doc.tags ?? [],
          frequency: num(c.doc.frequency),
          lastRunAt: num(s?.last_run_at),
          lastLocation: s?.last_location ?? null,
        }
      })
    return sortForDashboard(rows, settings.sortByStatus)
  }

  async function openIncidents(accountId: string): Promise<DashboardIncident[]> {
    const { items } = await stores.statusPageIncidents.list(accountId)
    return items
      .filter((r) => (r.doc as unknown as IncidentDoc).lastUpdateStatus !== 'RESOLVED')
      .map((r) => {
        const doc = r.doc as unknown as IncidentDoc
        return { id: r.id, name: doc.name, severity: doc.severity, status: doc.lastUpdateStatus, services: doc.services.map((s) => s.name), startedAt: r.createdAt }
      })
      .reverse()
  }

  async function compute(site: DashboardSite, window: DashboardWindow, askedPage: unknown): Promise<DashboardData> {
    const now = clock.now()
    const [all, incidents] = await Promise.all([checksOf(site), site.settings.enableIncidents ? openIncidents(site.accountId) : Promise.resolve(null)])
    const paging = pageOfChecks(all.length, site.settings.paginate, site.settings.checksPerPage ?? 15, askedPage)
    const onPage = all.slice(paging.from, paging.to)
    const summaries = await readCheckSummaries(stores.analytics, onPage, { from: now - DASHBOARD_WINDOWS[window], to: now })
    const counts = { passing: 0, degraded: 0, failing: 0, pending: 0 }
    for (const c of all) counts[c.status in counts ? (c.status as keyof typeof counts) : 'pending']++
    return {
      window,
      paging,
      total: all.length,
      counts,
      checks: onPage.map((c) => ({ ...c, summary: summaries.get(c.id) ?? EMPTY })),
      incidents,
      generatedAt: now,
    }
  }

  return {
    find(by) {
      const [column, value] = 'customUrl' in by ? ['custom_url', by.customUrl] : ['custom_domain', by.customDomain]
      return sites.get(`${column}:${value}`, async () => {
        const record = await stores.dashboards.findByColumn(column, value.toLowerCase())
        if (!record) return undefined
        const doc = record.doc
        return {
          dashboardId: String(doc.dashboardId),
          accountId: record.accountId,
          settings: doc as unknown as DashboardSettings,
          keys: doc.keys,
          version: record.updatedAt ?? record.createdAt,
        }
      })
    },

    unlocked(site, rawKey) {
      if (!site.settings.isPrivate) return true
      return typeof rawKey === 'string' && rawKey.length > 0 && rawKey.length <= 200 && dashboardHasKey(site.keys, hashSecret(rawKey))
    },

    data(site, view) {
      // The page number is clamped again once the total is known; here it only keys the cache.
      const asked = Number.parseInt(String(view.page ?? '1'), 10)
      const page = site.settings.paginate && Number.isFinite(asked) ? Math.min(10_000, Math.max(1, asked)) : 1
      return views.get(`${site.dashboardId}:${site.version}:${view.window}:${page}`, () => compute(site, view.window, page))
    },

    async recentRuns(site, checkId) {
      if (!isUuid(checkId)) return undefined
      const check = (await checksOf(site)).find((c) => c.id === checkId.toLowerCase())
      if (!check) return undefined
      const { items } = await stores.results.list({ accountId: site.accountId, checkId: check.id, resultType: 'FINAL', limit: RECENT_RUNS, offset: 0 })
      return {
        check: { ...check, summary: EMPTY },
        runs: items.map((r) => ({
          startedAt: Number(r.started_at),
          location: r.location,
          status: r.status,
          responseTime: Number(r.response_time),
          statusCode: num(r.status_code),
        })),
      }
    },
  }
}
