/**
 * The runs the hosted service's CLI starts. `checkly test` sends checks that are not deployed: they are deployed
 * as a temporary project of their own (`<project>.test-<random>`, through the vendor deploy translation, so they
 * are validated like any deploy), deactivated (never scheduled), muted and without alerting, run once as a test
 * session, and the project is destroyed when the session ends. `checkly trigger` runs deployed checks by id or
 * tags. Either way the session is followed on the result stream (session-stream.ts) under the client's suite id,
 * and the answer tells the client the key of each run it will see there.
 */
import { randomBytes } from 'node:crypto'
import { DomainError, FieldErrorCollector, NotFoundError, ValidationError } from '../../domain/errors.js'
import { buildRunOverrides, type RunOverrideInput } from '../../domain/runs/run-override-input.js'
import type { DeployRequest } from '../../domain/projects/deploy-request.js'
import { translateVendorRequest } from '../../domain/projects/vendor/translate.js'
import { parseVendorRun, parseVendorTrigger, type VendorRun } from '../../domain/test-sessions/vendor-run-request.js'
import type { ResultHub } from '../../lib/result-hub.js'
import type { CheckRecord } from '../../store/checks.js'
import { RUNNABLE_TYPES, type CheckSessionService } from '../checks/check-sessions.js'
import type { CheckService } from '../checks/checks.js'
import type { ProjectService } from '../projects/index.js'
import { withBundleFiles, type CodeBundleReader } from '../projects/vendor-bundles.js'
import { followSession, type StreamedRun } from './session-stream.js'
import type { TestSessionService } from './test-sessions.js'

export interface VendorRunAnswer {
  /** Absent when the client asked not to record: no link is printed to a session that will not be kept. */
  testSessionId?: string | undefined
  /** The client's key of each check (logical id for `test`, check id for `trigger`) to the key of its run. */
  sequenceIds: Record<string, string>
}

export interface VendorTriggerAnswer extends VendorRunAnswer {
  checks: Array<{ id: string; name: string; checkType: string; tags: string[] }>
}

export interface VendorRunService {
  run(accountId: string, body: unknown): Promise<VendorRunAnswer>
  trigger(accountId: string, body: unknown): Promise<VendorTriggerAnswer>
  /** Settles when every session this service follows has ended (tests and shutdown wait on it). */
  idle(): Promise<void>
}

export interface VendorRunDeps {
  projects: Pick<ProjectService, 'deploy' | 'destroy'>
  checks: Pick<CheckService, 'list'>
  checkSessions: Pick<CheckSessionService, 'select'>
  testSessions: Pick<TestSessionService, 'start' | 'get' | 'result' | 'discard'>
  hub: ResultHub
  /** Where Playwright suites' uploaded code bundles are read from (their files become the suite check's). */
  bundles?: CodeBundleReader | undefined
  onError?: (error: unknown) => void
  pollMs?: number
}

/** No matching check: the client reads this code (on a 403) as "no matching checks", not as a failure. */
export class NoMatchingChecks extends DomainError {
  readonly errorCode = 'ERR_NO_MATCHING_CHECKS'
  constructor() {
    super(403, 'No matching checks found', {})
  }
}

type Json = Record<string, unknown>

/** What of a check a test run keeps: never scheduled, no alerting, no incidents. */
function forTest(request: DeployRequest): DeployRequest {
  const resources = request.resources.map((r) => {
    const { alertChannelSubscriptions: _a, triggerIncident: _t, ...payload } = r.payload
    return r.kind === 'check' ? { ...r, payload: { ...payload, activated: false, muted: true } } : { ...r, payload }
  })
  return { ...request, resources }
}

/** The run's checks (and their groups) as the vendor's deploy request of a temporary project. */
function temporaryProject(run: VendorRun, logicalId: string): Json {
  const groups = new Map(run.jobs.flatMap((j) => (j.group ? [[j.group.logicalId, j.group.payload] as const] : [])))
  return {
    project: { logicalId, name: `${run.name} (test)` },
    resources: [
      ...[...groups].map(([id, payload]) => ({ type: 'check-group', logicalId: id, member: true, payload })),
      ...run.jobs.map((j) => ({ type: 'check', logicalId: j.logicalId, member: true, payload: { ...j.payload, checkType: j.checkType } })),
    ],
  }
}

export function vendorRunService(deps: VendorRunDeps): VendorRunService {
  const following = new Set<Promise<void>>()

  function follow(accountId: string, testSessionId: string, suiteId: string, runs: StreamedRun[], after: () => Promise<unknown>): void {
    const done = followSession({ testSessions: deps.testSessions, hub: deps.hub, pollMs: deps.pollMs }, { accountId, testSessionId, suiteId, runs })
      .catch((err: unknown) => deps.onError?.(err))
      .then(after)
      .then(
        () => undefined,
        (err: unknown) => deps.onError?.(err),
      )
      .finally(() => following.delete(done))
    following.add(done)
  }

  /** Every deployed check the account can run now (the client's trigger without ids or tags runs them all). */
  async function allRunnable(accountId: string): Promise<string[]> {
    const ids: string[] = []
    for (let page = 1; ; page++) {
      const { items } = await deps.checks.list(accountId, { limit: 100, page })
      ids.push(...items.filter((c) => RUNNABLE_TYPES.has(String(c.checkType)) && c.activated !== false).map((c) => String(c.id)))
      if (items.length < 100) return ids
    }
  }

  async function selectTriggered(accountId: string, checkIds: string[], tags: string[][]): Promise<CheckRecord[]> {
    const ids = checkIds.length > 0 || tags.length > 0 ? checkIds : await allRunnable(accountId)
    if (checkIds.length === 0 && tags.length > 0) return deps.checkSessions.select(accountId, { matchTags: tags }, { allowDeactivated: false })
    if (ids.length === 0) throw new NoMatchingChecks()
    return (await deps.checkSessions.select(accountId, { checkId: ids })).filter((c) => RUNNABLE_TYPES.has(c.checkType))
  }

  return {
    async run(accountId, body) {
      const run = parseVendorRun(body)
      const logicalId = `${run.projectLogicalId}.test-${randomBytes(4).toString('hex')}`
      const request = forTest(translateVendorRequest(await withBundleFiles(deps.bundles, accountId, temporaryProject(run, logicalId))).request)
      const destroy = () => deps.projects.destroy(accountId, logicalId, { preview: false })
      const deployed = await deps.projects.deploy(accountId, request, { preview: false })
      const logicalIdOf = new Map(deployed.changes.filter((c) => c.kind === 'check').map((c) => [String(c.id), c.logicalId]))
      let testSessionId: string
      try {
        const records = await deps.checkSessions.select(accountId, { checkId: [...logicalIdOf.keys()] })
        testSessionId = await deps.testSessions.start(accountId, records, {
          name: run.name,
          provider: 'API',
          runLocation: run.runLocation,
          metadata: run.metadata,
          runSource: 'TEST',
          overrides: run.refreshCache ? { refreshCache: true } : undefined,
        })
      } catch (err) {
        await destroy().catch(() => undefined)
        throw err
      }
      const jobOf = new Map(run.jobs.map((j) => [j.logicalId, j]))
      const view = await deps.testSessions.get(accountId, testSessionId)
      const sequenceIds: Record<string, string> = {}
      const runs: StreamedRun[] = view.results.map((r) => {
        const job = jobOf.get(logicalIdOf.get(String(r.checkId)) ?? '')
        if (job) sequenceIds[job.logicalId] = r.testSessionResultId
        return { resultId: r.testSessionResultId, runId: job?.checkRunId ?? r.testSessionResultId, logicalId: job?.logicalId, sourceFile: job?.sourceFile }
      })
      // Without --record the session serves only to run and stream the checks: it goes with the temporary project.
      const after = async () => {
        await destroy()
        if (!run.shouldRecord) await deps.testSessions.discard(accountId, testSessionId)
      }
      follow(accountId, testSessionId, run.suiteId, runs, after)
      return run.shouldRecord ? { testSessionId, sequenceIds } : { sequenceIds }
    },

    async trigger(accountId, body) {
      const t = parseVendorTrigger(body)
      // The client's -e variables win over the checks' own for these runs; its --retries replaces their strategy.
      const problems = new FieldErrorCollector()
      const input = { environmentVariables: t.environmentVariables, retryStrategy: t.retryStrategy, refreshCache: t.refreshCache } as RunOverrideInput
      const overrides = buildRunOverrides(input, problems)
      if (Object.keys(problems.fields).length > 0) throw new ValidationError(problems.fields)
      const records = await selectTriggered(accountId, t.checkIds, t.tags).catch((err: unknown) => {
        throw err instanceof NotFoundError ? new NoMatchingChecks() : err
      })
      if (records.length === 0) throw new NoMatchingChecks()
      const testSessionId = await deps.testSessions.start(accountId, records, {
        name: t.name,
        provider: 'TRIGGER',
        runLocation: t.runLocation,
        metadata: t.metadata,
        runSource: 'TRIGGER_RECORD',
        overrides,
      })
      const view = await deps.testSessions.get(accountId, testSessionId)
      const sequenceIds: Record<string, string> = {}
      const runs = view.results.map((r) => {
        sequenceIds[String(r.checkId)] = r.testSessionResultId
        return { resultId: r.testSessionResultId, runId: r.testSessionResultId }
      })
      follow(accountId, testSessionId, t.suiteId, runs, async () => (t.shouldRecord ? undefined : deps.testSessions.discard(accountId, testSessionId)))
      const checks = records.map((c) => ({ id: c.id, name: String(c.doc.name), checkType: c.checkType, tags: c.doc.tags ?? [] }))
      return { ...(t.shouldRecord ? { testSessionId } : {}), sequenceIds, checks }
    },

    async idle() {
      while (following.size > 0) await Promise.allSettled([...following])
    },
  }
}
