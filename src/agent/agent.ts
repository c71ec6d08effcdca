/**
 * One running agent: the API client, the job loop and the health server wired together, with readiness following
 * the last call to the service. Built by src/main/agent.ts from the configuration and the runners.
 */
import { randomUUID } from 'node:crypto'
import type { CheckRunner } from '../runners/contract.js'
import { createApiClient } from './api-client.js'
import type { BackoffPolicy } from './backoff.js'
import { createErrorReporter, type ReportError } from './error-reporter.js'
import { startHealthServer, type HealthServer } from './health-server.js'
import { createJobLoop, type JobLoop } from './job-loop.js'
import type { AgentLog } from './log.js'
import { createAgentMetrics } from './metrics.js'

export interface AgentDeps {
  serviceUrl: string
  apiKey: string
  proxyUrl?: string
  jobConcurrency: number
  healthPort: number
  healthHost?: string
  externalObservability: boolean
  runners: Partial<Record<string, CheckRunner>>
  /** pino-shaped logger; error-level events are also reported when externalObservability is on. */
  log: AgentLog
  agentVersion: string
  backoff?: BackoffPolicy
  waitSeconds?: number
}

export interface RunningAgent {
  agentId: string
  healthPort: number
  loop: JobLoop
  /** Reports an error-level event to the service (when on) besides logging it. */
  reportError: ReportError
  /** Stops leasing (readiness 503), finishes and delivers the jobs in hand within graceMs, closes everything. */
  stop(graceMs: number): Promise<{ drained: boolean }>
}

export async function startAgent(deps: AgentDeps): Promise<RunningAgent> {
  const agentId = randomUUID()
  let connected = false
  const client = createApiClient({
    baseUrl: deps.serviceUrl,
    apiKey: deps.apiKey,
    agentId,
    agentVersion: deps.agentVersion,
    proxyUrl: deps.proxyUrl,
    onContact: (ok) => {
      connected = ok
    },
  })
  const reportError: ReportError = deps.externalObservability
    ? createErrorReporter({ send: (r) => client.reportError(r), agentVersion: deps.agentVersion, platform: `${process.platform}-${process.arch}`, runtimeVersion: process.version })
    : () => undefined
  const log: AgentLog = {
    debug: (f, m) => deps.log.debug(f, m),
    info: (f, m) => deps.log.info(f, m),
    warn: (f, m) => deps.log.warn(f, m),
    error: (err, m) => {
      deps.log.error(err, m)
      reportError(err)
    },
  }
  const metrics = createAgentMetrics()
  const loop = createJobLoop({ client, runners: deps.runners, concurrency: deps.jobConcurrency, log, metrics, backoff: deps.backoff, waitSeconds: deps.waitSeconds })
  let health: HealthServer
  try {
    health = await startHealthServer(
      deps.healthPort,
      {
        connected: () => connected,
        stopping: () => loop.status().stopping,
        jobsInFlight: () => loop.status().inFlight,
        metrics: () => metrics.snapshot(),
      },
      deps.agentVersion,
      deps.healthHost,
    )
  } catch (err) {
    await client.close()
    throw err
  }
  loop.start()
  deps.log.info(
    { agentId, service: new URL(deps.serviceUrl).origin, concurrency: deps.jobConcurrency, checkTypes: Object.keys(deps.runners), healthPort: health.port },
    'Agent started',
  )
  return {
    agentId,
    healthPort: health.port,
    loop,
    reportError,
    async stop(graceMs) {
      const outcome = await loop.stop(graceMs)
      await health.close()
      await client.close()
      return outcome
    },
  }
}
