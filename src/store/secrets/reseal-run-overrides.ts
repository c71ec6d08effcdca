/**
 * The start-up pass over queued run jobs' overrides (see reseal.ts): a secret variable sealed with a previous key
 * is sealed again with the current one, so that dropping the previous key later never strands a run still
 * waiting in the queue. The row is rewritten only if its overrides are still what was read (compare-and-set).
 */
import { mapStoredSecrets } from '../../domain/secrets/stored-secrets.js'
import type { ResealContext } from './reseal-tables.js'

export async function resealRunOverrides(c: ResealContext): Promise<void> {
  const rows = await c.db.selectFrom('run_jobs').select(['id', 'overrides']).where('overrides', 'is not', null).orderBy('id').execute()
  for (const row of rows) {
    const stored = row.overrides
    if (!stored) continue
    let doc: unknown
    try {
      doc = JSON.parse(stored)
    } catch {
      continue
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) continue
    const text = JSON.stringify(mapStoredSecrets('runOverrides', doc as Record<string, unknown>, c.fix))
    if (text === stored) continue
    c.rewrote((await c.db.updateTable('run_jobs').set({ overrides: text }).where('id', '=', row.id).where('overrides', '=', stored).executeTakeFirst()).numUpdatedRows)
  }
}
