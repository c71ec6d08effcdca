/** Heartbeat checks: pings, deadlines, events and availability. */
import { checkHeartbeatDeadlines } from '../../engine/heartbeat-deadlines.js'
import type { ResourceDeps } from '../resource-deps.js'
import { pingWriter, type PingInput, type PingOutcome } from './heartbeat-pings.js'
import { heartbeatReads, type HeartbeatReads } from './heartbeat-reads.js'

export type { PingInput, PingOutcome } from './heartbeat-pings.js'

export interface HeartbeatService extends HeartbeatReads {
  /** Records a ping (GET or POST on the ping URL), a /fail or a /start signal. */
  ping(input: PingInput): Promise<PingOutcome>
  /** Records a failure for every heartbeat whose deadline passed; returns how many. Periodic work. */
  checkDeadlines(): Promise<number>
  /** Resolves when every accepted ping is written (tests, shutdown). */
  drain(): Promise<void>
}

export function heartbeatService(deps: ResourceDeps): HeartbeatService {
  const writer = pingWriter(deps)
  return {
    ...heartbeatReads(deps),
    ping: (input) => writer.submit(input),
    checkDeadlines: () => checkHeartbeatDeadlines(deps),
    drain: () => writer.drain(),
  }
}
