/** Alert state per check and the check alerts it raised. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the alerts work
export interface AlertStore {}

export function alertStore(_db: Kysely<Database>): AlertStore {
  return {}
}
