/** The agent protocol v1 as the agent sees it (the contract: issue 15's agent-protocol brief). */
import type { ArtifactType, RunResult } from '../runners/contract.js'

export const PROTOCOL_PREFIX = '/agent/v1'

/** One leased run. `dueAt` is optional: when the service sends it, the agent measures its queue wait. */
export interface LeasedJob {
  jobId: string
  leaseToken: string
  leaseUntil: string
  checkId: string
  checkType: string
  attempt: number
  location: string
  spec: unknown
  dueAt?: string
}

/** The result as posted: the runner's RunResult without `release`, artifacts already uploaded and named only. */
export type PostedResult = Omit<RunResult, 'release' | 'artifacts'> & {
  artifacts?: Array<{ type: ArtifactType; name: string; contentType: string }>
}

/** The service's answer to a posted result. */
export type ResultOutcome = 'accepted' | 'duplicate' | 'lease-lost'

/** The result to post: `release` left out, artifact paths left out. */
export function toPostedResult(result: RunResult): PostedResult {
  const { release: _release, artifacts, ...rest } = result
  return artifacts && artifacts.length > 0 ? { ...rest, artifacts: artifacts.map((a) => ({ type: a.type, name: a.name, contentType: a.contentType })) } : rest
}
