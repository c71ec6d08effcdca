/**
 * Test sessions: a recorded run of a set of checks (from the API, the CLI or a trigger). Each check runs through
 * an ordinary check session (run jobs any engine instance or agent takes); the test session records which runs
 * are its own, follows them to completion, and keeps their outcomes after the checks are gone.
 */
import { newId } from '../../lib/ids.js'
import { FieldErrorCollector, NotFoundError, ValidationError } from '../../domain/errors.js'
import type { RunOverrides } from '../../domain/runs/run-overrides.js'
import { buildRunOverrides } from '../../domain/runs/run-override-input.js'
import type { FieldErrors } from '../../domain/errors.js'
import type { CheckRecord } from '../../store/checks.js'
import type { CheckResultRow } from '../../store/run-rows.js'
import type { TestSessionRow, TestSessionRunRow } from '../../store/test-session-rows.js'
import type { TestSessionFilter } from '../../store/test-sessions.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { RUNNABLE_TYPES, type CheckSessionService, type StartedSession } from '../checks/check-sessions.js'
import type { AssetService } from '../results/assets.js'
import type { AssetFilter } from '../results/manifest.js'
import { presentResult } from '../results/result-view.js'
import type {
  TestSessionAssetManifest,
  TestSessionList,
  TestSessionMetadata,
  TestSessionResultDetailView,
  TestSessionView,
  TriggerTestSessionBody,
} from '../../domain/test-sessions/contract.js'
import { presentListEntry, presentRun, presentSession, runOutcome, sessionOutcome, type Links, type RunOutcome } from './test-session-view.js'

export interface StartTestSession {
  name: string
  /** API, TRIGGER, GITHUB (deployments), PW_REPORTER (the CLI). */
  provider: string
  /** Every run goes there; without it each check runs in one of its own locations. */
  runLocation?: string | undefined
  metadata?: TestSessionMetadata | undefined
  invoker?: string | undefined
  /** The check sessions' runSource. */
  runSource: string
  /** What every run of the session takes in place of its check's settings (domain/runs/run-overrides.ts). */
  overrides?: RunOverrides | undefined
}

export type TestSessionListQuery = Omit<TestSessionFilter, 'accountId' | 'after' | 'ids'> & { nextId?: string | undefined; errorGroupId?: string | undefined }

export interface TestSessionService {
  trigger(accountId: string, body: TriggerTestSessionBody, schemaErrors?: FieldErrors): Promise<TestSessionView>
  /** Starts a test session of these checks; returns its id. */
  start(accountId: string, checks: CheckRecord[], input: StartTestSession): Promise<string>
  /**
   * Opens a test session whose runs are added as they start (a trigger that paces its checks); `add` records the
   * runs of one started check session.
   */
  open(accountId: string, input: StartTestSession): Promise<{ id: string; add(check: CheckRecord, started: StartedSession): Promise<void> }>
  list(accountId: string, q: TestSessionListQuery): Promise<TestSessionList>
  get(accountId: string, id: string): Promise<TestSessionView>
  /** Waits up to maxWaitMs; `done` tells whether the session finished. */
  await(accountId: string, id: string, maxWaitMs: number): Promise<{ done: boolean; view: TestSessionView }>
  result(accountId: string, id: string, resultId: string): Promise<TestSessionResultDetailView>
  assets(accountId: string, id: string, resultId: string, filter: AssetFilter): Promise<TestSessionAssetManifest>
  /** Cancels the session's unfinished runs (all, or those of `sequenceIds`). */
  cancel(accountId: string, id: string, sequenceIds?: string[] | undefined): Promise<void>
  /** Forgets a session that was not to be recorded, once its runs have ended (their check results stay). */
  discard(accountId: string, id: string): Promise<void>
}

export const testSessionServiceUses = uses(['results', 'runCancellations', 'testSessions'], ['clock', 'publicBaseUrl', 'transact'])
export type TestSessionServiceDeps = DepsOf<typeof testSessionServiceUses>

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const PAGE_DEFAULT = 20

export function testSessionService(deps: TestSessionServiceDeps, parts: { checkSessions: CheckSessionService; assets: AssetService }): TestSessionService {
  const { stores, clock } = deps
  const { checkSessions } = parts
  const base = deps.publicBaseUrl
  // A session's link opens its console page; a run's opens its check's result (its results until it has one).
  const links: Links = {
    session: (session) => `${base}/test-sessions/${encodeURIComponent(session.id)}`,
    result: (run, resultId) => `${base}/checks/${encodeURIComponent(run.check_id)}/results${resultId ? `/${encodeURIComponent(resultId)}` : ''}`,
  }

  async function sessionOf(accountId: string, id: string): Promise<TestSessionRow> {
    const row = await stores.testSessions.get(accountId, id.toLowerCase())
    if (!row) throw new NotFoundError('Test session', id)
    return row
  }

  /** Every run's outcome: final results by sequence, cancellations, and what the session recorded. */
  async function outcomes(session: TestSessionRow): Promise<{ runs: RunOutcome[]; cancelledAt: Map<string, number> }> {
    const runs = await stores.testSessions.runs(session.id)
    const sessionIds = [...new Set(runs.map((r) => r.check_session_id))]
    const finals = new Map<string, CheckResultRow>()
    for (const sid of sessionIds) {
      for (const r of await stores.results.listBySession(session.account_id, sid)) if (r.result_type === 'FINAL') finals.set(r.sequence_id, r)
    }
    const cancelledAt = new Map((await stores.runCancellations.listBySessions(session.account_id, sessionIds)).map((c) => [c.sequence_id, Number(c.cancelled_at)]))
    return { runs: runs.map((r) => runOutcome(r, finals.get(r.sequence_id), cancelledAt.has(r.sequence_id))), cancelledAt }
  }

  async function view(accountId: string, id: string): Promise<{ done: boolean; view: TestSessionView }> {
    const session = await sessionOf(accountId, id)
    const { runs, cancelledAt } = await outcomes(session)
    const v = presentSession(session, runs, cancelledAt, links, clock.now())
    return { done: v.status !== 'RUNNING', view: v }
  }

  async function runOf(accountId: string, id: string, resultId: string): Promise<{ session: TestSessionRow; outcome: RunOutcome }> {
    const session = await sessionOf(accountId, id)
    const run = await stores.testSessions.run(accountId, session.id, resultId.toLowerCase())
    if (!run) throw new NotFoundError('Test session result', resultId)
    const { runs } = await outcomes(session)
    return { session, outcome: runs.find((o) => o.run.id === run.id) ?? runOutcome(run, undefined, false) }
  }

  const runRows = (accountId: string, id: string, check: CheckRecord, started: StartedSession, now: number): TestSessionRunRow[] =>
    started.runs.map((r) => ({
      id: newId(),
      test_session_id: id,
      account_id: accountId,
      check_session_id: started.sessionId,
      sequence_id: r.sequence_id,
      check_id: check.id,
      check_name: String(check.doc.name),
      check_type: check.checkType,
      location: r.location,
      private_location_id: r.private_location_id,
      status: 'RUNNING',
      result_id: null,
      has_failures: 0,
      has_errors: 0,
      is_degraded: 0,
      response_time: null,
      error_message: null,
      error_group_id: null,
      started_at: null,
      stopped_at: null,
      created_at: now,
    }))

  const sessionRow = async (
    accountId: string,
    id: string,
    checks: CheckRecord[],
    input: StartTestSession,
    first: TestSessionRunRow | undefined,
    now: number,
  ): Promise<TestSessionRow> => ({
    id,
    account_id: accountId,
    project_id: await stores.testSessions.projectOfChecks(
      accountId,
      checks.map((c) => c.id),
    ),
    name: input.name,
    provider: input.provider,
    region: input.runLocation ?? first?.location ?? '',
    private_location_id: first?.private_location_id ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
    invoker: input.invoker ?? null,
    status: 'RUNNING',
    stopped_at: null,
    created_at: now,
    updated_at: null,
  })

  async function start(accountId: string, checks: CheckRecord[], input: StartTestSession): Promise<string> {
    const now = clock.now()
    const id = newId()
    const runs: TestSessionRunRow[] = []
    for (const check of checks)
      runs.push(
        ...runRows(accountId, id, check, await checkSessions.startRuns(accountId, check, input.runSource, { runLocation: input.runLocation, overrides: input.overrides }), now),
      )
    await stores.testSessions.insert(await sessionRow(accountId, id, checks, input, runs[0], now), runs)
    return id
  }

  return {
    async trigger(accountId, body, schemaErrors) {
      // Overrides are built only from a body that passed its schema; their own problems join the schema's in one 400.
      const problems = new FieldErrorCollector()
      const overrides = schemaErrors === undefined ? buildRunOverrides(body, problems) : {}
      const bodyErrors = problems.empty ? schemaErrors : { ...problems.fields, ...schemaErrors }
      const checks = await checkSessions.select(accountId, body.target ?? {}, { allowDeactivated: body.target?.allowDeactivated === true }, bodyErrors)
      // Checked before any run starts, so that a refused target leaves nothing half started.
      const unrunnable = checks.find((c) => !RUNNABLE_TYPES.has(c.checkType))
      if (unrunnable) throw new ValidationError({ 'target.checkId': `${unrunnable.checkType} checks cannot be run on demand` })
      const id = await start(accountId, checks, {
        name: body.name,
        provider: 'API',
        runLocation: body.runLocation,
        metadata: body.metadata,
        runSource: 'TRIGGER_RECORD',
        overrides,
      })
      return (await view(accountId, id)).view
    },
    start,
    async open(accountId, input) {
      const now = clock.now()
      const id = newId()
      await stores.testSessions.insert(await sessionRow(accountId, id, [], { ...input, runLocation: input.runLocation ?? '' }, undefined, now), [])
      return {
        id,
        async add(check, started) {
          const rows = runRows(accountId, id, check, started, clock.now())
          await stores.testSessions.insertRuns(rows)
          await stores.testSessions.setStatus(id, 'RUNNING', null, clock.now())
        },
      }
    },
    async list(accountId, q) {
      const limit = q.limit ?? PAGE_DEFAULT
      const after = q.nextId ? await stores.testSessions.get(accountId, q.nextId) : undefined
      if (q.nextId && !after) return { length: 0, entries: [], nextId: null }
      const ids = q.errorGroupId === undefined ? undefined : await stores.testSessions.sessionsWithErrorGroup(accountId, q.errorGroupId)
      const rows = await stores.testSessions.list({ ...q, accountId, ids, limit: limit + 1, after: after ? { createdAt: Number(after.created_at), id: after.id } : undefined })
      const page = rows.slice(0, limit)
      const entries = await Promise.all(page.map(async (s) => presentListEntry(s, await stores.testSessions.runs(s.id))))
      return { length: entries.length, entries, nextId: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null }
    },
    get: async (accountId, id) => (await view(accountId, id)).view,
    async await(accountId, id, maxWaitMs) {
      const deadline = Date.now() + maxWaitMs
      for (;;) {
        const v = await view(accountId, id)
        if (v.done || Date.now() >= deadline) return v
        await sleep(Math.min(100, Math.max(1, deadline - Date.now())))
      }
    },
    async result(accountId, id, resultId) {
      const { outcome } = await runOf(accountId, id, resultId)
      const { run, final } = outcome
      const detail = final ? presentResult(final, run.check_name, base) : {}
      const summary = presentRun(outcome, links)
      return {
        ...detail,
        ...summary,
        id: run.id,
        privateLocationId: run.private_location_id,
        isCancelled: outcome.status === 'CANCELLED',
        overMaxResponseTime: final ? Number(final.over_max_response_time) === 1 : false,
        attempts: final ? Number(final.attempt) : 0,
        sequenceId: run.sequence_id,
        scheduleError: null,
        traceId: typeof (detail as { traceId?: unknown }).traceId === 'string' ? String((detail as { traceId: string }).traceId) : null,
        created_at: new Date(Number(run.created_at)).toISOString(),
        updated_at: final ? new Date(Number(final.created_at)).toISOString() : null,
      }
    },
    async assets(accountId, id, resultId, filter) {
      const { session, outcome } = await runOf(accountId, id, resultId)
      if (!outcome.final) return { assets: [] }
      const manifest = await parts.assets.manifest(accountId, outcome.run.check_id, outcome.final.id, filter)
      return { assets: manifest.assets.map((a) => ({ ...a, source: { ...a.source, type: 'test-session-result' as const, testSessionId: session.id } })) }
    },
    discard: (accountId, id) => stores.testSessions.remove(accountId, id.toLowerCase()),
    async cancel(accountId, id, sequenceIds) {
      const session = await sessionOf(accountId, id)
      const runs = await stores.testSessions.runs(session.id)
      const cancelled = new Set(await checkSessions.cancelRuns(accountId, [...new Set(runs.map((r) => r.check_session_id))], sequenceIds))
      const now = clock.now()
      for (const run of runs) if (cancelled.has(run.sequence_id)) await stores.testSessions.updateRun(run.id, { status: 'CANCELLED', stopped_at: now })
      const { runs: after } = await outcomes(session)
      const { status, done } = sessionOutcome(after)
      await stores.testSessions.setStatus(session.id, status, done ? now : null, now)
    },
  }
}
