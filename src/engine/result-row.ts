/**
 * A runner's RunResult as a stored check_results row (pure). This is the one place a run's output is stored, so
 * it is where the run's secret values are redacted: every reader (results API, check sessions, alerting and its
 * notifications) only ever sees the redacted row.
 */
import type { Redactor } from '../domain/secrets/redact.js'
import type { RunResult } from '../runners/contract.js'
import { extractRunMetrics } from '../domain/analytics/extract.js'
import type { CheckResultRow, RunJobRow } from '../store/run-rows.js'
import { redactRunResult } from './redact-result.js'

const MAX_ERROR_LENGTH = 2000

export interface ResultRowInput {
  id: string
  job: RunJobRow
  checkType: string
  result: RunResult
  final: boolean
  at: number
  /** The run's secrets (null or left out when it has none). */
  redactor?: Redactor | null
}

export function toResultRow(input: ResultRowInput): CheckResultRow {
  const { job } = input
  const result = redactRunResult(input.result, input.redactor ?? null)
  const response = result.details.response as { status?: unknown } | undefined
  const statusCode = typeof response?.status === 'number' ? response.status : null
  return {
    id: input.id,
    account_id: job.account_id,
    check_id: job.check_id,
    check_type: input.checkType,
    sequence_id: job.sequence_id,
    run_job_id: job.id,
    attempt: job.attempt,
    result_type: input.final ? 'FINAL' : 'ATTEMPT',
    location: job.location,
    status: result.status,
    has_failures: result.hasFailures ? 1 : 0,
    has_errors: result.hasErrors ? 1 : 0,
    is_degraded: result.isDegraded ? 1 : 0,
    over_max_response_time: result.overMaxResponseTime ? 1 : 0,
    response_time: Math.max(0, Math.round(result.responseTime * 1000) / 1000),
    error_kind: result.errorKind,
    error_message: result.errorMessage === null ? null : result.errorMessage.slice(0, MAX_ERROR_LENGTH),
    status_code: statusCode,
    scheduled_at: job.scheduled_at,
    started_at: result.startedAt,
    stopped_at: result.stoppedAt,
    trigger: job.trigger,
    session_id: job.session_id,
    doc: JSON.stringify({
      assertions: result.assertions,
      timingPhases: result.timingPhases,
      details: result.details,
      jobLog: result.jobLog.slice(0, 200),
      networkError: result.networkError,
      parallelTotal: job.parallel_total,
    }),
    metrics: JSON.stringify(extractRunMetrics({ checkType: input.checkType, responseTime: result.responseTime, timingPhases: result.timingPhases, details: result.details })),
    created_at: input.at,
  }
}

/** A failing result of a run that never ran: nothing was measured, and `errorKind` with the message says why. */
export function notRunResult(errorKind: RunResult['errorKind'], message: string, now: number, how: { hasFailures: boolean; jobLog: string[] }): RunResult {
  return {
    status: 'failing',
    hasFailures: how.hasFailures,
    hasErrors: true,
    isDegraded: false,
    overMaxResponseTime: false,
    errorKind,
    errorMessage: message,
    networkError: false,
    responseTime: 0,
    startedAt: now,
    stoppedAt: now,
    assertions: [],
    timingPhases: {},
    details: {},
    jobLog: how.jobLog,
  }
}

/** A result for a run that could not be attempted at all (a bug, or the check can no longer run). */
export const internalFailure = (message: string, now: number): RunResult => notRunResult('INTERNAL', message, now, { hasFailures: false, jobLog: [] })
