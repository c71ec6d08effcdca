/**
 * The agent's job loop: long-polls the service for as many jobs as it has free slots, runs each with the runner of
 * its check type (the service's own runner code), and hands the finished run to the outbox, which uploads its
 * artifacts and posts its result. While the service is unreachable, leasing backs off (capped, with jitter).
 * stop() stops leasing, lets the jobs in hand finish and their results be delivered, bounded by a grace period.
 * While jobs run, the loop asks the service every few seconds what became of them: a job cancelled by its session
 * (or whose lease was lost) is aborted at once, and nothing is posted for it.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { CheckRunner, CheckRunSpec, RunResult } from '../runners/contract.js'
import { earlyFailure } from '../runners/run-result.js'
import type { ApiClient } from './api-client.js'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js'
import type { AgentLog } from './log.js'
import { queueWaitSeconds, type AgentMetrics } from './metrics.js'
import { createOutbox, type Outbox } from './outbox.js'
import { AGENT_HEARTBEAT_MS, type LeasedJob } from './protocol.js'

export const LEASE_WAIT_SECONDS = 25
/**
 * How often the loop looks whether a heartbeat is due: often enough that the service never goes much longer than
 * AGENT_HEARTBEAT_MS without hearing from the agent, well inside the window in which it counts the agent connected.
 */
const HEARTBEAT_CHECK_MS = 5_000
/** The goodbye at stop is not waited for longer than this: a service that cannot be reached must not hold the exit. */
const GOODBYE_TIMEOUT_MS = 5_000
/** How often the service is asked about the jobs in hand: a cancelled run stops within about this long. */
export const JOB_STATES_MS = 2_000

export interface JobLoopDeps {
  client: ApiClient
  runners: Partial<Record<string, CheckRunner>>
  concurrency: number
  log: AgentLog
  metrics: AgentMetrics
  now?: () => number
  random?: () => number
  backoff?: BackoffPolicy
  waitSeconds?: number
  /** How often to ask about the jobs in hand (default JOB_STATES_MS). */
  jobStatesMs?: number
}

export interface JobLoopStatus {
  inFlight: number
  outboxSize: number
  stopping: boolean
}

export interface JobLoop {
  start(): void
  /** Stops leasing, finishes the jobs in hand and delivers their results; after graceMs what is left is abandoned. */
  stop(graceMs: number): Promise<{ drained: boolean }>
  status(): JobLoopStatus
  /** What stop() aborts: leasing and every wait of the loop, then (grace period over) the runs in hand. To observe only. */
  readonly signals: { leasing: AbortSignal; runs: AbortSignal }
}

export function createJobLoop(deps: JobLoopDeps): JobLoop {
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  const policy = deps.backoff ?? DEFAULT_BACKOFF
  const checkTypes = Object.keys(deps.runners).filter((t) => deps.runners[t] !== undefined)
  const running = new Set<Promise<void>>()
  const stopLeasing = new AbortController()
  const abortRuns = new AbortController()
  let slotFreed: (() => void) | null = null
  let loopDone: Promise<void> = Promise.resolve()
  let lastContact = 0
  let heartbeatTimer: NodeJS.Timeout | undefined
  let statesTimer: NodeJS.Timeout | undefined
  /** The jobs running, by id: each run's own abort, and why the service had it stopped (if it did). */
  const inHand = new Map<string, { job: LeasedJob; abort: AbortController; stoppedFor: 'cancelled' | 'lost' | null }>()
  const outbox: Outbox = createOutbox({ client: deps.client, log: deps.log, backoff: policy, random, onSizeChange: (n) => deps.metrics.setOutboxSize(n) })

  async function execute(job: LeasedJob, signal: AbortSignal): Promise<RunResult> {
    const runner = deps.runners[job.checkType]
    const startedAt = now()
    if (!runner) return earlyFailure('CONFIG', `This agent cannot run ${job.checkType} checks`, { startedAt, stoppedAt: now() })
    try {
      return await runner.run(job.spec as CheckRunSpec, { location: job.location, now, signal })
    } catch (err) {
      deps.log.error(err, `The runner of a ${job.checkType} check failed`)
      return earlyFailure('INTERNAL', 'The agent failed to run this check', { startedAt, stoppedAt: now() })
    }
  }

  async function runJob(job: LeasedJob): Promise<void> {
    deps.log.debug({ jobId: job.jobId, checkId: job.checkId, checkType: job.checkType, attempt: job.attempt }, 'Job started')
    const abort = new AbortController()
    const entry = { job, abort, stoppedFor: null as 'cancelled' | 'lost' | null }
    const onShutdown = () => abort.abort()
    abortRuns.signal.addEventListener('abort', onShutdown, { once: true })
    inHand.set(job.jobId, entry)
    const result = await execute(job, abort.signal).finally(() => {
      inHand.delete(job.jobId)
      abortRuns.signal.removeEventListener('abort', onShutdown)
    })
    if (entry.stoppedFor) {
      await result.release?.().catch(() => undefined)
      deps.log.warn({ jobId: job.jobId }, entry.stoppedFor === 'cancelled' ? 'Job cancelled by the service; nothing is posted' : 'Job stopped: its lease was lost')
      return
    }
    if (result.cancelled) {
      await result.release?.().catch(() => undefined)
      deps.log.warn({ jobId: job.jobId }, 'Job cancelled by shutdown; the service runs it again after its lease')
      return
    }
    deps.metrics.jobRun(result.hasFailures || result.hasErrors)
    deps.log.info({ jobId: job.jobId, checkId: job.checkId, status: result.status, responseTime: result.responseTime }, 'Job finished')
    void outbox.deliver({ job: { jobId: job.jobId, leaseToken: job.leaseToken, checkId: job.checkId }, result })
  }

  function launch(job: LeasedJob, leasedAt: number): void {
    const wait = queueWaitSeconds(job.dueAt, leasedAt)
    if (wait !== undefined) deps.metrics.observeQueueWait(wait)
    const p = runJob(job).finally(() => {
      running.delete(p)
      deps.metrics.setInFlight(running.size)
      slotFreed?.()
    })
    running.add(p)
    deps.metrics.setInFlight(running.size)
  }

  /** Asks the service about the jobs in hand and aborts those it cancelled or no longer leases to this agent. */
  async function checkStates(): Promise<void> {
    if (inHand.size === 0) return
    const asked = [...inHand.values()].map((e) => ({ jobId: e.job.jobId, leaseToken: e.job.leaseToken }))
    const states = await deps.client.jobStates(asked).catch(() => [])
    for (const { jobId, state } of states) {
      const entry = inHand.get(jobId)
      if (!entry || state === 'running' || entry.stoppedFor) continue
      entry.stoppedFor = state
      entry.abort.abort()
    }
  }

  /**
   * Resolves when a job finishes or stop() is called. The stop listener is removed again once either happens: the
   * loop waits here after every full lease, and a listener left behind each time would pile up on the signal.
   */
  function slotFreedOrStopped(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        stopLeasing.signal.removeEventListener('abort', done)
        slotFreed = null
        resolve()
      }
      slotFreed = done
      stopLeasing.signal.addEventListener('abort', done, { once: true })
    })
  }

  async function loop(): Promise<void> {
    let failures = 0
    while (!stopLeasing.signal.aborted) {
      const capacity = deps.concurrency - running.size
      if (capacity <= 0) {
        await slotFreedOrStopped()
        continue
      }
      try {
        const jobs = await deps.client.lease({ capacity, waitSeconds: deps.waitSeconds ?? LEASE_WAIT_SECONDS, checkTypes }, stopLeasing.signal)
        const leasedAt = now()
        lastContact = leasedAt
        if (failures > 0) deps.log.info({}, 'Connected to the service again')
        failures = 0
        if (jobs.length === 0) deps.log.info({}, 'No jobs. Waiting..')
        for (const job of jobs.slice(0, capacity)) launch(job, leasedAt)
      } catch (err) {
        if (stopLeasing.signal.aborted) break
        failures += 1
        const delay = backoffDelay(failures, random, policy)
        deps.log.warn({ reason: err instanceof Error ? err.message : String(err), retryInMs: delay }, 'Cannot lease jobs')
        await sleep(delay, undefined, { signal: stopLeasing.signal }).catch(() => undefined)
      }
    }
  }

  return {
    start() {
      const beat = () =>
        deps.client.heartbeat(running.size).then(
          () => {
            lastContact = now()
          },
          () => undefined,
        )
      // At once, so readiness says "connected" within a round trip rather than after the first long poll answers.
      void beat()
      loopDone = loop()
      heartbeatTimer = setInterval(() => {
        if (now() - lastContact < AGENT_HEARTBEAT_MS) return
        void beat()
      }, HEARTBEAT_CHECK_MS)
      heartbeatTimer.unref()
      let asking = false
      statesTimer = setInterval(() => {
        if (asking || inHand.size === 0) return
        asking = true
        void checkStates().finally(() => (asking = false))
      }, deps.jobStatesMs ?? JOB_STATES_MS)
      statesTimer.unref()
    },
    async stop(graceMs) {
      stopLeasing.abort()
      clearInterval(heartbeatTimer)
      clearInterval(statesTimer)
      let timer: NodeJS.Timeout | undefined
      const graceOver = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), graceMs)
      })
      const finished = (async () => {
        await loopDone
        while (running.size > 0) await Promise.all([...running])
        await outbox.drained()
        return 'drained' as const
      })()
      const outcome = await Promise.race([finished, graceOver])
      clearTimeout(timer)
      if (outcome === 'timeout') {
        abortRuns.abort()
        outbox.abandon()
        // Runners stop at the abort; one that does not is not waited for long.
        await Promise.race([finished, sleep(5000)])
      }
      // Goodbye: the service stops counting this agent as connected now rather than once its window has passed.
      await deps.client.heartbeat(running.size, { leaving: true, timeoutMs: GOODBYE_TIMEOUT_MS }).catch(() => undefined)
      return { drained: outcome === 'drained' }
    },
    status: () => ({ inFlight: running.size, outboxSize: outbox.size(), stopping: stopLeasing.signal.aborted }),
    signals: { leasing: stopLeasing.signal, runs: abortRuns.signal },
  }
}
