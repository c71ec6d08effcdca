/**
 * The FINAL check result a heartbeat event records (pure): a passing result per ping, a failing one per /fail
 * signal or missed deadline. Results make status, alerting, availability and analytics work as for any check.
 */
import { newId } from '../lib/ids.js'
import type { HeartbeatEventRow } from '../store/heartbeats.js'
import type { CheckResultRow } from '../store/run-rows.js'
import type { Outcome } from '../domain/heartbeats/timer.js'

export const HEARTBEAT_LOCATION = 'heartbeat'
export const HEARTBEAT_TRIGGER = 'HEARTBEAT'

export interface HeartbeatFailure {
  kind: 'HEARTBEAT_MISSED' | 'HEARTBEAT_FAIL_SIGNAL'
  message: string
}

export function heartbeatResultRow(input: { event: HeartbeatEventRow; outcome: Outcome; failure: HeartbeatFailure | null; at: number }): CheckResultRow {
  const { event, outcome } = input
  const failing = outcome === 'failing'
  return {
    id: event.result_id ?? newId(),
    account_id: event.account_id,
    check_id: event.check_id,
    check_type: 'HEARTBEAT',
    sequence_id: newId(),
    run_job_id: event.id,
    attempt: 1,
    result_type: 'FINAL',
    location: HEARTBEAT_LOCATION,
    status: outcome,
    has_failures: failing ? 1 : 0,
    has_errors: 0,
    is_degraded: 0,
    over_max_response_time: 0,
    response_time: event.duration_ms === null ? 0 : Number(event.duration_ms),
    error_kind: failing ? (input.failure?.kind ?? 'HEARTBEAT_MISSED') : null,
    error_message: failing ? (input.failure?.message ?? null) : null,
    status_code: null,
    scheduled_at: null,
    started_at: event.created_at,
    stopped_at: Math.max(event.created_at, input.at),
    trigger: HEARTBEAT_TRIGGER,
    session_id: null,
    doc: JSON.stringify({
      assertions: [],
      timingPhases: {},
      details: {
        event: { id: event.id, type: event.type, state: event.state, method: event.method, source: event.source, userAgent: event.user_agent },
        durationMs: event.duration_ms === null ? null : Number(event.duration_ms),
      },
      jobLog: [],
      networkError: false,
      parallelTotal: 1,
    }),
    metrics: '{}',
    created_at: input.at,
  }
}
