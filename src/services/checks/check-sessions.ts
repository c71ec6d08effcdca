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
import { BodyProblems } from '../../domain/body-problems.js'
import { NotFoundError, ValidationError, type FieldErrors } from '../../domain/errors.js'
import type { CheckRecord } from '../../store/checks.js'
import type { CheckResultRow, CheckSessionRow } from '../../store/schema.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { presentResult } from '../results/result-view.js'
import type { CheckSessionView, SESSION_STATUSES } from '../../domain/checks/session-view-schema.js'
import type { StoredCheckGroupDoc } from '../../domain/groups/schema.js'

/** A session as the API shows it. */
export type SessionView = CheckSessionView
export const RUNNABLE_TYPES = new Set(['API', 'URL', 'TCP', 'DNS', 'ICMP', 'BROWSER', 'MULTI_STEP', 'PLAYWRIGHT'])

export interface SessionTarget {
  checkId?: string[] | undefined
  matchTags?: string[][] | undefined
}

export interface CheckSessionService {
  /** `schemaErrors`: the reasons the body failed its schema for, if it did; one 400 names them with the target's. */
  trigger(accountId: string, target: SessionTarget, runSource: string, schemaErrors?: FieldErrors): Promise<SessionView[]>
  start(accountId: string, check: CheckRecord, runSource: string): Promise<string>
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

export function sessionStatus(expected: number, finals: CheckResultRow[]): { done: boolean; status: (typeof SESSION_STATUSES)[number] } {
  const failed = finals.some((r) => r.status === 'failing')
  const degraded = finals.some((r) => r.status === 'degraded')
  if (finals.length >= expected) return { done: true, status: failed ? 'FAILED' : degraded ? 'DEGRADED' : 'PASSED' }
  if (finals.length === 0) return { done: false, status: 'STARTED' }
  return { done: false, status: failed ? 'PROGRESS_FAILED' : degraded ? 'PROGRESS_DEGRADED' : 'PROGRESS' }
}

/** What the check session service uses: the wiring hands it these stores and shared things and no others. */
export const checkSessionServiceUses = uses(
  ['checkGroups', 'checks', 'jobs', 'privateLocations', 'results', 'sessions'],
  ['bell', 'clock', 'defaultLocation', 'publicBaseUrl', 'transact'],
)
export type CheckSessionServiceDeps = DepsOf<typeof checkSessionServiceUses>

export function checkSessionService(deps: CheckSessionServiceDeps): CheckSessionService {
  const { stores, clock } = deps

  async function groupOf(check: CheckRecord): Promise<StoredCheckGroupDoc | undefined> {
    return typeof check.doc.groupId === 'number' ? (await stores.checkGroups.get(check.accountId, check.doc.groupId))?.doc : undefined
  }

  async function start(accountId: string, check: CheckRecord, runSource: string): Promise<string> {
    if (!RUNNABLE_TYPES.has(check.checkType)) throw new ValidationError({ checkId: `${check.checkType} checks cannot be run on demand` })
    const group = await groupOf(check)
    const doc = group ? applyGroupSettings({ ...check.doc, checkType: check.checkType }, group) : check.doc
    const known = (await stores.privateLocations.list(accountId)).items.map((p) => ({ id: p.id, slugName: String(p.doc.slugName) }))
    const choice = pickLocations(locationInput(doc, known), 0, deps.defaultLocation)
    const now = clock.now()
    const sessionId = newId()
    const session: CheckSessionRow = { id: sessionId, account_id: accountId, check_id: check.id, run_source: runSource, expected_runs: choice.targets.length, created_at: now }
    const jobs = firstAttemptJobs({ accountId, checkId: check.id, targets: choice.targets, scheduledAt: now, now, trigger: runSource, sessionId })
    await deps.transact(async (s) => {
      await s.sessions.insert(session)
      await s.jobs.insertMany(jobs)
    })
    deps.bell?.ring('runs-queued')
    return sessionId
  }

  async function view(accountId: string, sessionId: string): Promise<{ done: boolean; view: SessionView }> {
    const session = await stores.sessions.get(accountId, sessionId)
    if (!session) throw new NotFoundError('Check session', sessionId)
    const check = await stores.checks.get(accountId, session.check_id)
    const results = await stores.results.listBySession(accountId, sessionId)
    const finals = results.filter((r) => r.result_type === 'FINAL')
    const { done, status } = sessionStatus(session.expected_runs, finals)
    const stoppedAt = done && finals.length > 0 ? Math.max(...finals.map((r) => Number(r.stopped_at))) : null
    return {
      done,
      view: {
        checkSessionId: session.id,
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
        results: results.map((r) => presentResult(r, check ? String(check.doc.name) : undefined, deps.publicBaseUrl)),
      },
    }
  }

  return {
    async trigger(accountId, target, runSource, schemaErrors) {
      const problems = new BodyProblems(schemaErrors)
      const selector = problems.valid(problems.check(() => sessionSelector(target)))
      const all = await stores.checks.listAll(accountId)
      let chosen: CheckRecord[]
      if ('checkIds' in selector) {
        const ids = new Set(selector.checkIds)
        chosen = all.filter((c) => ids.has(c.id))
      } else {
        const withTags = await Promise.all(all.map(async (c) => ({ c, tags: [...(c.doc.tags ?? []), ...((await groupOf(c))?.tags ?? [])] })))
        chosen = withTags.filter(({ c, tags }) => RUNNABLE_TYPES.has(c.checkType) && matchesTags(selector.matchTags, tags)).map(({ c }) => c)
      }
      if (chosen.length === 0) throw new NotFoundError('Checks matching target', JSON.stringify(target))
      const out: SessionView[] = []
      for (const check of chosen) out.push((await view(accountId, await start(accountId, check, runSource))).view)
      return out
    },
    start,
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
