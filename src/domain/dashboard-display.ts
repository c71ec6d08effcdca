/**
 * What a dashboard shows (pure): which checks (tags with OR or AND), in which order, on which page, and over which
 * window its figures are computed.
 */
import { DAY_MS, HOUR_MS } from './analytics/windows.js'

export const DASHBOARD_WINDOWS = { '1h': HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const
export type DashboardWindow = keyof typeof DASHBOARD_WINDOWS
export const DEFAULT_WINDOW: DashboardWindow = '24h'

export const parseWindow = (value: unknown): DashboardWindow => (typeof value === 'string' && Object.hasOwn(DASHBOARD_WINDOWS, value) ? (value as DashboardWindow) : DEFAULT_WINDOW)

/** Empty tags show every check; otherwise a check needs one of them (OR) or all of them (AND). */
export function matchesTags(checkTags: readonly string[], tags: readonly string[], useAnd: boolean): boolean {
  if (tags.length === 0) return true
  const own = new Set(checkTags)
  return useAnd ? tags.every((t) => own.has(t)) : tags.some((t) => own.has(t))
}

const STATUS_ORDER: Readonly<Record<string, number>> = { failing: 0, degraded: 1, passing: 2 }

export interface Sortable {
  id: string
  name: string
  status: string
}

/** One collator for every comparison: localeCompare with options builds a new one each time (30 ms for 1,000 names). */
const byName = new Intl.Collator('en', { sensitivity: 'base' })

/** By name (case-insensitive, then id); with sortByStatus, failing first, then degraded, passing, not yet run. */
export function sortForDashboard<T extends Sortable>(checks: readonly T[], byStatus: boolean): T[] {
  const rank = (c: T) => (byStatus ? (STATUS_ORDER[c.status] ?? 3) : 0)
  return [...checks].sort((a, b) => rank(a) - rank(b) || byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

export interface DashboardPaging {
  page: number
  pages: number
  from: number
  to: number
}

/** The page asked for, clamped into range; one page holds everything when pagination is off. */
export function pageOfChecks(total: number, paginate: boolean, perPage: number, asked: unknown): DashboardPaging {
  if (!paginate || total === 0) return { page: 1, pages: 1, from: 0, to: total }
  const pages = Math.ceil(total / perPage)
  const n = typeof asked === 'string' ? Number.parseInt(asked, 10) : typeof asked === 'number' ? asked : 1
  const page = Number.isFinite(n) ? Math.min(pages, Math.max(1, Math.trunc(n))) : 1
  return { page, pages, from: (page - 1) * perPage, to: Math.min(total, page * perPage) }
}
