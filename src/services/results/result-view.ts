/** Response shapes of check results and statuses. */
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { CheckStatusRow } from '../../store/schema.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import { assetsOfDoc, resultAssetFields } from './manifest.js'
import { resultDetailKey, type CheckResultView } from '../../domain/results/result-view-schema.js'
import type { CheckStatus } from '../../domain/checks/enums.js'
import { PENDING_STATUS, type CheckStatusView } from '../../domain/results/status-view-schema.js'
import { checkRunIdOf, traceIdOf } from '../../domain/results/run-ids.js'

/**
 * An HTTP run that got no response (refused, timed out, blocked by the egress policy) still answers an object:
 * the reference types `apiCheckResult.response` as one, and its clients read its status without a guard. Status 0
 * is how HTTP clients report "no response"; `requestError` says why.
 */
export const NO_HTTP_RESPONSE = { status: 0, statusText: 'No response', headers: {}, body: '' } as const

/** `baseUrl`: the public base address, for the URLs of a browser, multi-step or Playwright result's stored files. */
export function presentResult(r: CheckResultRow, checkName: string | undefined, baseUrl = ''): CheckResultView {
  const doc = JSON.parse(r.doc) as { assertions?: unknown[]; timingPhases?: Record<string, number>; details?: Record<string, unknown>; jobLog?: string[] }
  const { assets: _assets, ...details } = doc.details ?? {}
  const detailKey = resultDetailKey(r.check_type)
  const lines = doc.jobLog ?? []
  return {
    id: r.id,
    checkId: r.check_id,
    name: checkName ?? null,
    checkType: r.check_type,
    resultType: r.result_type,
    sequenceId: r.sequence_id,
    checkRunId: checkRunIdOf(r.run_job_id),
    traceId: traceIdOf(r.run_job_id),
    attempts: r.attempt,
    runLocation: r.location,
    status: r.status,
    hasFailures: r.has_failures === 1,
    hasErrors: r.has_errors === 1,
    isDegraded: r.is_degraded === 1,
    overMaxResponseTime: r.over_max_response_time === 1,
    responseTime: Number(r.response_time),
    errorKind: r.error_kind,
    error: r.error_message,
    statusCode: r.status_code,
    trigger: r.trigger,
    checkSessionId: r.session_id,
    scheduledAt: r.scheduled_at === null ? null : toIso(Number(r.scheduled_at)),
    startedAt: toIso(Number(r.started_at)),
    stoppedAt: toIso(Number(r.stopped_at)),
    created_at: toIso(Number(r.created_at)),
    [detailKey]: {
      ...details,
      ...(detailKey === 'apiCheckResult' && details.response === null ? { response: NO_HTTP_RESPONSE } : {}),
      ...resultAssetFields(r.check_type, r.check_id, r.id, assetsOfDoc(doc), baseUrl),
      timingPhases: doc.timingPhases ?? {},
      // An agentic run's assertions are the conditions the agent judged (AgenticAssertion), kept with its details.
      assertions: detailKey === 'agenticCheckResult' && Array.isArray(details.assertions) ? details.assertions : (doc.assertions ?? []),
      // apiCheckResult carries the log as an object, as the reference types it there; every other type as lines.
      jobLog: detailKey === 'apiCheckResult' ? { lines } : lines,
    },
  }
}

/**
 * The latest status of a check. `sslDaysRemaining`: days left on the check's watched SSL certificate, null when
 * none was read. Without a status row (no final result yet) the check is `pending`: no failure, error or
 * degradation reported, every run field null, and updated_at null.
 */
export function presentStatus(s: CheckStatusRow | undefined, check: { id: string; name: string; createdAt: number }, sslDaysRemaining: number | null = null): CheckStatusView {
  return {
    checkId: check.id,
    name: check.name,
    // The engine writes only a result's status (passing, failing, degraded) to the row.
    status: (s?.status as CheckStatus | undefined) ?? PENDING_STATUS,
    hasFailures: s?.has_failures === 1,
    hasErrors: s?.has_errors === 1,
    isDegraded: s?.is_degraded === 1,
    longestRun: s?.longest_run === null || s?.longest_run === undefined ? null : Number(s.longest_run),
    shortestRun: s?.shortest_run === null || s?.shortest_run === undefined ? null : Number(s.shortest_run),
    lastRunLocation: s?.last_location ?? null,
    lastCheckRunId: s?.last_result_id ?? null,
    lastRunAt: toIsoOrNull(s?.last_run_at === null || s?.last_run_at === undefined ? null : Number(s.last_run_at)),
    sslDaysRemaining,
    created_at: toIso(check.createdAt),
    updated_at: s ? toIso(Number(s.updated_at)) : null,
  }
}
