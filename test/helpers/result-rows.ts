/** Final result rows written straight to the store, for tests of what is computed from stored results. */
import type { CheckResultRow } from '../../src/store/run-rows.js'

export interface StoredRun {
  location: string
  startedAt: number
  status: 'passing' | 'degraded' | 'failing'
  attempt?: number
  responseTime: number
  statusCode?: number | null
  /** Timing phases of the run (also its metrics). */
  phases?: Record<string, number>
  checkType?: string
}

export function finalResultRow(accountId: string, checkId: string, r: StoredRun, i: number): CheckResultRow {
  const phases = r.phases ?? {}
  return {
    id: crypto.randomUUID(),
    account_id: accountId,
    check_id: checkId,
    check_type: r.checkType ?? 'API',
    sequence_id: crypto.randomUUID(),
    run_job_id: `job-${i}`,
    attempt: r.attempt ?? 1,
    result_type: 'FINAL',
    location: r.location,
    status: r.status,
    has_failures: r.status === 'failing' ? 1 : 0,
    has_errors: 0,
    is_degraded: r.status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: r.responseTime,
    error_kind: null,
    error_message: null,
    status_code: r.statusCode === undefined ? 200 : r.statusCode,
    scheduled_at: r.startedAt,
    started_at: r.startedAt,
    stopped_at: r.startedAt + r.responseTime,
    trigger: 'SCHEDULER',
    session_id: null,
    doc: JSON.stringify({ timingPhases: phases }),
    metrics: JSON.stringify({ responseTime: r.responseTime, ...phases }),
    created_at: r.startedAt + 1000,
  }
}
