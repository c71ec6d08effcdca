/** Heartbeat timers (next deadline, indexed) and ping events. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the heartbeats work
export interface HeartbeatStore {}

export function heartbeatStore(_db: Kysely<Database>): HeartbeatStore {
  return {}
}
