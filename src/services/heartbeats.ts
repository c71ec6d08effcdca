/** Heartbeat checks: pings, deadlines, events and availability (spec 2.6, semantics section 4) */
import type { ResourceDeps } from './resource-deps.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the heartbeats work
export interface HeartbeatService {}

export function heartbeatService(_deps: ResourceDeps): HeartbeatService {
  return {}
}
