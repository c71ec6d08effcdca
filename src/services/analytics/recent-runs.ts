/**
 * The latest runs of many checks (the bar of recent runs and the early sparkline of a list of checks), from one
 * query whatever the number of checks: each run's outcome and its main timing, newest first per check.
 */
import { mainTimingName } from '../../analytics/summary.js'
import type { RecentRun } from '../../domain/analytics/contract.js'
import type { RecentRunRow } from '../../store/analytics.js'

function mainTiming(row: RecentRunRow): number | null {
  const name = mainTimingName(row.check_type)
  if (name === undefined) return null
  if (row.metrics !== null) {
    try {
      const value = (JSON.parse(row.metrics) as Record<string, unknown>)[name]
      return typeof value === 'number' && Number.isFinite(value) ? value : null
    } catch {
      // A metrics column that cannot be read falls back to the stored response time below.
    }
  }
  // Rows older than the metrics column: the response time column is the main timing of the request types.
  return name === 'responseTime' ? Number(row.response_time) : null
}

const toRun = (row: RecentRunRow): RecentRun => ({
  id: row.id,
  startedAt: new Date(Number(row.started_at)).toISOString(),
  runLocation: row.location,
  hasFailures: row.status === 'failing',
  isDegraded: row.status === 'degraded',
  responseTime: mainTiming(row),
})

/** The rows (ordered by check, newest first) grouped per check, each list cut to `perCheck` (ties at the cut-off). */
export function recentRunsByCheck(rows: readonly RecentRunRow[], perCheck: number): Map<string, RecentRun[]> {
  const out = new Map<string, RecentRun[]>()
  for (const row of rows) {
    const list = out.get(row.check_id) ?? []
    if (list.length === 0) out.set(row.check_id, list)
    if (list.length < perCheck) list.push(toRun(row))
  }
  return out
}
