/**
 * The agent's job loop: long-polls the service for as many jobs as it has free slots, runs each with the runner of
 * its check type (the service's own runner code), and hands the finished run to the outbox, which uploads its
 * artifacts and posts its result. While the service is unreachable, leasing backs off (capped, with jitter).
 * stop() stops leasing, lets the jobs in hand finish and their results be delivered, bounded by a grace period.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { CheckRunner, CheckRunSpec, RunResult } from '../runners/contract.js'
import { earlyFailure } from '../runners/run-result.js'
import type { ApiClient } from './api-client.js'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js'
import type { AgentLog } from './log.js'
import { queueWaitSeconds, type AgentMetrics } from './metrics.js'
import { createOutbox, type Outbox } from './outbox.js'
import type { LeasedJob } from './protocol.js'

export const LEASE_WAIT_SECONDS = 25
const HEARTBEAT_MS = 30_000

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
  const outbox: Outbox = createOutbox({ client: deps.client, log: deps.log, backoff: policy, random, onSizeChange: (n) => deps.metrics.setOutboxSize(n) })

  async function execute(job: LeasedJob): Promise<RunResult> {
    const runner = deps.runners[job.checkType]
    const startedAt = now()
    if (!runner) return earlyFailure('CONFIG', `This agent cannot run ${job.checkType} checks`, { startedAt, stoppedAt: now() })
    try {
      return await runner.run(job.spec as CheckRunSpec, { location: job.location, now, signal: abortRuns.signal })
    } catch (err) {
      deps.log.error(err, `The runner of a ${job.checkType} check failed`)
      return earlyFailure('INTERNAL', 'The agent failed to run this check', { startedAt, stoppedAt: now() })
    }
  }

  async function runJob(job: LeasedJob): Promise<void> {
    deps.log.debug({ jobId: job.jobId, checkId: job.checkId, checkType: job.checkType, attempt: job.attempt }, 'Job started')
    const result = await execute(job)
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

  async function loop(): Promise<void> {
    let failures = 0
    while (!stopLeasing.signal.aborted) {
      const capacity = deps.concurrency - running.size
      if (capacity <= 0) {
        await new Promise<void>((resolve) => {
          slotFreed = resolve
          stopLeasing.signal.addEventListener('abort', () => resolve(), { once: true })
        })
        slotFreed = null
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
        if (now() - lastContact < HEARTBEAT_MS) return
        void beat()
      }, HEARTBEAT_MS)
      heartbeatTimer.unref()
    },
    async stop(graceMs) {
      stopLeasing.abort()
      clearInterval(heartbeatTimer)
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
      return { drained: outcome === 'drained' }
    },
    status: () => ({ inFlight: running.size, outboxSize: outbox.size(), stopping: stopLeasing.signal.aborted }),
  }
}
