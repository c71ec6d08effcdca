/**
 * Leases queued run jobs for the built-in runners, runs them (bounded concurrency), decides retries, and writes
 * the outcomes in batches: results, retries back to the queue, finished jobs removed, latest statuses updated.
 * A crash between running and writing loses nothing: the lease expires and the job runs again.
 */
import { newId } from '../lib/ids.js'
import { decideRetry, effectiveStrategy, type RetryDecision, type RetryStrategy } from '../domain/schedule/retry-policy.js'
import type { Redactor } from '../domain/secrets/redact.js'
import { runSecretValues } from '../domain/secrets/run-secrets.js'
import type { RunResult } from '../runners/contract.js'
import type { Stores } from '../store/all-stores.js'
import type { CheckRecord } from '../store/checks.js'
import type { CheckResultRow, RunJobRow } from '../store/schema.js'
import type { EngineDeps } from './engine-deps.js'
import { effectiveDoc, prepareRunSpec } from './prepare.js'
import { loadGroups } from './scheduler.js'
import { internalFailure, toResultRow } from './result-row.js'
import { createRedactorCache } from './redactor-cache.js'
import { storeArtifacts } from './store-artifacts.js'

type Doc = Record<string, unknown>

/** Final results waiting for alert evaluation before the writer slows down to let it catch up. */
const HOOK_BACKLOG = 5_000

interface Completed {
  job: RunJobRow
  checkType: string
  result: RunResult
  decision: RetryDecision
  retryLocation: string
  resultId: string
  redactor: Redactor | null
}

interface Batch {
  checks: Map<string, CheckRecord>
  groups: Map<number, Doc>
  variables: Map<string, Array<{ key: string; value: string; secret: boolean }>>
  snippets: Map<number, string>
}

async function loadBatch(s: Stores, jobs: RunJobRow[]): Promise<Batch> {
  const checks = new Map((await s.checks.getMany([...new Set(jobs.map((j) => j.check_id))])).map((c) => [c.id, c]))
  const groups = await loadGroups(s, [...checks.values()])
  const variables: Batch['variables'] = new Map()
  for (const accountId of new Set(jobs.map((j) => j.account_id))) variables.set(accountId, (await s.variables.list(accountId)).items)
  const snippets = new Map<number, string>()
  for (const c of checks.values()) {
    const group = typeof c.doc.groupId === 'number' ? groups.get(c.doc.groupId) : undefined
    for (const id of [c.doc.setupSnippetId, c.doc.tearDownSnippetId, group?.setupSnippetId, group?.tearDownSnippetId]) {
      if (typeof id === 'number' && !snippets.has(id)) {
        const snippet = await s.snippets.get(c.accountId, id)
        if (snippet) snippets.set(id, String(snippet.doc.script ?? ''))
      }
    }
  }
  return { checks, groups, variables, snippets }
}

export interface EngineWorker {
  /** Leases as many due jobs as there is room for and starts them; returns how many started. */
  pump(): Promise<number>
  /** Writes the outcomes gathered so far. */
  flush(): Promise<number>
  /** Runs in flight. */
  inFlight(): number
  /** Waits until one in-flight run finishes (at once when none is running). */
  settleOne(): Promise<void>
  /** Waits for in-flight runs, then flushes. */
  drain(): Promise<void>
  /** Stops runs that can be stopped (browser runs); they go back to the queue instead of recording a result. */
  cancelRuns(): void
}

type Lane = 'default' | 'browser'

export function createWorker(deps: EngineDeps): EngineWorker {
  const running: Record<Lane, number> = { default: 0, browser: 0 }
  const pending: Completed[] = []
  let hookChain: Promise<void> = Promise.resolve()
  let hookBacklog = 0
  const inFlight = new Set<Promise<void>>()
  const redactors = createRedactorCache()
  const stopping = new AbortController()

  async function execute(job: RunJobRow, batch: Batch): Promise<void> {
    const check = batch.checks.get(job.check_id)
    if (!check) return
    const groupId = check.doc.groupId
    const group = typeof groupId === 'number' ? batch.groups.get(groupId) : undefined
    const resultId = newId()
    const accountVariables = batch.variables.get(check.accountId) ?? []
    // The run's secrets are redacted from everything it stores (result-row.ts) and from what it logs here.
    const redactor = redactors.forSecrets(runSecretValues({ accountVariables, group, check: check.doc }))
    const spec = prepareRunSpec({
      check,
      group,
      accountVariables,
      snippets: batch.snippets,
      runtime: { location: job.location, runId: job.id, resultId, sequenceId: job.sequence_id, attempt: job.attempt },
    })
    const runner = deps.runners[check.checkType]
    let result: RunResult
    try {
      result = runner
        ? await runner.run(spec, { location: job.location, now: () => deps.clock.now(), signal: stopping.signal })
        : internalFailure(`No runner for ${check.checkType} checks in this instance`, deps.clock.now())
    } catch (err) {
      deps.log.error({ checkId: check.id, ...(redactor ? { err: redactor.text(err instanceof Error ? (err.stack ?? err.message) : String(err)) } : { err }) }, 'runner threw')
      result = internalFailure(`Runner error: ${err instanceof Error ? err.message : String(err)}`, deps.clock.now())
    }
    if (result.cancelled) {
      // Stopped by shutdown: not a result. The job goes back to the queue as it was, for any instance to run.
      await result.release?.().catch(() => undefined)
      await deps.stores.jobs.requeue(job.id, { attempt: job.attempt, due_at: deps.clock.now(), location: job.location, private_location_id: job.private_location_id, first_started_at: job.first_started_at })
      return
    }
    result = await storeArtifacts(deps, { accountId: check.accountId, checkId: check.id, resultId }, result, redactor)
    const doc = effectiveDoc(check.checkType, check.doc, group)
    const strategy = effectiveStrategy((doc.retryStrategy as RetryStrategy | null) ?? null, doc.doubleCheck === true, check.checkType)
    const elapsed = result.stoppedAt - (job.first_started_at ?? result.startedAt)
    const decision = decideRetry(strategy, { failed: result.status === 'failing', networkError: result.networkError }, job.attempt - 1, elapsed)
    const locations = ((doc.locations as string[] | undefined) ?? []).filter((l) => l !== job.location)
    const retryLocation = decision.sameLocation || job.private_location_id || locations.length === 0 ? job.location : (locations[Math.floor(Math.random() * locations.length)] as string)
    pending.push({
      job: { ...job, first_started_at: job.first_started_at ?? result.startedAt }, checkType: check.checkType, result, decision, retryLocation, resultId,
      redactor,
    })
  }

  async function flush(): Promise<number> {
    if (pending.length === 0) return 0
    const batch = pending.splice(0, pending.length)
    const now = deps.clock.now()
    let finals: CheckResultRow[] = []
    try {
      finals = await deps.transact(async (s) => {
        const alive = new Set((await s.checks.getMany([...new Set(batch.map((c) => c.job.check_id))])).map((c) => c.id))
        const live = batch.filter((c) => alive.has(c.job.check_id))
        const rows = live.map((c) => toResultRow({ id: c.resultId, job: c.job, checkType: c.checkType, result: c.result, final: !c.decision.retry, at: now, redactor: c.redactor }))
        await s.results.insertMany(rows)
        for (const c of live.filter((x) => x.decision.retry)) {
          await s.jobs.requeue(c.job.id, {
            attempt: c.job.attempt + 1, due_at: now + c.decision.delayMs, location: c.retryLocation,
            private_location_id: c.job.private_location_id, first_started_at: c.job.first_started_at,
          })
        }
        await s.jobs.remove(batch.filter((c) => !c.decision.retry || !alive.has(c.job.check_id)).map((c) => c.job.id))
        const finalRows = rows.filter((r) => r.result_type === 'FINAL')
        await s.results.applyStatuses(finalRows)
        return finalRows
      })
    } catch (err) {
      deps.log.error({ err, count: batch.length }, 'writing run outcomes failed; their leases will expire and they will run again')
      return 0
    }
    if (finals.length > 0 && deps.onFinalResults) {
      // Alert evaluation runs behind the writer, in order, so a burst of failures never slows the recording of
      // runs; past a backlog of HOOK_BACKLOG results the writer waits for it (back-pressure).
      const hook = deps.onFinalResults
      hookBacklog += finals.length
      hookChain = hookChain
        .then(() => hook(finals))
        .catch((err: unknown) => deps.log.error({ err }, 'final-result hook failed'))
        .finally(() => {
          hookBacklog -= finals.length
        })
      if (hookBacklog > HOOK_BACKLOG) await hookChain
    }
    return batch.length
  }

  const lane = deps.tuning.browserLane
  const laneOf: Record<Lane, { concurrency: number; leaseMs: number; checkTypes: { only: readonly string[] } | { except: readonly string[] } }> = {
    default: { concurrency: deps.tuning.concurrency, leaseMs: deps.tuning.leaseMs, checkTypes: { except: lane.checkTypes } },
    browser: { concurrency: lane.concurrency, leaseMs: lane.leaseMs, checkTypes: { only: lane.checkTypes } },
  }

  async function pumpLane(name: Lane): Promise<number> {
    const { concurrency, leaseMs, checkTypes } = laneOf[name]
    const room = concurrency - running[name]
    if (room <= 0) return 0
    const now = deps.clock.now()
    const jobs = await deps.stores.jobs.lease({ now, limit: room, leasedBy: deps.instanceId, leaseUntil: now + leaseMs, privateLocationId: null, checkTypes })
    if (jobs.length === 0) return 0
    const batch = await loadBatch(deps.stores, jobs)
    for (const job of jobs) {
      running[name]++
      const p = execute(job, batch)
        .catch((err: unknown) => deps.log.error({ err, jobId: job.id }, 'run failed'))
        .finally(() => {
          running[name]--
          inFlight.delete(p)
        })
      inFlight.add(p)
    }
    return jobs.length
  }

  return {
    async pump() {
      if (stopping.signal.aborted) return 0 // stopping: lease nothing more
      return (await pumpLane('default')) + (await pumpLane('browser'))
    },
    flush,
    inFlight: () => running.default + running.browser,
    cancelRuns() {
      stopping.abort()
    },
    async settleOne() {
      if (inFlight.size > 0) await Promise.race([...inFlight])
    },
    async drain() {
      await Promise.all([...inFlight])
      await flush()
      await hookChain
    },
  }
}
