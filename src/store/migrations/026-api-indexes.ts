/** Reserved: a later change fills this migration in. */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(_db: Kysely<unknown>, _dialect: Dialect): Promise<void> {}
