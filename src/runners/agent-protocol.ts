/**
 * The agent protocol v1's job and result shapes: the runner contract as it travels between the service
 * (services/private-locations/agent-jobs.ts, api/routes/agent/) and a private-location agent (agent/), one definition for both.
 */
import type { ArtifactType, RunResult } from './contract.js'

export const AGENT_PROTOCOL_PREFIX = '/agent/v1'

/**
 * A running agent calls the service at least about this often: a heartbeat when nothing else was said for this long.
 * Half the window in which the service counts an agent connected (AGENT_CONNECTED_MS), so one late beat is forgiven.
 */
export const AGENT_HEARTBEAT_MS = 30_000

/** One leased run. `dueAt`, when sent, lets the agent measure how long the run waited in the queue. */
export interface LeasedJob<Spec = unknown> {
  jobId: string
  leaseToken: string
  leaseUntil: string
  checkId: string
  checkType: string
  attempt: number
  location: string
  spec: Spec
  dueAt?: string
}

/** A finished run as posted: the runner's RunResult without `release`, its artifacts already uploaded and named. */
export type PostedResult = Omit<RunResult, 'release' | 'artifacts'> & {
  artifacts?: Array<{ type: ArtifactType; name: string; contentType: string }>
}

/**
 * What the service says of a job an agent is running: still `running` under the agent's lease, `cancelled` by its
 * session (the agent aborts the run and posts nothing), or `lost` (the lease expired, or the job is gone): a result
 * posted for it would be refused, so the agent stops it too.
 */
export type JobState = 'running' | 'cancelled' | 'lost'
