/** Heartbeat checks: pings, deadlines, events and availability. */
import { uses, type DepsOf } from '../resource-deps.js'
import type { PingInput, PingOutcome } from './heartbeat-pings.js'
import { pingWriter } from './ping-writer.js'
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

/** What the heartbeat service uses: the wiring hands it these stores and shared things and no others. */
export const heartbeatServiceUses = uses(['checks', 'heartbeats', 'results', 'writes'], ['afterFinalResults', 'clock', 'transact'])
export type HeartbeatServiceDeps = DepsOf<typeof heartbeatServiceUses>

/** `checkDeadlines`: the engine's deadline pass, which the wiring builds with the stores and transactor it asks for. */
export function heartbeatService(deps: HeartbeatServiceDeps, checkDeadlines: () => Promise<number>): HeartbeatService {
  const writer = pingWriter(deps, { batchesAtOnce: deps.stores.heartbeats.batchesAtOnce })
  return {
    ...heartbeatReads(deps),
    ping: (input) => writer.submit(input),
    checkDeadlines,
    drain: () => writer.drain(),
  }
}
