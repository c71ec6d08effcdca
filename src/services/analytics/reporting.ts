/**
 * The report of GET /v1/reporting: per check of the account (optionally only those with one of some tags, or only
 * activated or deactivated ones) its success ratio and the average, P95 and P99 of its main timing over a window,
 * with its run, failed-run and degraded-run counts; or the same per calendar bucket. Every figure equals what the
 * check's analytics route answers for that window (availability, <timing>_avg, _p95, _p99; check-figures.ts). The
 * checks are read a page at a time, each page in one set of queries whatever its size.
 */
import { calendarBuckets, type Granularity } from '../../analytics/calendar-buckets.js'
import { mainTimingName } from '../../analytics/summary.js'
import { metricNamesFor, type MetricName } from '../../domain/analytics/catalogue.js'
import { parseTime } from '../../domain/analytics/query.js'
import { DAY_MS, quickRangeWindow, type QuickRange } from '../../domain/analytics/windows.js'
import { FieldErrorCollector } from '../../domain/errors.js'
import type { CheckRecord } from '../../store/checks.js'
import type { Uses } from '../resource-deps.js'
import { readCheckFigures, type CheckFigures } from './check-figures.js'

export const REPORTING_RANGES = ['last24Hrs', 'last7Days', 'last30Days', 'thisWeek', 'thisMonth', 'lastWeek', 'lastMonth'] as const
export type ReportingRange = (typeof REPORTING_RANGES)[number]

/** The longest window and the most buckets a report with granularity may span. */
export const MAX_REPORT_DAYS = 400
export const MAX_REPORT_BUCKETS = 120
/** Checks read per set of queries. */
const PAGE = 100

export interface ReportingQuery {
  quickRange?: ReportingRange | undefined
  from?: string | undefined
  to?: string | undefined
  filterByTags?: string[] | undefined
  deactivated?: boolean | undefined
  granularity?: Granularity | undefined
  timezone?: string | undefined
}

export interface ReportFigures {
  successRatio: number
  avg: number
  p95: number
  p99: number
  runs: number
  failedRuns: number
  degradedRuns: number
}

export interface ReportItem {
  name: string
  checkId: string
  checkType: string
  deactivated: boolean
  tags: string[]
  aggregate?: ReportFigures
  aggregates?: Array<ReportFigures & { from: string; to: string }>
}

export interface ReportingService {
  report(accountId: string, q: ReportingQuery): Promise<ReportItem[]>
}

function windowOf(q: ReportingQuery, now: number): { from: number; to: number } {
  const errors = new FieldErrorCollector()
  const from = q.from === undefined ? undefined : parseTime(q.from)
  const to = q.to === undefined ? undefined : parseTime(q.to)
  if (q.from !== undefined && from === undefined) errors.add('from', 'must be a UNIX timestamp in seconds (or an ISO 8601 date)')
  if (q.to !== undefined && to === undefined) errors.add('to', 'must be a UNIX timestamp in seconds (or an ISO 8601 date)')
  errors.throwIfAny()
  if (from === undefined && to === undefined) {
    const range = q.quickRange ?? 'last24Hrs'
    return quickRangeWindow((range === 'last24Hrs' ? 'last24Hours' : range) as QuickRange, now)
  }
  const end = to ?? now
  const start = from ?? end - DAY_MS
  if (start >= end) errors.add('from', 'must be before "to"')
  errors.throwIfAny()
  return { from: start, to: end }
}

/** The metrics a report reads of a check type: availability and its main timing's average and percentiles. */
function reportMetrics(checkType: string): MetricName[] {
  const base = mainTimingName(checkType)
  const names = ['availability', ...(base ? [`${base}_avg`, `${base}_p95`, `${base}_p99`] : [])]
  const known = new Map(metricNamesFor(checkType).map((m) => [m.name, m]))
  return names.flatMap((n) => known.get(n) ?? [])
}

/** Figures of a check with runs in the window; undefined without runs (the reference's figures are never null). */
function figuresOf(checkType: string, f: CheckFigures | undefined): ReportFigures | undefined {
  if (!f || f.counts.runs === 0) return undefined
  const base = mainTimingName(checkType)
  // A heartbeat measures no time, and a run may fail before measuring any (a refused ping): such timings are 0.
  const timing = (aggregation: string): number => (base ? ((f.values[`${base}_${aggregation}`] as number | null | undefined) ?? 0) : 0)
  return {
    successRatio: (f.values.availability as number | null | undefined) ?? 0,
    avg: timing('avg'),
    p95: timing('p95'),
    p99: timing('p99'),
    runs: f.counts.runs,
    failedRuns: f.counts.failed,
    degradedRuns: f.counts.degraded,
  }
}

function selected(checks: CheckRecord[], q: ReportingQuery): CheckRecord[] {
  const tags = new Set(q.filterByTags ?? [])
  return checks.filter((c) => {
    const deactivated = c.doc.activated === false
    if (q.deactivated !== undefined && q.deactivated !== deactivated) return false
    if (tags.size === 0) return true
    return Array.isArray(c.doc.tags) && c.doc.tags.some((t) => tags.has(String(t)))
  })
}

export function reportingService(r: Uses<'analytics' | 'checks', 'clock'>): ReportingService {
  return {
    async report(accountId, q) {
      const window = windowOf(q, r.clock.now())
      let buckets: Array<{ from: number; to: number }> | null = null
      if (q.granularity) {
        const errors = new FieldErrorCollector()
        if (window.to - window.from > MAX_REPORT_DAYS * DAY_MS) errors.add('from', `the window may span at most ${MAX_REPORT_DAYS} days when granularity is set`)
        else {
          buckets = calendarBuckets(window, q.granularity, q.timezone ?? 'UTC', MAX_REPORT_BUCKETS)
          if (buckets === null) errors.add('granularity', `the window may hold at most ${MAX_REPORT_BUCKETS} buckets of a ${q.granularity}`)
        }
        errors.throwIfAny()
      }
      const checks = selected(await r.stores.checks.listAll(accountId), q)
      const items: ReportItem[] = []
      for (let i = 0; i < checks.length; i += PAGE) {
        const page = checks.slice(i, i + PAGE)
        const requests = page.map((c) => ({ id: c.id, checkType: c.checkType, metrics: reportMetrics(c.checkType) }))
        const perWindow = await r.stores.analytics.snapshot(async (a) => {
          const out: Array<Map<string, CheckFigures>> = []
          for (const w of buckets ?? [window]) out.push(await readCheckFigures(a, requests, w))
          return out
        })
        for (const c of page) {
          const item: ReportItem = {
            name: String(c.doc.name ?? ''),
            checkId: c.id,
            checkType: c.checkType,
            deactivated: c.doc.activated === false,
            tags: Array.isArray(c.doc.tags) ? c.doc.tags.map(String) : [],
          }
          if (buckets) {
            // Buckets without runs are left out.
            item.aggregates = buckets.flatMap((b, k) => {
              const figures = figuresOf(c.checkType, perWindow[k]?.get(c.id))
              return figures ? [{ ...figures, from: new Date(b.from).toISOString(), to: new Date(b.to).toISOString() }] : []
            })
          } else {
            const figures = figuresOf(c.checkType, perWindow[0]?.get(c.id))
            if (figures) item.aggregate = figures
          }
          items.push(item)
        }
      }
      return items
    },
  }
}
