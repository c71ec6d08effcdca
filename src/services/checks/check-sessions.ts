/**
 * Check sessions: run checks now and follow them to completion (POST /v1/check-sessions/trigger and the CI/CD
 * trigger URLs). The runs are ordinary run jobs, so any engine instance (or a private-location agent) runs them.
 */
import { newId } from '../../lib/ids.js'
import { toIso } from '../../lib/clock.js'
import { applyGroupSettings } from '../../domain/groups/apply-group-settings.js'
import { matchesTags } from '../../domain/schedule/match-tags.js'
import { locationInput, pickLocations } from '../../domain/schedule/pick-locations.js'
import { firstAttemptJobs } from '../../store/engine/run-jobs.js'
import { serializeOverrides, type RunOverrides } from '../../domain/runs/run-overrides.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import type { CheckRecord } from '../../store/checks.js'
import type { CheckSessionRow } from '../../store/schema.js'
import type { CheckResultRow, RunJobRow } from '../../store/run-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { presentResult } from '../results/result-view.js'
import type { CheckSessionResultView, CheckSessionView, SESSION_STATUSES } from '../../domain/checks/session-view-schema.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'

/** A session as the API shows it. */
export type SessionView = CheckSessionView
export const RUNNABLE_TYPES = new Set(['API', 'URL', 'TCP', 'DNS', 'ICMP', 'SSL', 'TRACEROUTE', 'GRPC', 'BROWSER', 'MULTI_STEP', 'PLAYWRIGHT', 'AGENTIC'])

export interface SessionTarget {
  checkId?: string[] | undefined
  matchTags?: string[][] | undefined
}

/** Where a started run goes: one location of the check's own choice, or the one named here. */
export interface StartOptions {
  /** A data-center location, or a private location's slug name or id: every run of the session goes there. */
  runLocation?: string | undefined
  /**
   * What these runs take in place of the check's settings (environment variables, retry strategy, environment
   * URL, a fresh dependency install); they travel with the run jobs to whichever runner or agent takes them.
   */
  overrides?: RunOverrides | undefined
}

/** The runs a session started: one run sequence per location. */
export interface StartedSession {
  sessionId: string
  runs: Array<Pick<RunJobRow, 'sequence_id' | 'location' | 'private_location_id'>>
}

export interface CheckSessionService {
  /** `schemaErrors`: the reasons the body failed its schema for, if it did; one 400 names them with the target's. */
  trigger(accountId: string, target: SessionTarget, runSource: string, schemaErrors?: FieldErrors): Promise<SessionView[]>
  start(accountId: string, check: CheckRecord, runSource: string): Promise<string>
  /**
   * The checks a target names: by id (any the account has), or by tags (of the check or its group; only types that
   * run on demand, and only activated ones unless `allowDeactivated`). A 404 when none matches.
   */
  select(accountId: string, target: unknown, options?: { allowDeactivated?: boolean | undefined }, schemaErrors?: FieldErrors): Promise<CheckRecord[]>
  /** Starts a session and tells its runs. */
  startRuns(accountId: string, check: CheckRecord, runSource: string, options?: StartOptions): Promise<StartedSession>
  /** Cancels the unfinished runs of sessions (all, or those of `sequenceIds`); returns the sequences cancelled. */
  cancelRuns(accountId: string, sessionIds: string[], sequenceIds?: string[] | undefined): Promise<string[]>
  /** Cancels a check session's unfinished runs (404 when the account has no such session). */
  cancel(accountId: string, sessionId: string, sequenceIds?: string[] | undefined): Promise<void>
  get(accountId: string, sessionId: string): Promise<SessionView>
  /** Waits up to maxWaitMs; `done` tells whether the session finished. */
  await(accountId: string, sessionId: string, maxWaitMs: number): Promise<{ done: boolean; view: SessionView }>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** How a trigger picks its checks: by id when checkId lists some, else by matchTags; a 400 when it names neither. */
export function sessionSelector(target: unknown): { checkIds: string[] } | { matchTags: string[][] } {
  const t = (target !== null && typeof target === 'object' ? target : {}) as SessionTarget
  if (Array.isArray(t.checkId) && t.checkId.length > 0) return { checkIds: t.checkId }
  if (Array.isArray(t.matchTags) && t.matchTags.length > 0) return { matchTags: t.matchTags }
  throw new ValidationError({ target: 'must name checkId or matchTags' })
}

/** `cancelled`: runs cancelled without a final result; they end the session as much as a final result does. */
export function sessionStatus(expected: number, finals: CheckResultRow[], cancelled = 0): { done: boolean; status: (typeof SESSION_STATUSES)[number] } {
  const failed = finals.some((r) => r.status === 'failing')
  const degraded = finals.some((r) => r.status === 'degraded')
  if (finals.length + cancelled >= expected) return { done: true, status: failed ? 'FAILED' : cancelled > 0 ? 'CANCELLED' : degraded ? 'DEGRADED' : 'PASSED' }
  if (finals.length === 0) return { done: false, status: 'STARTED' }
  return { done: false, status: failed ? 'PROGRESS_FAILED' : degraded ? 'PROGRESS_DEGRADED' : 'PROGRESS' }
}

/** What the check session service uses: the wiring hands it these stores and shared things and no others. */
export const checkSessionServiceUses = uses(
  ['checkGroups', 'checks', 'jobs', 'privateLocations', 'results', 'runCancellations', 'sessions'],
  ['bell', 'clock', 'defaultLocation', 'publicBaseUrl', 'transact'],
)
export type CheckSessionServiceDeps = DepsOf<typeof checkSessionServiceUses>

export function checkSessionService(deps: CheckSessionServiceDeps): CheckSessionService {
  const { stores, clock } = deps

  async function groupOf(check: CheckRecord): Promise<StoredCheckGroupDoc | undefined> {
    return typeof check.doc.groupId === 'number' ? (await stores.checkGroups.get(check.accountId, check.doc.groupId))?.doc : undefined
  }

  async function startRuns(accountId: string, check: CheckRecord, runSource: string, options: StartOptions = {}): Promise<StartedSession> {
    if (!RUNNABLE_TYPES.has(check.checkType)) throw new ValidationError({ checkId: `${check.checkType} checks cannot be run on demand` })
    const group = await groupOf(check)
    const doc = group ? applyGroupSettings({ ...check.doc, checkType: check.checkType }, group) : check.doc
    const known = (await stores.privateLocations.list(accountId)).items.map((p) => ({ id: p.id, slugName: String(p.doc.slugName) }))
    const named = options.runLocation
    const privateNamed = named === undefined ? undefined : known.find((k) => k.id === named || k.slugName === named)
    const choice =
      named === undefined
        ? pickLocations(locationInput(doc, known), 0, deps.defaultLocation)
        : { targets: [privateNamed ? { location: privateNamed.slugName, privateLocationId: privateNamed.id } : { location: named, privateLocationId: null }] }
    const now = clock.now()
    const sessionId = newId()
    const session: CheckSessionRow = { id: sessionId, account_id: accountId, check_id: check.id, run_source: runSource, expected_runs: choice.targets.length, created_at: now }
    const overrides = serializeOverrides(options.overrides)
    const jobs = firstAttemptJobs({
      accountId,
      checkId: check.id,
      checkType: check.checkType,
      targets: choice.targets,
      scheduledAt: now,
      now,
      trigger: runSource,
      sessionId,
      overrides,
    })
    await deps.transact(async (s) => {
      await s.sessions.insert(session)
      await s.jobs.insertMany(jobs)
    })
    deps.bell?.ring('runs-queued')
    return { sessionId, runs: jobs.map((j) => ({ sequence_id: j.sequence_id, location: j.location, private_location_id: j.private_location_id })) }
  }

  const start = async (accountId: string, check: CheckRecord, runSource: string): Promise<string> => (await startRuns(accountId, check, runSource)).sessionId

  /**
   * Takes the runs out of the queue and records them cancelled; the runs of them executing are aborted by their
   * worker (which looks for cancellations, and is told at once when it is in this process) or their agent.
   */
  async function cancelRuns(accountId: string, sessionIds: string[], sequenceIds?: string[] | undefined): Promise<string[]> {
    const cancelled = await deps.transact((s) => s.runCancellations.cancel(accountId, sessionIds, sequenceIds && sequenceIds.length > 0 ? sequenceIds : null, clock.now()))
    if (cancelled.length > 0) deps.bell?.ring('runs-cancelled')
    return cancelled
  }

  const consoleLink = (checkId: string) => `${deps.publicBaseUrl}/checks/${encodeURIComponent(checkId)}/results`

  /** A session's result under the reference's names, beside the check result's own fields. */
  const sessionResult = (r: CheckResultRow, name: string | undefined): CheckSessionResultView => ({
    ...presentResult(r, name, deps.publicBaseUrl),
    checkResultId: r.id,
    checkResultLink: `${consoleLink(r.check_id)}/${encodeURIComponent(r.id)}`,
    aborted: false,
    isCancelled: false,
  })

  async function view(accountId: string, sessionId: string): Promise<{ done: boolean; view: SessionView }> {
    const session = await stores.sessions.get(accountId, sessionId)
    if (!session) throw new NotFoundError('Check session', sessionId)
    const check = await stores.checks.get(accountId, session.check_id)
    const results = await stores.results.listBySession(accountId, sessionId)
    const finals = results.filter((r) => r.result_type === 'FINAL')
    const finished = new Set(finals.map((r) => r.sequence_id))
    const cancelled = (await stores.runCancellations.listBySessions(accountId, [sessionId])).filter((c) => !finished.has(c.sequence_id))
    const { done, status } = sessionStatus(session.expected_runs, finals, cancelled.length)
    const lastCancel = cancelled.length > 0 ? Math.max(...cancelled.map((c) => Number(c.cancelled_at))) : null
    const ends = [...finals.map((r) => Number(r.stopped_at)), ...(lastCancel === null ? [] : [lastCancel])]
    const stoppedAt = done && ends.length > 0 ? Math.max(...ends) : null
    return {
      done,
      view: {
        checkSessionId: session.id,
        checkSessionLink: consoleLink(session.check_id),
        checkId: session.check_id,
        checkType: check?.checkType ?? null,
        name: check ? String(check.doc.name) : null,
        status,
        runSource: session.run_source,
        startedAt: toIso(Number(session.created_at)),
        stoppedAt: stoppedAt === null ? null : toIso(stoppedAt),
        timeElapsed: (stoppedAt ?? clock.now()) - Number(session.created_at),
        runLocations: [...new Set(results.map((r) => r.location))],
        hasFailures: finals.some((r) => r.has_failures === 1),
        responseTime: finals.length ? Math.max(...finals.map((r) => Number(r.response_time))) : null,
        results: results.map((r) => sessionResult(r, check ? String(check.doc.name) : undefined)),
      },
    }
  }

  async function select(accountId: string, target: unknown, options: { allowDeactivated?: boolean | undefined } = {}, schemaErrors?: FieldErrors) {
    const problems = new BodyProblems(schemaErrors)
    const selector = problems.valid(problems.check(() => sessionSelector(target)))
    const all = await stores.checks.listAll(accountId)
    let chosen: CheckRecord[]
    if ('checkIds' in selector) {
      const ids = new Set(selector.checkIds)
      chosen = all.filter((c) => ids.has(c.id))
    } else {
      const withTags = await Promise.all(all.map(async (c) => ({ c, tags: [...(c.doc.tags ?? []), ...((await groupOf(c))?.tags ?? [])] })))
      const wanted = (c: CheckRecord) => RUNNABLE_TYPES.has(c.checkType) && (options.allowDeactivated !== false || c.doc.activated !== false)
      chosen = withTags.filter(({ c, tags }) => wanted(c) && matchesTags(selector.matchTags, tags)).map(({ c }) => c)
    }
    if (chosen.length === 0) throw new NotFoundError('Checks matching target', JSON.stringify(target))
    return chosen
  }

  return {
    select,
    async trigger(accountId, target, runSource, schemaErrors) {
      // Check sessions run what the tags match, deactivated checks included (a deactivated check is not scheduled).
      const chosen = await select(accountId, target, { allowDeactivated: true }, schemaErrors)
      const out: SessionView[] = []
      for (const check of chosen) out.push((await view(accountId, await start(accountId, check, runSource))).view)
      return out
    },
    start,
    startRuns,
    cancelRuns,
    async cancel(accountId, sessionId, sequenceIds) {
      if (!(await stores.sessions.get(accountId, sessionId))) throw new NotFoundError('Check session', sessionId)
      await cancelRuns(accountId, [sessionId], sequenceIds)
    },
    get: async (accountId, sessionId) => (await view(accountId, sessionId)).view,
    async await(accountId, sessionId, maxWaitMs) {
      const deadline = Date.now() + maxWaitMs
      for (;;) {
        const v = await view(accountId, sessionId)
        if (v.done || Date.now() >= deadline) return v
        await sleep(Math.min(100, Math.max(1, deadline - Date.now())))
      }
    },
  }
}
