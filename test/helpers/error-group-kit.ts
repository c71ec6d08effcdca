/** Shared by the error-group API tests: a FINAL result as the engine hands it on, and the reference response shape. */
import { randomUUID } from 'node:crypto'
import { Ajv } from 'ajv'
import type { CheckResultRow } from '../../src/store/run-rows.js'

export type GroupItem = Record<string, unknown> & { id: string; checkId: string; occurrences: number; cleanedErrorMessage: string }

/** A stored FINAL result as the engine hands it on (only what error grouping reads matters). */
export function finalResult(accountId: string, checkId: string, message: string | null, at: number, status = 'failing'): CheckResultRow {
  return {
    id: randomUUID(),
    account_id: accountId,
    check_id: checkId,
    check_type: 'API',
    sequence_id: randomUUID(),
    run_job_id: randomUUID(),
    attempt: 1,
    result_type: 'FINAL',
    location: 'us-east-1',
    status,
    has_failures: status === 'failing' ? 1 : 0,
    has_errors: 0,
    is_degraded: status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: 12,
    error_kind: null,
    error_message: message,
    status_code: null,
    scheduled_at: at,
    started_at: at,
    stopped_at: at + 12,
    trigger: 'SCHEDULER',
    session_id: null,
    doc: '{}',
    created_at: at + 20,
  } as CheckResultRow
}

/**
 * The reference OpenAPI's ErrorGroup schema (the items of ErrorGroupsList are the same), transcribed. Its firstSeen
 * and lastSeen say `format: date`; like every timestamp of this API they are ISO 8601 date-times, so formats are not
 * checked here (the tests check the ISO form themselves).
 */
const REFERENCE_ERROR_GROUP = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    checkId: { type: 'string' },
    errorHash: { type: 'string' },
    rawErrorMessage: { type: 'string', nullable: true },
    cleanedErrorMessage: { type: 'string' },
    firstSeen: { type: 'string' },
    lastSeen: { type: 'string' },
    archivedUntilNextEvent: { type: 'boolean' },
    rootCauseAnalyses: { type: 'array', items: { type: 'object' } },
  },
  required: ['id', 'checkId', 'errorHash', 'rawErrorMessage', 'cleanedErrorMessage', 'firstSeen', 'lastSeen', 'archivedUntilNextEvent'],
}
const ajv = new Ajv({ strict: false })
export const validReferenceGroup = ajv.compile(REFERENCE_ERROR_GROUP)
export const validReferenceList = ajv.compile({ type: 'array', items: REFERENCE_ERROR_GROUP })
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
