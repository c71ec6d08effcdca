/**
 * Leases queued run jobs for the built-in runners, runs them (bounded concurrency), decides retries, and writes
 * the outcomes in batches: results, retries back to the queue, finished jobs removed, latest statuses updated.
 * A crash between running and writing loses nothing: the lease expires and the job runs again.
 */
import { setMaxListeners } from 'node:events'
import { newId } from '../lib/ids.js'
import { runSecretValues } from '../domain/secrets/run-secrets.js'
import { parseOverrides } from '../domain/runs/run-overrides.js'
import type { RunResult } from '../runners/contract.js'
import type { Stores } from '../store/all-stores.js'
import type { CheckRecord } from '../store/checks.js'
import type { RunJobRow } from '../store/run-rows.js'
import type { EngineDeps } from './engine-deps.js'
import { PRESENTS_CLIENT_CERTIFICATES, prepareRunSpec } from './prepare.js'
import { loadGroups } from './scheduler.js'
import type { StoredCheckGroupDoc } from '../domain/groups/schema.js'
import type { ClientCertificateMaterial } from '../domain/client-certificates/host-match.js'
import { internalFailure } from './result-row.js'
import { createRedactorCache } from './redactor-cache.js'
import { completeRun, createOutcomeWriter, retryDueAt, runPlace, type Completed } from './run-outcome.js'
import { createRunAborts } from './run-aborts.js'

export interface Batch {
  checks: Map<string, CheckRecord>
  groups: Map<number, StoredCheckGroupDoc>
  variables: Map<string, Array<{ key: string; value: string; secret: boolean }>>
  snippets: Map<number, string>
  /** Client certificates (keys opened) of the accounts whose checks present them, by account. */
  clientCertificates: Map<string, ClientCertificateMaterial[]>
}

export async function loadBatch(s: Stores, jobs: RunJobRow[]): Promise<Batch> {
  const checks = new Map((await s.checks.getMany([...new Set(jobs.map((j) => j.check_id))])).map((c) => [c.id, c]))
  const groups = await loadGroups(s, [...checks.values()])
  // One statement for the variables of all the batch's accounts, and one for their certificates: not one each.
  const variables: Batch['variables'] = await s.variables.listOfAccounts([...new Set(jobs.map((j) => j.account_id))])
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
  // Keys are opened only for accounts with a check here that presents them.
  const presenting = new Set([...checks.values()].filter((c) => PRESENTS_CLIENT_CERTIFICATES.has(c.checkType)).map((c) => c.accountId))
  const clientCertificates: Batch['clientCertificates'] = presenting.size > 0 ? await s.clientCertificates.forRunsOf([...presenting]) : new Map()
  return { checks, groups, variables, snippets, clientCertificates }
}

/**
 * When a job was due: a first attempt at its schedule slot (so a scheduler that falls behind shows as delay too),
 * a retry at the time its backoff ended.
 */
export const dueTimeOf = (job: Pick<RunJobRow, 'attempt' | 'scheduled_at' | 'due_at'>): number => (job.attempt === 1 ? job.scheduled_at : job.due_at)

export interface EngineWorker {
  /** Leases as many due jobs as there is room for and starts them; returns how many started. */
  pump(): Promise<number>
  /** The same for one lane; `more`: the lease took all the room there was, so more jobs may be waiting. */
  pumpLane(lane: Lane): Promise<{ started: number; more: boolean }>
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
  /** Aborts the runs in flight whose session cancelled them (they record nothing); returns how many. */
  abortCancelled(): Promise<number>
}

export type Lane = 'default' | 'browser'

/** The lane whose runs a check type takes. */
export const laneOf = (checkType: string, lanes: EngineDeps['tuning']['browserLane']): Lane => (lanes.checkTypes.includes(checkType) ? 'browser' : 'default')

export interface WorkerHooks {
  /** A run ended in a lane whose last lease was cut short by the lane's room (more may be queued). */
  onRoomFreed?: (lane: Lane) => void
  /** An outcome is waiting to be written. */
  onOutcome?: () => void
  /** A run was queued again to be retried at `dueAt` (its lane may be polling seldom). */
  onRetryQueued?: (lane: Lane, dueAt: number) => void
}

export function createWorker(deps: EngineDeps, hooks: WorkerHooks = {}): EngineWorker {
  const running: Record<Lane, number> = { default: 0, browser: 0 }
  const mayHaveMore: Record<Lane, boolean> = { default: false, browser: false }
  const pending: Completed[] = []
  const writer = createOutcomeWriter(deps)
  const inFlight = new Set<Promise<void>>()
  const redactors = createRedactorCache()
  const stopping = new AbortController()
  // Every run in flight listens for the stop (up to the lane's concurrency): not a leak.
  setMaxListeners(0, stopping.signal)
  const aborts = createRunAborts(deps.stores, stopping.signal)

  async function execute(job: RunJobRow, batch: Batch): Promise<void> {
    const check = batch.checks.get(job.check_id)
    if (!check) return
    const groupId = check.doc.groupId
    const group = typeof groupId === 'number' ? batch.groups.get(groupId) : undefined
    const resultId = newId()
    const accountVariables = batch.variables.get(check.accountId) ?? []
    // The run's secrets are redacted from everything it stores (result-row.ts) and from what it logs here.
    const overrides = parseOverrides(job.overrides)
    const redactor = redactors.forSecrets(runSecretValues({ accountVariables, group, check: check.doc, overrides }))
    const spec = prepareRunSpec({
      overrides,
      check,
      group,
      accountVariables,
      snippets: batch.snippets,
      clientCertificates: batch.clientCertificates.get(check.accountId),
      runtime: { location: job.location, runId: job.id, resultId, sequenceId: job.sequence_id, attempt: job.attempt },
    })
    const runner = deps.runners[check.checkType]
    const run = aborts.start(job)
    let result: RunResult
    try {
      result = runner
        ? await runner.run(spec, { location: job.location, now: () => deps.clock.now(), signal: run.signal })
        : internalFailure(`No runner for ${check.checkType} checks in this instance`, deps.clock.now())
    } catch (err) {
      deps.log.error({ checkId: check.id, ...(redactor ? { err: redactor.text(err instanceof Error ? (err.stack ?? err.message) : String(err)) } : { err }) }, 'runner threw')
      result = internalFailure(`Runner error: ${err instanceof Error ? err.message : String(err)}`, deps.clock.now())
    } finally {
      run.end()
    }
    // Cancelled by its session while it ran: the cancel already took the job out of the queue, and the session
    // shows the run as cancelled; what the aborted runner returned is not a result of the check.
    if (run.cancelled()) {
      await result.release?.().catch(() => undefined)
      deps.log.info({ checkId: check.id, jobId: job.id, sessionId: job.session_id }, 'run cancelled by its session')
      return
    }
    // A run that failed once the instance began to stop (its requests aborted, "The run was aborted") says nothing
    // about the target: recorded, it would alert on every deploy. It is treated as stopped, like a cancelled one.
    if (result.cancelled || (stopping.signal.aborted && result.status === 'failing')) {
      // Stopped by shutdown: not a result. The job goes back to the queue as it was, for any instance to run.
      await result.release?.().catch(() => undefined)
      await deps.stores.jobs.requeue(job.id, {
        attempt: job.attempt,
        due_at: deps.clock.now(),
        location: job.location,
        private_location_id: job.private_location_id,
        first_started_at: job.first_started_at,
      })
      return
    }
    pending.push(await completeRun(deps, { job, check, group, result, resultId, redactor }))
    hooks.onOutcome?.()
  }

  async function flush(): Promise<number> {
    if (pending.length === 0) return 0
    const batch = pending.splice(0, pending.length)
    try {
      const written = await writer.write(batch)
      const now = deps.clock.now()
      for (const c of written) if (c.decision.retry) hooks.onRetryQueued?.(laneOf(c.checkType, deps.tuning.browserLane), retryDueAt(c, now))
    } catch (err) {
      deps.log.error({ err, count: batch.length }, 'writing run outcomes failed; their leases will expire and they will run again')
      return 0
    }
    return batch.length
  }

  const lane = deps.tuning.browserLane
  const lanes: Record<Lane, { concurrency: number; leaseMs: number; checkTypes: { only: readonly string[] } | { except: readonly string[] } }> = {
    default: { concurrency: deps.tuning.concurrency, leaseMs: deps.tuning.leaseMs, checkTypes: { except: lane.checkTypes } },
    browser: { concurrency: lane.concurrency, leaseMs: lane.leaseMs, checkTypes: { only: lane.checkTypes } },
  }

  async function pumpLane(name: Lane): Promise<number> {
    const { concurrency, leaseMs, checkTypes } = lanes[name]
    const room = concurrency - running[name]
    if (room <= 0) return 0
    const now = deps.clock.now()
    const jobs = await deps.stores.jobs.lease({
      now,
      limit: room,
      leasedBy: deps.instanceId,
      leaseUntil: now + leaseMs,
      privateLocationId: null,
      checkTypes,
      locations: deps.runLocations,
    })
    mayHaveMore[name] = jobs.length === room
    if (jobs.length === 0) return 0
    const batch = await loadBatch(deps.stores, jobs)
    for (const job of jobs) {
      if (deps.metrics) deps.metrics.runStarted(runPlace(job, batch.checks.get(job.check_id)?.checkType), now - dueTimeOf(job))
      running[name]++
      const p = execute(job, batch)
        .catch((err: unknown) => deps.log.error({ err, jobId: job.id }, 'run failed'))
        .finally(() => {
          running[name]--
          inFlight.delete(p)
          if (mayHaveMore[name]) {
            mayHaveMore[name] = false
            hooks.onRoomFreed?.(name)
          }
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
    async pumpLane(name) {
      if (stopping.signal.aborted) return { started: 0, more: false }
      const started = await pumpLane(name)
      return { started, more: mayHaveMore[name] }
    },
    flush,
    inFlight: () => running.default + running.browser,
    cancelRuns() {
      stopping.abort()
    },
    abortCancelled: () => aborts.poll(),
    async settleOne() {
      if (inFlight.size > 0) await Promise.race([...inFlight])
    },
    async drain() {
      await Promise.all([...inFlight])
      await flush()
      await writer.settle()
    },
  }
}
