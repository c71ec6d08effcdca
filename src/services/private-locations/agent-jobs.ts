/**
 * The service side of the agent protocol (runners/agent-protocol.ts): private-location agents lease the
 * run jobs of their location with the spec prepared exactly as the built-in worker prepares it, upload artifacts,
 * and post results, which are recorded by the engine's own outcome code (engine/run-outcome.ts). Each leased job
 * gets its own lease token, which is also the id of its result: a result posted twice is recognised as a
 * duplicate, and a post whose lease was lost (expired and leased again) is refused with 409.
 */
import type { Readable } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'
import { ConflictError, DomainError } from '../../domain/errors.js'
import { runSecretValues } from '../../domain/secrets/run-secrets.js'
import { parseOverrides } from '../../domain/runs/run-overrides.js'
import type { EngineLog, EngineMetrics } from '../../engine/engine-deps.js'
import { prepareRunSpec } from '../../engine/prepare.js'
import { createRedactorCache } from '../../engine/redactor-cache.js'
import { completeRun, runPlace, type OutcomeWriter } from '../../engine/run-outcome.js'
import { dueTimeOf, type Batch } from '../../engine/worker.js'
import { skipAllStale } from '../../engine/stale-runs.js'
import { toIso } from '../../lib/clock.js'
import { isUuid, newId } from '../../lib/ids.js'
import type { ArtifactType, CheckRunSpec, RunArtifact, RunResult } from '../../runners/contract.js'
import type { JobState, LeasedJob, PostedResult } from '../../runners/agent-protocol.js'
import type { ArtifactFiles } from '../../store/artifact-files.js'
import type { RunJobRow } from '../../store/run-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { expireUnleasedJobs } from './unleased-expiry.js'

const POLL_MS = 250

/** Who is calling: the account and private location of a `pl_` key, and the agent's own headers. */
export interface AgentCaller {
  accountId: string
  locationId: string
  slugName: string
  agentId: string
  version: string
}

export type AgentJob = LeasedJob<CheckRunSpec>
export type { PostedResult }

export interface AgentJobService {
  /**
   * Leases due jobs, waiting up to `waitSeconds` for one (long poll). `until` ends the wait early, empty-handed:
   * the service is shutting down or the agent went away, and a wait held open would only hold up the shutdown.
   */
  lease(caller: AgentCaller, req: { capacity: number; waitSeconds: number; checkTypes: string[] }, until?: AbortSignal): Promise<{ jobs: AgentJob[] }>
  /** Streams one artifact of a leased job to staging; 413 past the limit, 409 when the lease is not held. */
  uploadArtifact(caller: AgentCaller, jobId: string, leaseToken: string, name: string, body: Readable, declaredLength: number | undefined): Promise<void>
  postResult(caller: AgentCaller, jobId: string, leaseToken: string, result: PostedResult): Promise<{ accepted: true } | { accepted: false; reason: 'duplicate' }>
  /** What became of the jobs an agent runs: still held, cancelled by their session, or lost (agent-protocol.ts JobState). */
  jobStates(caller: AgentCaller, jobs: Array<{ jobId: string; leaseToken: string }>): Promise<{ jobs: Array<{ jobId: string; state: JobState }> }>
  /** Periodic: queued jobs not leased in time (private locations: 6 min, data-center: 10 min) are removed with a FINAL failing result. */
  expireUnleased(): Promise<number>
}

/** The engine's parts an agent's runs go through; the wiring builds them with the stores and transactor they ask for. */
export interface AgentJobEngine {
  /** Checks, groups, variables and snippets of the jobs (engine/worker.ts). */
  loadBatch(jobs: RunJobRow[]): Promise<Batch>
  /** Writes outcomes in one transaction and runs the final-results hooks (engine/run-outcome.ts). */
  writer: OutcomeWriter
}

export interface AgentJobOptions {
  engine: AgentJobEngine
  files: ArtifactFiles | undefined
  /** Largest artifact upload. */
  artifactLimitBytes: number
  log?: EngineLog
  /** How long a leased job is held before it may be leased again. */
  leaseMs: number
  /** Runs started (leased by an agent) and finished, for /metrics. */
  metrics?: EngineMetrics | undefined
  /** Real waiting between long-poll checks (tests may shorten it); it ends early when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

const silent: EngineLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
/** Ends early, without an error, when the signal aborts. */
const sleepFor = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : {}).catch(() => undefined)

/** What the agents' job service uses: the wiring hands it these stores and shared things and no others. */
export const agentJobServiceUses = uses(['jobs', 'results', 'privateLocations', 'runCancellations', 'runSkips'], ['clock', 'transact'])
export type AgentJobServiceDeps = DepsOf<typeof agentJobServiceUses>

export function agentJobService(r: AgentJobServiceDeps, options: AgentJobOptions): AgentJobService {
  const log = options.log ?? silent
  const limit = options.artifactLimitBytes
  const sleep = options.sleep ?? sleepFor
  const files = options.files
  const leaseMs = options.leaseMs
  const artifacts = files ? { save: files.save.bind(files) } : undefined
  const { writer, loadBatch } = options.engine
  const redactors = createRedactorCache()
  /** When each private location's stale runs were last taken out of its queue (at most once a second each). */
  const staleSweptAt = new Map<string, number>()

  /**
   * A location's agents are leasing: its stale scheduled runs (queued while no agent was there, or while its agents
   * were behind) are recorded as skipped, so a returning agent gets current slots only (stale-runs.ts).
   */
  async function skipStale(locationId: string, now: number): Promise<void> {
    if (now - (staleSweptAt.get(locationId) ?? -Infinity) < 1_000) return
    staleSweptAt.set(locationId, now)
    await skipAllStale({ transact: r.transact, clock: r.clock, metrics: options.metrics }, { privateLocationId: locationId })
  }

  async function leaseOnce(caller: AgentCaller, capacity: number, checkTypes: string[]): Promise<AgentJob[]> {
    // Expired leases are put back in the queue by the engine's reaper (every few seconds), not on every poll.
    const now = r.clock.now()
    await skipStale(caller.locationId, now)
    // One lease for the batch, then a token of its own for each job (its lease token and result id).
    const batchToken = newId()
    const rows = await r.stores.jobs.lease({
      now,
      limit: capacity,
      leasedBy: batchToken,
      leaseUntil: now + leaseMs,
      privateLocationId: caller.locationId,
      checkTypes: { only: checkTypes },
    })
    const leased: RunJobRow[] = []
    for (const row of rows) {
      const token = newId()
      if (await r.stores.jobs.relabelLease(row.id, batchToken, token)) leased.push({ ...row, leased_by: token })
    }
    if (leased.length === 0) return []
    const batch = await loadBatch(leased)
    const jobs: AgentJob[] = []
    for (const job of leased) {
      const check = batch.checks.get(job.check_id)
      const token = job.leased_by as string
      if (!check) {
        await r.stores.jobs.remove([job.id])
        continue
      }
      const group = typeof check.doc.groupId === 'number' ? batch.groups.get(check.doc.groupId) : undefined
      const spec = prepareRunSpec({
        overrides: parseOverrides(job.overrides),
        check,
        group,
        accountVariables: batch.variables.get(check.accountId) ?? [],
        snippets: batch.snippets,
        clientCertificates: batch.clientCertificates.get(check.accountId),
        runtime: { location: job.location, runId: job.id, resultId: token, sequenceId: job.sequence_id, attempt: job.attempt },
      })
      options.metrics?.runStarted(runPlace(job, check.checkType), now - dueTimeOf(job))
      jobs.push({
        jobId: job.id,
        leaseToken: token,
        leaseUntil: toIso(job.lease_until ?? now + leaseMs),
        checkId: check.id,
        checkType: check.checkType,
        attempt: job.attempt,
        location: caller.slugName,
        spec,
        dueAt: toIso(job.due_at),
      })
    }
    return jobs
  }

  /** The job, when this caller's location holds it under this lease token. */
  async function heldJob(caller: AgentCaller, jobId: string, leaseToken: string): Promise<RunJobRow | null> {
    const job = isUuid(jobId) ? await r.stores.jobs.get(jobId) : undefined
    const ok = job && job.private_location_id === caller.locationId && job.status === 'running' && job.leased_by === leaseToken
    return ok ? job : null
  }

  const lostLease = (jobId: string) =>
    new ConflictError(`The lease of job ${jobId} is not held with this token (it expired and the job was leased again, or the job is done)`, {
      leaseToken: 'not the current lease',
    })

  return {
    async lease(caller, req, until) {
      const types = [...new Set(req.checkTypes)]
      const polls = Math.ceil((req.waitSeconds * 1000) / POLL_MS)
      for (let i = 0; ; i++) {
        const jobs = types.length > 0 ? await leaseOnce(caller, req.capacity, types) : []
        if (jobs.length > 0 || i >= polls || until?.aborted) return { jobs }
        await sleep(POLL_MS, until)
        if (until?.aborted) return { jobs: [] }
      }
    },

    async uploadArtifact(caller, jobId, leaseToken, name, body, declaredLength) {
      if (!files) throw new DomainError(503, 'This service keeps no artifacts (no artifact store is configured)', {})
      if (!(await heldJob(caller, jobId, leaseToken))) throw lostLease(jobId)
      if (declaredLength !== undefined && declaredLength > limit) throw new DomainError(413, `An artifact may hold at most ${limit} bytes`, { limit })
      const stored = await files.stage(leaseToken, name, body, limit)
      if (stored === 'too-large') throw new DomainError(413, `An artifact may hold at most ${limit} bytes`, { limit })
      if (stored === 'invalid') throw new DomainError(400, 'Invalid artifact name: use a-z A-Z 0-9 . _ @ - only', { name: 'invalid' })
    },

    async postResult(caller, jobId, leaseToken, posted) {
      const duplicate = async () => isUuid(leaseToken) && (await r.stores.results.exists(caller.accountId, leaseToken))
      const job = await heldJob(caller, jobId, leaseToken)
      if (!job) {
        if (await duplicate()) return { accepted: false, reason: 'duplicate' }
        throw lostLease(jobId)
      }
      const batch = await loadBatch([job])
      const check = batch.checks.get(job.check_id)
      if (!check) {
        await r.stores.jobs.remove([job.id])
        return { accepted: true }
      }
      const group = typeof check.doc.groupId === 'number' ? batch.groups.get(check.doc.groupId) : undefined
      const overrides = parseOverrides(job.overrides)
      const redactor = redactors.forSecrets(runSecretValues({ accountVariables: batch.variables.get(check.accountId) ?? [], group, check: check.doc, overrides }))
      const staged: RunArtifact[] = []
      for (const a of posted.artifacts ?? []) {
        const path = files ? await files.staged(leaseToken, a.name) : null
        if (path) staged.push({ type: a.type as ArtifactType, name: a.name, contentType: a.contentType, path })
      }
      const result: RunResult = { ...posted, artifacts: staged, release: async () => files?.unstage(leaseToken) }
      const completed = await completeRun({ artifacts, log }, { job, check, group, result, resultId: leaseToken, redactor })
      const written = await writer.write([completed], (s, c) => s.jobs.holdsLease(c.job.id, leaseToken))
      if (written.length === 0) {
        if (await duplicate()) return { accepted: false, reason: 'duplicate' }
        throw lostLease(jobId)
      }
      await writer.settle()
      return { accepted: true }
    },

    async jobStates(caller, asked) {
      const held = await Promise.all(asked.map(async (j) => (await heldJob(caller, j.jobId, j.leaseToken)) !== null))
      const gone = asked.filter((_, i) => !held[i]).map((j) => j.jobId)
      const cancelled = new Set(gone.length > 0 ? await r.stores.runCancellations.cancelledJobs(gone.filter(isUuid)) : [])
      const stateOf = (jobId: string, i: number): JobState => (held[i] ? 'running' : cancelled.has(jobId) ? 'cancelled' : 'lost')
      return { jobs: asked.map((j, i) => ({ jobId: j.jobId, state: stateOf(j.jobId, i) })) }
    },

    expireUnleased: () => expireUnleasedJobs(r, { loadBatch, writer, log }),
  }
}
