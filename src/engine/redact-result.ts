/**
 * A run's output with its secrets redacted (pure): the error message, the job log (script output included), the
 * assertions' values and the details (request and response: URL, headers, body, redirects, errors …). The verdict
 * fields (status, error kind, flags, times) are vocabulary and numbers, never user output, and are kept as they
 * are so that no secret value can ever change what a run means.
 */
import type { Redactor } from '../domain/secrets/redact.js'
import type { AssertionOutcome, RunResult } from '../runners/contract.js'

function redactAssertion(a: AssertionOutcome, r: Redactor): AssertionOutcome {
  return {
    ...a,
    property: r.text(a.property),
    target: r.text(a.target),
    regex: a.regex === null ? null : r.text(a.regex),
    actual: r.deep(a.actual),
    ...(a.error === undefined ? {} : { error: r.text(a.error) }),
  }
}

export function redactRunResult(result: RunResult, redactor: Redactor | null): RunResult {
  if (!redactor) return result
  return {
    ...result,
    errorMessage: result.errorMessage === null ? null : redactor.text(result.errorMessage),
    assertions: result.assertions.map((a) => redactAssertion(a, redactor)),
    details: redactor.deep(result.details),
    jobLog: result.jobLog.map((line) => redactor.text(line)),
  }
}
