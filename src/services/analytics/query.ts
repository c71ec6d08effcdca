/**
 * Analytics of one check: the window is read from the roll-ups where whole minutes and hours fit,
 * raw results at its edges and results stored since the last roll-up, all in one snapshot, so every figure is
 * exact but for percentiles (within 1%).
 */
import { ANALYTICS_ROUTES, TIMING_BASES, metricNamesFor, routeOfType, slotOf, type MetricName } from '../../domain/analytics/catalogue.js'
import type { AnalyticsResponse, MetricItem, MetricMeta } from '../../domain/analytics/contract.js'
import { parseAnalyticsQuery, type AnalyticsQuery } from '../../domain/analytics/query.js'
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import { buildSeries, type RawPoint } from '../../analytics/series.js'
import { rawSeries } from '../../analytics/raw-series.js'
import { slotColumn, type RollupRow } from '../../analytics/rollup.js'
import { isUuid } from '../../lib/ids.js'
import { hasOwnKey, ownValue } from '../../lib/own-keys.js'
import type { CheckRecord } from '../../store/checks.js'
import type { AnalyticsStore } from '../../store/analytics.js'
import { toRawPoint } from './points.js'
import { readWindow } from './read-window.js'
import { checkSummariesService, type CheckSummariesService } from './check-series.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { analyticsBatchService, type AnalyticsBatchService } from './batch.js'
import { reportingService, type ReportingService } from './reporting.js'

function metaOf(m: MetricName): MetricMeta {
  if (m.summary) return { unit: m.base.unit, label: m.base.label, aggregation: m.name === 'retries' ? 'sum' : 'avg' }
  if (!m.aggregation) return { unit: m.base.unit, label: m.base.label }
  return { unit: m.base.unit, label: `${m.base.label} (${m.aggregation})`, aggregation: m.aggregation }
}

async function readAggregated(a: AnalyticsStore, check: CheckRecord, q: AnalyticsQuery): Promise<{ rollups: RollupRow[]; raws: RawPoint[] }> {
  const success = q.status === 'success' ? 1 : q.status === 'failure' ? 0 : undefined
  const columns = [...new Set(q.metrics.filter((m) => !m.summary).map((m) => slotColumn(slotOf(check.checkType, m.base.name))))]
  const { rollups, raws } = await readWindow(a, q, {
    raw: (from, to, createdAfter) => a.readRaw({ checkId: check.id, from, to, success, createdAfter }),
    rollups: (level, from, to) => a.readRollups(check.id, level, from, to, columns, success),
  })
  return { rollups, raws: raws.map(toRawPoint) }
}

export interface AnalyticsService {
  query(accountId: string, route: string, checkId: string, query: Record<string, unknown>): Promise<AnalyticsResponse>
  metrics(checkType: string): MetricItem[]
  /** Whole-window figures and a per-step series of many checks (the console's list of checks). */
  summaries: CheckSummariesService['summaries']
  /** Availability and response-time figures of many checks over a quick range (POST /v1/analytics/checks). */
  batch: AnalyticsBatchService['batch']
  /** Success ratio and response times per check over a window (GET /v1/reporting). */
  report: ReportingService['report']
}

/** What the analytics service uses: the wiring hands it these stores and shared things and no others. */
export const analyticsServiceUses = uses(['analytics', 'checks', 'results'], ['clock'])
export type AnalyticsServiceDeps = DepsOf<typeof analyticsServiceUses>

export function analyticsService(deps: AnalyticsServiceDeps): AnalyticsService {
  return {
    summaries: checkSummariesService(deps).summaries,
    batch: analyticsBatchService(deps).batch,
    report: reportingService(deps).report,
    async query(accountId, route, checkId, raw) {
      const rules = ownValue(ANALYTICS_ROUTES, route)
      if (!rules) throw new NotFoundError('Analytics route', route)
      const check = isUuid(checkId) ? await deps.stores.checks.get(accountId, checkId) : undefined
      if (!check) throw new NotFoundError('Check', checkId)
      if (check.checkType !== rules.checkType) {
        const right = routeOfType(check.checkType)
        throw new ValidationError({ id: `is a ${check.checkType} check, not ${rules.checkType}${right ? `: use /v1/analytics/${right}/${checkId}` : ''}` })
      }
      const q = parseAnalyticsQuery(rules, raw, deps.clock.now())
      const { series } = await deps.stores.analytics.snapshot(async (a) => {
        if (q.raw) {
          const success = q.status === 'success' ? 1 : q.status === 'failure' ? 0 : undefined
          const page = await a.rawPage({ checkId, from: q.from, to: q.to, success }, q.limit, (q.page - 1) * q.limit)
          return { series: rawSeries(q, page.rows.map(toRawPoint)) }
        }
        return buildSeries({ checkType: check.checkType, query: q, ...(await readAggregated(a, check, q)) })
      })
      const doc = check.doc
      return {
        checkId: check.id,
        name: String(doc.name ?? ''),
        checkType: check.checkType,
        activated: doc.activated !== false,
        muted: doc.muted === true,
        frequency: Number(doc.frequency ?? 0),
        from: new Date(q.from).toISOString(),
        to: new Date(q.to).toISOString(),
        tags: Array.isArray(doc.tags) ? doc.tags.map(String) : [],
        series,
        pagination: { page: q.page, limit: q.limit },
        metadata: Object.fromEntries(q.metrics.map((m) => [m.name, metaOf(m)])),
      }
    },
    metrics(checkType) {
      // `in` would also find what the table inherits (`constructor`, `__proto__`): only its own keys are types.
      if (!hasOwnKey(TIMING_BASES, checkType)) {
        throw new ValidationError({ checkType: `must be one of ${Object.keys(TIMING_BASES).join(', ')}` })
      }
      return metricNamesFor(checkType).map((m) => {
        const meta = metaOf(m)
        // An average, a percentile or a deviation of counts is fractional; a sum, min or max keeps the base's type.
        const type = m.aggregation && !['sum', 'max', 'min'].includes(m.aggregation) ? 'Float' : m.base.type
        return { name: m.name, unit: meta.unit, label: meta.label, type, aggregated: m.aggregation !== undefined || m.summary }
      })
    },
  }
}
