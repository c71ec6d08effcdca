/** Final results as analytics reads them: the stored metric values, or those of the document for older rows. */
import { extractRunMetrics } from '../../domain/analytics/extract.js'
import type { RollupInput } from '../../analytics/rollup.js'
import type { RawPoint } from '../../analytics/series.js'
import type { RawResultRow } from '../../store/analytics.js'

function metricsOf(row: RawResultRow): Record<string, number> {
  if (row.metrics !== null) return JSON.parse(row.metrics) as Record<string, number>
  let doc: { timingPhases?: Record<string, number>; details?: Record<string, unknown> } = {}
  try {
    doc = JSON.parse(row.doc ?? '{}') as typeof doc
  } catch {
    // A document that cannot be read contributes no timings; the run still counts for availability.
  }
  return extractRunMetrics({ checkType: row.check_type, responseTime: Number(row.response_time), timingPhases: doc.timingPhases ?? {}, details: doc.details ?? {} })
}

export const toRawPoint = (row: RawResultRow): RawPoint => ({
  id: row.id,
  location: row.location,
  statusCode: row.status_code === null ? null : Number(row.status_code),
  status: row.status,
  attempt: Number(row.attempt),
  startedAt: Number(row.started_at),
  metrics: metricsOf(row),
})

export const toRollupInput = (row: RawResultRow): RollupInput => ({
  ...toRawPoint(row),
  accountId: row.account_id,
  checkId: row.check_id,
  checkType: row.check_type,
})
