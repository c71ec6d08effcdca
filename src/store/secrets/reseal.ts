/**
 * The start-up pass that keeps every stored secret sealed with the current key: plain values (written before
 * sealing existed) are sealed, values sealed with a previous key (during a key rotation) are sealed again with the
 * current one, plain ping and trigger tokens become digests. It is idempotent and safe beside running instances
 * (reseal-tables.ts), and it finishes by recording the key it sealed everything with, so that the next start with
 * that key and no previous key skips it. Values sealed with a key the store was not given are counted and left as
 * they are: the caller refuses to start, since nothing could read them.
 *
 * On SQLite the pass runs with secure_delete on, so that the cells and pages its rewrites free are zeroed instead
 * of keeping the plain text they held, and after rewriting it checkpoints and truncates the WAL, whose older frames
 * would otherwise keep copies of those pages until overwritten.
 */
import { sql } from 'kysely'
import type { Store } from '../db.js'
import { resealClientCertificates } from './reseal-client-certificates.js'
import { resealRunOverrides } from './reseal-run-overrides.js'
import { digestTimerTokens, resealChecks, resealDocTable, resealNotifications, resealTriggers, resealVariables, type ResealContext } from './reseal-tables.js'

export interface SealReport {
  /** The key everything is sealed with now. */
  keyId: string
  /** Rows rewritten by this pass. */
  rewritten: number
  /** Stored secrets sealed with keys the store was not given, by key id. */
  unknownKeys: Record<string, number>
  /** True when the pass did not run: the last one finished with this key, and no previous key was given. */
  skipped: boolean
}

const STATE_ROW = 'store'

type StateTables = { secret_seal_state: { name: string; key_id: string; updated_at: number } }

export async function sealStoredSecrets(store: Store, at: number, options: { force?: boolean } = {}): Promise<SealReport> {
  const { secrets: box } = store
  const keyId = box.keyId
  if (keyId === null) throw new Error('Sealing stored secrets needs a secret key')
  const state = store.db.withTables<StateTables>()
  const last = await state.selectFrom('secret_seal_state').select('key_id').where('name', '=', STATE_ROW).executeTakeFirst()
  if (last?.key_id === keyId && !box.hasPreviousKeys && !options.force) return { keyId, rewritten: 0, unknownKeys: {}, skipped: true }

  const unknownKeys: Record<string, number> = {}
  let rewritten = 0
  const context: ResealContext = {
    db: store.db,
    box,
    fix(stored) {
      const s = box.inspect(stored)
      if (s.kind === 'sealed' && s.key === 'current') return stored
      if (s.kind === 'sealed' && s.key === 'unknown') {
        unknownKeys[s.keyId] = (unknownKeys[s.keyId] ?? 0) + 1
        return stored
      }
      return box.encrypt(box.decrypt(stored))
    },
    rewrote(changed) {
      rewritten += Number(changed ?? 0)
    },
  }
  const sqlite = store.dialect === 'sqlite'
  if (sqlite) await sql`pragma secure_delete = on`.execute(store.db)
  try {
    await resealVariables(context)
    await resealChecks(context)
    await resealDocTable(context, 'check_groups', 'checkGroup')
    await resealDocTable(context, 'alert_channels', 'alertChannel')
    await resealNotifications(context)
    await resealTriggers(context)
    await digestTimerTokens(context)
    await resealClientCertificates(context)
    await resealRunOverrides(context)
  } finally {
    if (sqlite) await sql`pragma secure_delete = off`.execute(store.db)
  }
  if (sqlite && rewritten > 0) await sql`pragma wal_checkpoint(truncate)`.execute(store.db)

  if (Object.keys(unknownKeys).length === 0) {
    await state
      .insertInto('secret_seal_state')
      .values({ name: STATE_ROW, key_id: keyId, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ key_id: keyId, updated_at: at }))
      .execute()
  }
  return { keyId, rewritten, unknownKeys, skipped: false }
}
