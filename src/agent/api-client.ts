/**
 * The agent's HTTP client of the service (protocol v1), over undici with a ProxyAgent when a proxy is configured.
 * Every call says whether the service answered, so readiness can follow the last call. Network errors, 5xx and
 * refused keys throw ServiceUnavailable (retry later); other refusals throw ProtocolRefused (do not retry).
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici'
import { PROTOCOL_PREFIX, type JobState, type LeasedJob, type PostedResult, type ResultOutcome } from './protocol.js'
import type { ErrorReport } from './scrub.js'

export class ServiceUnavailable extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message)
    this.name = 'ServiceUnavailable'
  }
}

export class ProtocolRefused extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message)
    this.name = 'ProtocolRefused'
  }
}

export interface ApiClientOptions {
  baseUrl: string
  apiKey: string
  agentId: string
  agentVersion: string
  proxyUrl?: string
  /** Called after every call: true when the service answered (not 5xx, key accepted). */
  onContact?: (ok: boolean) => void
}

export interface LeaseRequest {
  capacity: number
  waitSeconds: number
  checkTypes: string[]
}

export interface ApiClient {
  lease(req: LeaseRequest, signal?: AbortSignal): Promise<LeasedJob[]>
  uploadArtifact(job: { jobId: string; leaseToken: string }, file: { name: string; path: string; contentType: string }, signal?: AbortSignal): Promise<void>
  postResult(job: { jobId: string; leaseToken: string }, result: PostedResult, signal?: AbortSignal): Promise<ResultOutcome>
  /** Says the agent is alive; with leaving, that it stops (the service no longer counts it connected). */
  heartbeat(jobsInFlight: number, options?: { leaving?: boolean; timeoutMs?: number }): Promise<void>
  /** What became of the jobs in hand; empty when the service does not say (one older than this question). */
  jobStates(jobs: Array<{ jobId: string; leaseToken: string }>): Promise<Array<{ jobId: string; state: JobState }>>
  reportError(report: ErrorReport): Promise<void>
  close(): Promise<void>
}

interface Answer {
  status: number
  body: unknown
}

/** The message of an API error body ({ statusCode, error, message }), or the status. */
function describe(answer: Answer): string {
  const b = answer.body as { message?: unknown } | null
  return typeof b?.message === 'string' ? `${answer.status}: ${b.message}` : `HTTP ${answer.status}`
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const dispatcher: Dispatcher = options.proxyUrl ? new ProxyAgent(options.proxyUrl) : new Agent({ keepAliveTimeout: 60_000 })
  const base = `${options.baseUrl.replace(/\/+$/, '')}${PROTOCOL_PREFIX}`
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    'x-picket-agent': options.agentId,
    'x-picket-agent-version': options.agentVersion,
  }

  async function call(
    method: 'POST' | 'PUT',
    path: string,
    init: { json?: unknown; stream?: { path: string; contentType: string; size: number }; extraHeaders?: Record<string, string>; timeoutMs?: number; signal?: AbortSignal },
  ): Promise<Answer> {
    let answer: Answer
    try {
      const res = await request(`${base}${path}`, {
        method,
        dispatcher,
        signal: init.signal,
        headersTimeout: init.timeoutMs ?? 30_000,
        bodyTimeout: init.timeoutMs ?? 30_000,
        headers: init.stream
          ? { ...headers, ...init.extraHeaders, 'content-type': init.stream.contentType, 'content-length': String(init.stream.size) }
          : { ...headers, ...init.extraHeaders, 'content-type': 'application/json' },
        body: init.stream ? createReadStream(init.stream.path) : JSON.stringify(init.json ?? {}),
      })
      const text = await res.body.text()
      let body: unknown = null
      try {
        body = text === '' ? null : JSON.parse(text)
      } catch {
        body = null
      }
      answer = { status: res.statusCode, body }
    } catch (err) {
      options.onContact?.(false)
      if (init.signal?.aborted) throw err
      const code = (err as { code?: string }).code
      throw new ServiceUnavailable(`The service could not be reached (${code ?? (err instanceof Error ? err.message : String(err))})`, null)
    }
    const refusedKey = answer.status === 401 || answer.status === 403
    options.onContact?.(answer.status < 500 && !refusedKey)
    if (answer.status >= 500 || answer.status === 429) throw new ServiceUnavailable(`The service answered ${describe(answer)}`, answer.status)
    if (refusedKey) throw new ServiceUnavailable(`The service refused the agent's key (${describe(answer)}); check API_KEY`, answer.status)
    return answer
  }

  const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`

  return {
    async lease(req, signal) {
      const answer = await call('POST', '/jobs/lease', { json: req, signal, timeoutMs: (req.waitSeconds + 30) * 1000 })
      if (answer.status !== 200) throw new ProtocolRefused(`Lease refused: ${describe(answer)}`, answer.status)
      const jobs = (answer.body as { jobs?: unknown } | null)?.jobs
      return Array.isArray(jobs) ? (jobs as LeasedJob[]) : []
    },
    async uploadArtifact(job, file, signal) {
      const size = (await stat(file.path)).size
      const answer = await call('PUT', `${jobPath(job.jobId)}/artifacts/${encodeURIComponent(file.name)}`, {
        stream: { path: file.path, contentType: file.contentType, size },
        extraHeaders: { 'x-lease-token': job.leaseToken },
        timeoutMs: 600_000,
        signal,
      })
      if (answer.status === 409) throw new ProtocolRefused('Artifact refused: the lease was lost', 409)
      if (answer.status !== 200 && answer.status !== 201) throw new ProtocolRefused(`Artifact ${file.name} refused: ${describe(answer)}`, answer.status)
    },
    async postResult(job, result, signal) {
      const answer = await call('POST', `${jobPath(job.jobId)}/result`, { json: { leaseToken: job.leaseToken, result }, signal })
      if (answer.status === 409) return 'lease-lost'
      if (answer.status !== 200) throw new ProtocolRefused(`Result refused: ${describe(answer)}`, answer.status)
      const body = answer.body as { accepted?: unknown; reason?: unknown } | null
      return body?.accepted === false ? 'duplicate' : 'accepted'
    },
    async heartbeat(jobsInFlight, options = {}) {
      const json = options.leaving ? { jobsInFlight, leaving: true } : { jobsInFlight }
      await call('POST', '/heartbeat', { json, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs, signal: AbortSignal.timeout(options.timeoutMs) }) })
    },
    async jobStates(jobs) {
      const answer = await call('POST', '/jobs/states', { json: { jobs } })
      const states = answer.status === 200 ? (answer.body as { jobs?: unknown } | null)?.jobs : undefined
      return Array.isArray(states) ? (states as Array<{ jobId: string; state: JobState }>) : []
    },
    async reportError(report) {
      await call('POST', '/errors', { json: report })
    },
    close: () => dispatcher.close(),
  }
}
