/**
 * The results the agent has to deliver: each finished run's artifacts (uploaded one by one, streamed from disk)
 * and then its result. A delivery the service cannot take now (network error, 5xx) stays here and is retried with
 * capped exponential backoff until it is accepted; a lost lease (409) or any other refusal drops it with a log
 * line. The runner's files are released once the result is delivered or dropped. In memory only: a killed agent
 * loses its undelivered results and the service runs those jobs again after their lease.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { RunResult } from '../runners/contract.js'
import { ProtocolRefused, type ApiClient } from './api-client.js'
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js'
import type { AgentLog } from './log.js'
import { toPostedResult } from './protocol.js'

export interface OutboxDeps {
  client: Pick<ApiClient, 'uploadArtifact' | 'postResult'>
  log: AgentLog
  backoff?: BackoffPolicy
  random?: () => number
  onSizeChange?: (size: number) => void
}

export interface OutboxEntry {
  job: { jobId: string; leaseToken: string; checkId: string }
  result: RunResult
}

export interface Outbox {
  /** Delivers (or drops) the entry; resolves when it left the outbox. Never rejects. */
  deliver(entry: OutboxEntry): Promise<void>
  size(): number
  /** Resolves when the outbox is empty. */
  drained(): Promise<void>
  /** Gives up on what is left (grace period over): retries stop, pending deliveries resolve. */
  abandon(): void
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const pending = new Set<Promise<void>>()
  const giveUp = new AbortController()
  const random = deps.random ?? Math.random
  const policy = deps.backoff ?? DEFAULT_BACKOFF

  /** true once delivered or refused for good; false when it should be retried. */
  async function attempt(entry: OutboxEntry, uploaded: Set<string>): Promise<'done' | 'retry'> {
    const { job, result } = entry
    try {
      for (const artifact of result.artifacts ?? []) {
        if (uploaded.has(artifact.name)) continue
        await deps.client.uploadArtifact(job, artifact, giveUp.signal)
        uploaded.add(artifact.name)
      }
      const outcome = await deps.client.postResult(job, toPostedResult(result), giveUp.signal)
      if (outcome === 'lease-lost') deps.log.warn({ jobId: job.jobId, checkId: job.checkId }, 'Result dropped: the lease of this job was lost (it was given to another agent)')
      else if (outcome === 'duplicate') deps.log.info({ jobId: job.jobId }, 'Result was already accepted')
      else deps.log.debug({ jobId: job.jobId, checkId: job.checkId }, 'Result delivered')
      return 'done'
    } catch (err) {
      if (giveUp.signal.aborted) return 'done'
      if (err instanceof ProtocolRefused) {
        if (err.statusCode === 409) deps.log.warn({ jobId: job.jobId }, 'Result dropped: the lease of this job was lost')
        else deps.log.error(err, `Result of job ${job.jobId} dropped: the service refused it`)
        return 'done'
      }
      deps.log.warn({ jobId: job.jobId, reason: err instanceof Error ? err.message : String(err) }, 'Result kept: the service cannot take it now')
      return 'retry'
    }
  }

  async function run(entry: OutboxEntry): Promise<void> {
    const uploaded = new Set<string>()
    try {
      for (let tries = 1; ; tries += 1) {
        if ((await attempt(entry, uploaded)) === 'done') return
        try {
          await sleep(backoffDelay(tries, random, policy), undefined, { signal: giveUp.signal })
        } catch {
          deps.log.warn({ jobId: entry.job.jobId }, 'Result abandoned: the agent is stopping')
          return
        }
      }
    } finally {
      await entry.result.release?.().catch(() => undefined)
    }
  }

  return {
    deliver(entry) {
      const p = run(entry).finally(() => {
        pending.delete(p)
        deps.onSizeChange?.(pending.size)
      })
      pending.add(p)
      deps.onSizeChange?.(pending.size)
      return p
    },
    size: () => pending.size,
    async drained() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    abandon: () => giveUp.abort(),
  }
}
