/**
 * The start-up pass over each table that holds secrets (see reseal.ts): rows are read a page at a time in key
 * order, and a row whose secrets are not all sealed with the current key is rewritten only if it is still what was
 * read (compare-and-set on the old value), so that a write made meanwhile by the API, on this instance or another,
 * is never overwritten by an older copy. A row that a unique token would collide with is left as it was (it still
 * reads and works). Every write is one statement: an interrupted pass leaves only whole values behind.
 */
import type { Kysely } from 'kysely'
import { mapStoredSecrets, type SecretHolder } from '../../domain/secrets/stored-secrets.js'
import { pingTokenOf } from '../../domain/heartbeats/settings.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { isUniqueViolation } from '../dialect.js'
import type { Database } from '../schema.js'
import { isTokenDigest, tokenDigest } from './sealed-docs.js'

const PAGE = 500

export interface ResealContext {
  db: Kysely<Database>
  box: SecretBox
  /** The value sealed with the current key (the same string when it already is, or when its key is unknown). */
  fix(stored: string): string
  /** Counts a rewritten row. */
  rewrote(changed: number | bigint | undefined): void
}

/** Runs `work` on each page that `page` reads after the last row of the previous one. */
async function eachPage<R>(page: (last: R | undefined) => Promise<R[]>, work: (row: R) => Promise<void>): Promise<void> {
  let last: R | undefined
  for (;;) {
    const rows = await page(last)
    for (const row of rows) await work(row)
    if (rows.length < PAGE) return
    last = rows.at(-1)
  }
}

/** A write that a unique token would collide with is skipped (the row keeps its earlier form). */
async function unlessTaken(write: () => Promise<{ numUpdatedRows: bigint }>): Promise<bigint> {
  try {
    return (await write()).numUpdatedRows
  } catch (err) {
    if (isUniqueViolation(err)) return 0n
    throw err
  }
}

export async function resealVariables(c: ResealContext): Promise<void> {
  type R = { account_id: string; key: string; value: string }
  await eachPage<R>(
    (last) => {
      let q = c.db.selectFrom('variables').select(['account_id', 'key', 'value']).where('secret', '=', 1).orderBy('account_id').orderBy('key').limit(PAGE)
      if (last) q = q.where((eb) => eb.or([eb('account_id', '>', last.account_id), eb.and([eb('account_id', '=', last.account_id), eb('key', '>', last.key)])]))
      return q.execute()
    },
    async (row) => {
      const value = c.fix(row.value)
      if (value === row.value) return
      const r = await c.db
        .updateTable('variables')
        .set({ value })
        .where('account_id', '=', row.account_id)
        .where('key', '=', row.key)
        .where('value', '=', row.value)
        .executeTakeFirst()
      c.rewrote(r.numUpdatedRows)
    },
  )
}

const parseDoc = (text: string): Record<string, unknown> | null => {
  try {
    const doc: unknown = JSON.parse(text)
    return doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The plain ping token of a check document, when it can be read. */
function plainPingToken(doc: Record<string, unknown>, box: SecretBox): string | null {
  const token = pingTokenOf(doc)
  if (token === null) return null
  const state = box.inspect(token)
  return state.kind === 'sealed' && state.key === 'unknown' ? null : box.decrypt(token)
}

export async function resealChecks(c: ResealContext): Promise<void> {
  type R = { id: string; doc: string; ping_token: string | null }
  await eachPage<R>(
    (last) => {
      let q = c.db.selectFrom('checks').select(['id', 'doc', 'ping_token']).orderBy('id').limit(PAGE)
      if (last) q = q.where('id', '>', last.id)
      return q.execute()
    },
    async (row) => {
      const doc = parseDoc(row.doc)
      if (!doc) return
      const text = JSON.stringify(mapStoredSecrets('check', doc, c.fix))
      const token = plainPingToken(doc, c.box)
      const pingToken = token === null ? row.ping_token : tokenDigest(token)
      if (text === row.doc && pingToken === row.ping_token) return
      c.rewrote(
        await unlessTaken(() => c.db.updateTable('checks').set({ doc: text, ping_token: pingToken }).where('id', '=', row.id).where('doc', '=', row.doc).executeTakeFirst()),
      )
    },
  )
}

/** Check groups and alert channels: documents in tables of their own with serial ids. */
export async function resealDocTable(c: ResealContext, table: 'check_groups' | 'alert_channels', holder: SecretHolder): Promise<void> {
  // The alert channel table is reached through doc-table.ts, outside the static schema.
  const db = c.db.withTables<{ alert_channels: { id: number; doc: string } }>()
  type R = { id: number; doc: string }
  await eachPage<R>(
    (last) => {
      let q = db.selectFrom(table).select(['id', 'doc']).orderBy('id').limit(PAGE)
      if (last) q = q.where('id', '>', last.id)
      return q.execute()
    },
    async (row) => {
      const doc = parseDoc(row.doc)
      if (!doc) return
      const text = JSON.stringify(mapStoredSecrets(holder, doc, c.fix))
      if (text === row.doc) return
      c.rewrote((await db.updateTable(table).set({ doc: text }).where('id', '=', row.id).where('doc', '=', row.doc).executeTakeFirst()).numUpdatedRows)
    },
  )
}

/** Queued and logged notifications: the channel config in their payload (e-mail and SMS configs hold no secret). */
export async function resealNotifications(c: ResealContext): Promise<void> {
  const db = c.db.withTables<{ alert_notifications: { id: string; channel_type: string; payload: string } }>()
  type R = { id: string; payload: string }
  await eachPage<R>(
    (last) => {
      let q = db.selectFrom('alert_notifications').select(['id', 'payload']).where('channel_type', 'not in', ['EMAIL', 'SMS']).orderBy('id').limit(PAGE)
      if (last) q = q.where('id', '>', last.id)
      return q.execute()
    },
    async (row) => {
      const doc = parseDoc(row.payload)
      if (!doc) return
      const text = JSON.stringify(mapStoredSecrets('notificationPayload', doc, c.fix))
      if (text === row.payload) return
      c.rewrote((await db.updateTable('alert_notifications').set({ payload: text }).where('id', '=', row.id).where('payload', '=', row.payload).executeTakeFirst()).numUpdatedRows)
    },
  )
}

/** Trigger tokens: a plain one becomes its digest and its sealed copy; a sealed one is sealed with the current key. */
export async function resealTriggers(c: ResealContext): Promise<void> {
  type R = { id: number; token: string; token_sealed: string | null }
  await eachPage<R>(
    async (last) => {
      let q = c.db.selectFrom('triggers').select(['id', 'token', 'token_sealed']).orderBy('id').limit(PAGE)
      if (last) q = q.where('id', '>', last.id)
      return (await q.execute()).map((r) => ({ ...r, id: Number(r.id) }))
    },
    async (row) => {
      if (row.token_sealed === null) {
        if (isTokenDigest(row.token)) return
        const set = { token: tokenDigest(row.token), token_sealed: c.box.encrypt(row.token) }
        c.rewrote(
          await unlessTaken(() =>
            c.db.updateTable('triggers').set(set).where('id', '=', row.id).where('token', '=', row.token).where('token_sealed', 'is', null).executeTakeFirst(),
          ),
        )
        return
      }
      const sealed = c.fix(row.token_sealed)
      if (sealed === row.token_sealed) return
      c.rewrote(
        (await c.db.updateTable('triggers').set({ token_sealed: sealed }).where('id', '=', row.id).where('token_sealed', '=', row.token_sealed).executeTakeFirst()).numUpdatedRows,
      )
    },
  )
}

/** Heartbeat timers still holding a plain ping token get its digest. */
export async function digestTimerTokens(c: ResealContext): Promise<void> {
  const db = c.db.withTables<{ heartbeat_timers: { check_id: string; ping_token: string } }>()
  type R = { check_id: string; ping_token: string }
  await eachPage<R>(
    (last) => {
      let q = db.selectFrom('heartbeat_timers').select(['check_id', 'ping_token']).where('ping_token', 'not like', 'sha256:%').orderBy('check_id').limit(PAGE)
      if (last) q = q.where('check_id', '>', last.check_id)
      return q.execute()
    },
    async (row) => {
      const ping_token = tokenDigest(row.ping_token)
      c.rewrote(
        await unlessTaken(() =>
          db.updateTable('heartbeat_timers').set({ ping_token }).where('check_id', '=', row.check_id).where('ping_token', '=', row.ping_token).executeTakeFirst(),
        ),
      )
    },
  )
}
