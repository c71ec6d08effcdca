/** Reserved: filled in by the change that needs it. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {}
