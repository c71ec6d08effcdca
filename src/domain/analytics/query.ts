/**
 * The analytics query of one check (pure): parses and checks every parameter, naming the offending one, and
 * resolves the window. Metrics come comma-separated or repeated; from/to are UNIX seconds (or ISO dates) and
 * override quickRange.
 */
import { FieldErrorCollector } from '../errors.js'
import { metricNamesFor, type MetricName } from './catalogue.js'
import { QUICK_RANGES, quickRangeWindow, DAY_MS, MINUTE_MS, type QuickRange } from './windows.js'

export type GroupBy = 'runLocation' | 'statusCode'
export type StatusFilter = 'success' | 'failure'

export interface AnalyticsQuery {
  from: number
  to: number
  /** Bucket length in ms; null: one row for the whole window. */
  intervalMs: number | null
  metrics: MetricName[]
  /** Bare timing bases were asked for: raw points, one per run. */
  raw: boolean
  groupBy: GroupBy | null
  /** null: both. */
  status: StatusFilter | null
  limit: number
  page: number
}

export interface RouteRules {
  checkType: string
  groupBy: readonly string[]
  intervals: boolean
}

/** Most buckets one query may produce (30 days by the minute is 43,200). */
export const MAX_BUCKETS = 50_000
/** Heartbeat routes take the heartbeat event states of the reference; they map onto run outcomes. */
const HEARTBEAT_STATES: ReadonlyArray<[string, StatusFilter]> = [
  ['FAILING', 'failure'],
  ['EARLY', 'success'],
  ['RECEIVED', 'success'],
  ['GRACE', 'success'],
  ['LATE', 'success'],
]

type Raw = Record<string, unknown>

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .flatMap((x) => String(x).split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '')

const single = (v: unknown): string | undefined => (Array.isArray(v) ? (v.length > 0 ? String(v[v.length - 1]) : undefined) : v === undefined ? undefined : String(v))

/** UNIX seconds (integer or decimal) or an ISO 8601 date; epoch ms, or undefined when unreadable. */
export function parseTime(text: string): number | undefined {
  if (/^\d{1,12}(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined
  const t = Date.parse(text)
  return Number.isNaN(t) ? undefined : t
}

function intParam(errors: FieldErrorCollector, name: string, v: unknown, min: number, max: number, fallback: number): number {
  const s = single(v)
  if (s === undefined || s === '') return fallback
  const n = Number(s)
  if (!/^-?\d+(\.0+)?$/.test(s) || !Number.isSafeInteger(n)) errors.add(name, `must be an integer from ${min} to ${max}`)
  else if (n < min || n > max) errors.add(name, `must be from ${min} to ${max}`)
  else return n
  return fallback
}

function parseMetrics(errors: FieldErrorCollector, checkType: string, v: unknown): { metrics: MetricName[]; raw: boolean } {
  const asked = [...new Set(list(v))]
  if (asked.length === 0) {
    errors.add('metrics', 'is required: a comma-separated list of metric names (GET /v1/analytics/metrics lists them)')
    return { metrics: [], raw: false }
  }
  const known = new Map(metricNamesFor(checkType).map((m) => [m.name, m]))
  const unknown = asked.filter((n) => !known.has(n))
  if (unknown.length > 0) {
    errors.add(
      'metrics',
      `${unknown.map((n) => `"${n}"`).join(', ')} ${unknown.length === 1 ? 'is not a metric' : 'are not metrics'} of ${checkType} checks; known: ${[...known.keys()].join(', ')}`,
    )
    return { metrics: [], raw: false }
  }
  const metrics = asked.map((n) => known.get(n) as MetricName)
  const raw = metrics.some((m) => !m.summary && m.aggregation === undefined)
  if (raw && metrics.some((m) => m.aggregation !== undefined)) {
    errors.add(
      'metrics',
      'mixes raw metrics (bare names such as responseTime: one point per run) with aggregated ones (such as responseTime_p95); ask for them in separate queries',
    )
  }
  return { metrics, raw }
}

function parseWindow(errors: FieldErrorCollector, q: Raw, now: number): { from: number; to: number } {
  const rangeText = single(q.quickRange) ?? 'last24Hours'
  let range: QuickRange = 'last24Hours'
  if ((QUICK_RANGES as readonly string[]).includes(rangeText)) range = rangeText as QuickRange
  else errors.add('quickRange', `must be one of ${QUICK_RANGES.join(', ')}`)
  const fromText = single(q.from)
  const toText = single(q.to)
  const from = fromText === undefined ? undefined : parseTime(fromText)
  const to = toText === undefined ? undefined : parseTime(toText)
  if (fromText !== undefined && from === undefined) errors.add('from', 'must be a UNIX timestamp in seconds (or an ISO 8601 date)')
  if (toText !== undefined && to === undefined) errors.add('to', 'must be a UNIX timestamp in seconds (or an ISO 8601 date)')
  if (fromText === undefined && toText === undefined) return quickRangeWindow(range, now)
  const end = to ?? now
  const start = from ?? end - DAY_MS
  if (from !== undefined && to !== undefined && from >= to) errors.add('from', 'must be before "to"')
  else if (to === undefined && from !== undefined && from >= now) errors.add('from', 'must be in the past when "to" is not given')
  return { from: start, to: end }
}

function parseStatus(errors: FieldErrorCollector, checkType: string, v: unknown): StatusFilter | null {
  const asked = list(v)
  // A Map: the names are the user's, and a plain object would also answer `constructor` or `toString`.
  const allowed = new Map<string, StatusFilter>([['success', 'success'], ['failure', 'failure'], ...(checkType === 'HEARTBEAT' ? HEARTBEAT_STATES : [])])
  const bad = asked.filter((s) => !allowed.has(s))
  if (bad.length > 0) errors.add('filterByStatus', `must be ${[...allowed.keys()].join(' or ')}`)
  const wanted = new Set(asked.flatMap((s) => allowed.get(s) ?? []))
  return wanted.size === 1 ? ([...wanted][0] as StatusFilter) : null
}

/** Parses an analytics query string for a check of `rules.checkType`; throws a ValidationError naming every bad parameter. */
export function parseAnalyticsQuery(rules: RouteRules, q: Raw, now: number): AnalyticsQuery {
  const errors = new FieldErrorCollector()
  const { metrics, raw } = parseMetrics(errors, rules.checkType, q.metrics)
  const window = parseWindow(errors, q, now)
  let intervalMs: number | null = null
  if (single(q.aggregationInterval) !== undefined) {
    if (!rules.intervals) errors.add('aggregationInterval', `is not supported for ${rules.checkType} checks`)
    else {
      const minutes = intParam(errors, 'aggregationInterval', q.aggregationInterval, 1, 43_200, 0)
      if (minutes > 0) intervalMs = minutes * MINUTE_MS
    }
  }
  if (intervalMs !== null && errors.empty && (window.to - window.from) / intervalMs > MAX_BUCKETS) {
    errors.add(
      'aggregationInterval',
      `gives more than ${MAX_BUCKETS} buckets over this window; use at least ${Math.ceil((window.to - window.from) / MAX_BUCKETS / MINUTE_MS)} minutes`,
    )
  }
  const groupText = single(q.groupBy)
  let groupBy: GroupBy | null = null
  if (groupText !== undefined && groupText !== '') {
    if (rules.groupBy.includes(groupText)) groupBy = groupText as GroupBy
    else errors.add('groupBy', rules.groupBy.length === 0 ? `is not supported for ${rules.checkType} checks` : `must be ${rules.groupBy.join(' or ')}`)
  }
  const status = parseStatus(errors, rules.checkType, q.filterByStatus)
  const limit = intParam(errors, 'limit', q.limit, 1, 100, 10)
  const page = intParam(errors, 'page', q.page, 1, 1_000_000, 1)
  errors.throwIfAny()
  return { ...window, intervalMs, metrics, raw, groupBy, status, limit, page }
}
