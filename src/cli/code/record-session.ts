/**
 * `picket test --record`: the checks run as one test session (POST /v1/test-sessions/trigger) instead of loose
 * run-now sessions, so that the runs, their results and assets stay readable under the session after the
 * temporary project is gone, with a link to share. The answer is turned into the same outcomes `picket test` prints.
 */
import { CliError, type ApiClient } from './api-client.js'
import { awaitCompletion, type SessionOutcome, type SessionResult } from './run-sessions.js'

interface RecordedResult {
  testSessionResultId: string
  testSessionResultLink: string
  checkId: string | null
  checkType: string
  name: string
  runLocation: string
  resultType: string
  hasErrors: boolean
  hasFailures: boolean
  isDegraded: boolean
  responseTime: number | null
  startedAt: string | null
  stoppedAt: string | null
}

interface RecordedSession {
  testSessionId: string
  testSessionLink: string
  status: string
  timeElapsed: number
  results: RecordedResult[]
}

export interface Recording {
  testSessionId: string
  testSessionLink: string
  outcomes: SessionOutcome[]
}

/** At most this many checks per trigger, as the route takes them. */
const MAX_CHECKS = 100

const failed = (r: RecordedResult) => r.hasFailures || r.hasErrors

/** The outcome of one check from its runs in the session (pure): failed if a run failed, degraded if one was. */
export function outcomeOfRuns(
  checkId: string,
  runs: RecordedResult[],
  timeElapsed: number,
  errors: Map<string, { errorKind: string | null; error: string | null }>,
): SessionOutcome {
  const finals = runs.filter((r) => r.resultType === 'FINAL')
  const pending = runs.some((r) => r.resultType === 'PENDING')
  const status = pending ? 'TIMED_OUT' : finals.some(failed) ? 'FAILED' : finals.some((r) => r.isDegraded) ? 'DEGRADED' : 'PASSED'
  const results: SessionResult[] = finals.map((r) => ({
    runLocation: r.runLocation,
    status: failed(r) ? 'failing' : r.isDegraded ? 'degraded' : 'passing',
    responseTime: r.responseTime ?? 0,
    errorKind: errors.get(r.testSessionResultId)?.errorKind ?? null,
    error: errors.get(r.testSessionResultId)?.error ?? null,
    attempts: 1,
    resultType: 'FINAL',
  }))
  const first = runs[0]
  return { checkSessionId: first?.testSessionResultId ?? '', checkId, name: first?.name ?? null, checkType: first?.checkType ?? null, status, timeElapsed, results }
}

export async function recordSession(
  client: ApiClient,
  input: { name: string; checkIds: string[]; runLocation: string },
  timeoutSeconds: number,
  now: () => number = Date.now,
): Promise<Recording> {
  if (input.checkIds.length > MAX_CHECKS) throw new CliError(`--record runs at most ${MAX_CHECKS} checks in one test session; filter the checks to test`)
  const started = await client.call<RecordedSession>('POST', '/v1/test-sessions/trigger', {
    name: input.name,
    runLocation: input.runLocation,
    target: { checkId: input.checkIds, allowDeactivated: true },
  })
  const id = started.body.testSessionId
  const deadline = now() + timeoutSeconds * 1000
  // At the deadline the session as it stands: its unfinished runs show as timed out.
  const session =
    (await awaitCompletion<RecordedSession>(client, `/v1/test-sessions/${id}/completion`, deadline, now)) ??
    (await client.call<RecordedSession>('GET', `/v1/test-sessions/${id}`)).body
  // A failed run's error is in its result, read once per failed run.
  const errors = new Map<string, { errorKind: string | null; error: string | null }>()
  for (const r of session.results.filter((x) => x.resultType === 'FINAL' && failed(x))) {
    const detail = await client.call<{ errorKind?: string | null; error?: string | null }>('GET', `/v1/test-sessions/${id}/results/${r.testSessionResultId}`)
    errors.set(r.testSessionResultId, { errorKind: detail.body.errorKind ?? null, error: detail.body.error ?? null })
  }
  const byCheck = new Map<string, RecordedResult[]>()
  for (const r of session.results) byCheck.set(r.checkId ?? r.name, [...(byCheck.get(r.checkId ?? r.name) ?? []), r])
  return {
    testSessionId: id,
    testSessionLink: session.testSessionLink,
    outcomes: [...byCheck].map(([checkId, runs]) => outcomeOfRuns(checkId, runs, session.timeElapsed, errors)),
  }
}
