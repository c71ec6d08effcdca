/**
 * The messages of the result stream (pure), in the shapes the vendor CLI's runners and reporters read: a
 * `result` message carries `{ result, testResultId, resultType }`, where `result` has the run's flags and times and
 * `checkRunData` (request, response, assertions or request error) inline, so that the client prints a failure's
 * details without fetching them; an `error` message is the text of a run that ended without a result.
 */
import { resultDetailKey } from '../results/result-view-schema.js'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

const shown = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v))

/** An evaluated assertion as the client prints it: `error` set means failed, `actual` is what was received. */
export function streamAssertion(a: unknown): Json {
  const raw = isObject(a) ? a : {}
  const failed = raw.passed === false
  return {
    source: raw.source,
    property: raw.property ?? '',
    comparison: raw.comparison,
    target: raw.target,
    regex: raw.regex ?? null,
    actual: shown(raw.actual),
    ...(failed ? { error: typeof raw.error === 'string' && raw.error !== '' ? raw.error : 'assertion failed' } : {}),
  }
}

/** The details the client renders under a result: request and response of HTTP runs, their assertions, or the error. */
export function checkRunData(checkType: string, detail: Json): Json {
  const key = resultDetailKey(checkType)
  const d = isObject(detail[key]) ? (detail[key] as Json) : {}
  const request = isObject(d.request) ? { ...d.request, data: d.request.body ?? d.request.data } : d.request
  const requestError = typeof d.requestError === 'string' && d.requestError !== '' ? d.requestError : undefined
  return {
    ...(request !== undefined ? { request } : {}),
    ...(isObject(d.response) ? { response: d.response } : {}),
    ...(requestError ? { requestError } : {}),
    assertions: Array.isArray(d.assertions) ? d.assertions.map(streamAssertion) : [],
  }
}

/** A FINAL result message of one run, from the test session's result in full (TestSessionResultDetailView). */
export function resultMessage(detail: Json, extra: { logicalId?: string | undefined; sourceFile?: string | undefined } = {}): Json {
  const checkType = String(detail.checkType ?? '')
  return {
    testResultId: detail.testSessionResultId ?? detail.id,
    resultType: 'FINAL',
    result: {
      name: detail.name,
      checkType,
      checkId: detail.checkId,
      ...(extra.logicalId ? { logicalId: extra.logicalId } : {}),
      ...(extra.sourceFile ? { sourceFile: extra.sourceFile } : {}),
      hasFailures: detail.hasFailures === true,
      hasErrors: detail.hasErrors === true,
      isDegraded: detail.isDegraded === true,
      responseTime: detail.responseTime ?? null,
      runLocation: detail.runLocation,
      startedAt: detail.startedAt ?? null,
      stoppedAt: detail.stoppedAt ?? null,
      checkRunData: checkRunData(checkType, detail),
      ...(detail.scheduleError ? { scheduleError: detail.scheduleError } : {}),
    },
  }
}
