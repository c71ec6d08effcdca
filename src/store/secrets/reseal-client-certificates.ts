/**
 * The start-up pass over client certificates (see reseal.ts): a key or passphrase sealed with a previous key is
 * sealed again with the current one. The row is rewritten only if it is still what was read (compare-and-set), so
 * that a delete or upload made meanwhile is never undone.
 */
import type { ResealContext } from './reseal-tables.js'

export async function resealClientCertificates(c: ResealContext): Promise<void> {
  const rows = await c.db.selectFrom('client_certificates').select(['id', 'key_sealed', 'passphrase_sealed']).orderBy('id').execute()
  for (const row of rows) {
    const key = c.fix(row.key_sealed)
    const passphrase = row.passphrase_sealed === null ? null : c.fix(row.passphrase_sealed)
    if (key === row.key_sealed && passphrase === row.passphrase_sealed) continue
    let q = c.db.updateTable('client_certificates').set({ key_sealed: key, passphrase_sealed: passphrase }).where('id', '=', row.id).where('key_sealed', '=', row.key_sealed)
    q = row.passphrase_sealed === null ? q.where('passphrase_sealed', 'is', null) : q.where('passphrase_sealed', '=', row.passphrase_sealed)
    c.rewrote((await q.executeTakeFirst()).numUpdatedRows)
  }
}
