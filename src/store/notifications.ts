/** The notification outbox: one row per alert and channel, with delivery attempts. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the notifications work
export interface NotificationStore {}

export function notificationStore(_db: Kysely<Database>): NotificationStore {
  return {}
}
