/** Reserved for the tables of test-sessions; filled in by the change that stores them. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // Nothing yet.
}
