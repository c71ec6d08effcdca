/**
 * Secrets at rest: a trigger's token is kept twice, as its SHA-256 digest in `token` (what a call is looked up by)
 * and sealed in `token_sealed` (what the API shows back); a row whose `token_sealed` is null still holds its plain
 * token from before. `secret_seal_state` remembers the key whose start-up pass last finished sealing every stored
 * secret, so that later starts with the same key skip the pass. The values themselves are sealed by that pass
 * (store/secrets/reseal.ts), which needs the key, not by this migration.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('triggers').addColumn('token_sealed', 'text').execute()
  await db.schema
    .createTable('secret_seal_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
}
