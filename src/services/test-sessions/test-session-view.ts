/**
 * Test sessions as the API shows them (pure): each run's outcome from its final check result when there is one,
 * else from what the session recorded of it (a cancellation, or the outcome kept after the check was deleted).
 */
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import type { TestSessionRow, TestSessionRunRow } from '../../store/test-session-rows.js'
import type { TestSessionListEntry, TestSessionMetadata, TestSessionResultView, TestSessionStatus, TestSessionView } from '../../domain/test-sessions/contract.js'

/** The outcome of one run of a session, whichever source it comes from. */
export interface RunOutcome {
  run: TestSessionRunRow
  status: TestSessionStatus
  final: CheckResultRow | undefined
}

export function runOutcome(run: TestSessionRunRow, final: CheckResultRow | undefined, cancelled: boolean): RunOutcome {
  if (final) return { run, status: final.status === 'failing' ? 'FAILED' : 'PASSED', final }
  if (cancelled) return { run, status: 'CANCELLED', final }
  return { run, status: run.status as TestSessionStatus, final }
}

/** A session fails when a run failed, is cancelled when a run was cancelled, and runs while a run has no outcome. */
export function sessionOutcome(outcomes: RunOutcome[]): { status: TestSessionStatus; done: boolean } {
  if (outcomes.some((o) => o.status === 'RUNNING')) return { status: 'RUNNING', done: false }
  if (outcomes.some((o) => o.status === 'FAILED')) return { status: 'FAILED', done: true }
  if (outcomes.some((o) => o.status === 'CANCELLED')) return { status: 'CANCELLED', done: true }
  return { status: 'PASSED', done: true }
}

/** When the session stopped: its last run's end (null while it runs). */
export function stoppedAtOf(outcomes: RunOutcome[], cancelledAt: Map<string, number>): number | null {
  if (sessionOutcome(outcomes).done === false) return null
  const ends = outcomes.map((o) => (o.final ? Number(o.final.stopped_at) : (cancelledAt.get(o.run.sequence_id) ?? (o.run.stopped_at === null ? null : Number(o.run.stopped_at)))))
  const known = ends.filter((e): e is number => e !== null)
  return known.length > 0 ? Math.max(...known) : null
}

export const metadataOf = (row: TestSessionRow): TestSessionMetadata => JSON.parse(row.metadata) as TestSessionMetadata

export interface Links {
  session: (session: TestSessionRow) => string
  result: (run: TestSessionRunRow, resultId: string | null) => string
}

export function presentRun(o: RunOutcome, links: Links): TestSessionResultView {
  const { run, final } = o
  const flag = (fromFinal: number | undefined, stored: number) => Number(fromFinal ?? stored) === 1
  const started = final ? Number(final.started_at) : run.started_at === null ? null : Number(run.started_at)
  const stopped = final ? Number(final.stopped_at) : run.stopped_at === null ? null : Number(run.stopped_at)
  const responseTime = final ? Number(final.response_time) : run.response_time === null ? null : Number(run.response_time)
  return {
    testSessionResultId: run.id,
    testSessionResultLink: links.result(run, final?.id ?? run.result_id),
    checkId: run.check_id,
    checkType: run.check_type,
    name: run.check_name,
    runLocation: run.location,
    errorGroupIds: run.error_group_id ? [run.error_group_id] : [],
    resultType: o.status === 'RUNNING' ? 'PENDING' : 'FINAL',
    status: o.status,
    hasErrors: flag(final?.has_errors, run.has_errors),
    hasFailures: flag(final?.has_failures, run.has_failures),
    isDegraded: flag(final?.is_degraded, run.is_degraded),
    aborted: false,
    responseTime,
    startedAt: toIsoOrNull(started),
    stoppedAt: toIsoOrNull(stopped),
  }
}

export function presentSession(session: TestSessionRow, outcomes: RunOutcome[], cancelledAt: Map<string, number>, links: Links, now: number): TestSessionView {
  const { status } = sessionOutcome(outcomes)
  const stoppedAt = stoppedAtOf(outcomes, cancelledAt)
  const results = outcomes.map((o) => presentRun(o, links))
  return {
    testSessionId: session.id,
    testSessionLink: links.session(session),
    name: session.name,
    status,
    errorGroupIds: [...new Set(results.flatMap((r) => r.errorGroupIds))],
    startedAt: toIso(Number(session.created_at)),
    stoppedAt: toIsoOrNull(stoppedAt),
    timeElapsed: (stoppedAt ?? now) - Number(session.created_at),
    metadata: metadataOf(session),
    results,
  }
}

/** A list entry, from what the session recorded of its runs (the hook keeps it current). */
export function presentListEntry(session: TestSessionRow, runs: TestSessionRunRow[]): TestSessionListEntry {
  const meta = metadataOf(session)
  const ids = (status: string) => runs.filter((r) => r.status === status).map((r) => r.id)
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  return {
    id: session.id,
    accountId: session.account_id,
    projectId: session.project_id,
    name: session.name,
    provider: session.provider,
    errorGroupIds: [...new Set(runs.map((r) => r.error_group_id).filter((g): g is string => g !== null))],
    running: ids('RUNNING'),
    passed: ids('PASSED'),
    failed: ids('FAILED'),
    cancelled: ids('CANCELLED'),
    status: session.status as TestSessionStatus,
    region: session.region,
    privateLocationId: session.private_location_id,
    invoker: session.invoker === null ? null : { name: session.invoker, picture: null },
    repoUrl: text(meta.repoUrl),
    commitId: text(meta.commitId),
    commitOwner: text(meta.commitOwner),
    commitMessage: text(meta.commitMessage),
    branchName: text(meta.branchName),
    environment: text(meta.environment),
    startedAt: toIso(Number(session.created_at)),
    stoppedAt: toIsoOrNull(session.stopped_at === null ? null : Number(session.stopped_at)),
    created_at: toIso(Number(session.created_at)),
    updated_at: toIsoOrNull(session.updated_at === null ? null : Number(session.updated_at)),
  }
}
