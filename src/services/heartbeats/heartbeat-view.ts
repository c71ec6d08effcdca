/** Response shapes of heartbeat events (reference HeartbeatsV1Event, plus what Picket records beyond it). */
import { toIso } from '../../lib/clock.js'
import type { HeartbeatEventView } from '../../domain/heartbeats/contract.js'
import type { HeartbeatEventRow } from '../../store/heartbeats.js'

export function presentEvent(e: HeartbeatEventRow): HeartbeatEventView {
  return {
    id: e.id,
    state: e.state,
    timestamp: toIso(Number(e.created_at)),
    source: e.source,
    userAgent: e.user_agent,
    type: e.type,
    method: e.method,
    durationMs: e.duration_ms === null ? null : Number(e.duration_ms),
    body: e.body,
    resultId: e.result_id,
  }
}
