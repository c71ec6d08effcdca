/** The agent protocol v1 as the agent sees it (the shapes it shares with the service: runners/agent-protocol.ts). */
import type { RunResult } from '../runners/contract.js'
import type { PostedResult } from '../runners/agent-protocol.js'

export { AGENT_HEARTBEAT_MS, AGENT_PROTOCOL_PREFIX as PROTOCOL_PREFIX, type JobState, type LeasedJob, type PostedResult } from '../runners/agent-protocol.js'

/** The service's answer to a posted result. */
export type ResultOutcome = 'accepted' | 'duplicate' | 'lease-lost'

/** The result to post: `release` left out, artifact paths left out. */
export function toPostedResult(result: RunResult): PostedResult {
  const { release: _release, artifacts, ...rest } = result
  return artifacts && artifacts.length > 0 ? { ...rest, artifacts: artifacts.map((a) => ({ type: a.type, name: a.name, contentType: a.contentType })) } : rest
}
