/**
 * Who an API key acts as, kept in memory between requests on PostgreSQL, where looking it up is a round trip on
 * every API request. A kept answer must never outlive a change: every write that can change one (a key revoked, a
 * membership added, changed or removed) sends a notification with its transaction, which PostgreSQL delivers to
 * every instance (and to processes beside it, such as the operator CLI) when that transaction commits, and each
 * instance then forgets all it kept. Answers are kept only while this instance's listening connection is up
 * (from the moment LISTEN succeeded): while it is down a notification could be missed, so nothing is kept, and
 * the connection is opened again. A lookup that overlapped a change is not kept (it may have read the old rows);
 * only active keys are kept (an unknown or revoked key is looked up each time), for at most KEEP_MS, and at most
 * MAX_KEPT of them. On SQLite nothing is kept: its lookup is no round trip.
 */
import { sql, type Kysely } from 'kysely'
import type pg from 'pg'
import type { Database } from './schema.js'

/** The notification channel of changes to keys and memberships (per database: every schema shares it). */
export const CREDENTIALS_CHANNEL = 'picket_credentials'
/** The longest an answer is kept, however quiet the channel (a safety net; changes are announced). */
export const KEEP_MS = 10_000
export const MAX_KEPT = 10_000
const RECONNECT_MS = 1_000

export interface CredentialWatch {
  /** The answer for a key hash: kept, or loaded; `keep` says whether a loaded answer may be kept. */
  lookup<T>(hash: string, load: () => Promise<T | undefined>, keep: (value: T) => boolean): Promise<T | undefined>
  /** Announces a change within `db`'s transaction (delivered at its commit) and forgets at once here. */
  changed(db: Kysely<Database>): Promise<void>
  close(): Promise<void>
}

/** SQLite (and tools that only migrate): nothing kept, nothing announced. */
export const unwatchedCredentials: CredentialWatch = {
  lookup: (_hash, load) => load(),
  changed: async () => undefined,
  close: async () => undefined,
}

interface Kept {
  value: unknown
  until: number
}

/** `connect` opens a new connection of its own for listening; it is opened on the first lookup, not before. */
export function postgresCredentialWatch(connect: () => pg.Client, now: () => number = () => performance.now()): CredentialWatch {
  const kept = new Map<string, Kept>()
  // Bumped at every change: a lookup that started before a change is not kept.
  let generation = 0
  let listening = false
  let closed = false
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const forget = () => {
    generation++
    kept.clear()
  }
  const down = () => {
    listening = false
    forget()
    const gone = client
    client = undefined
    gone?.removeAllListeners()
    gone?.on('error', () => undefined)
    void gone?.end().catch(() => undefined)
    if (!closed && !retry) retry = setTimeout(listen, RECONNECT_MS).unref()
  }
  function listen(): void {
    retry = undefined
    if (closed || client) return
    const c = connect()
    client = c
    c.on('notification', forget)
    c.on('error', down)
    c.on('end', down)
    c.connect()
      .then(() => c.query(`LISTEN ${CREDENTIALS_CHANNEL}`))
      .then(() => {
        if (client !== c) return
        // Anything kept before this moment may predate a change this connection never heard of.
        forget()
        listening = !closed
      })
      .catch(() => (client === c ? down() : undefined))
  }

  return {
    async lookup(hash, load, keep) {
      if (!client && !retry && !closed) listen()
      const hit = kept.get(hash)
      if (hit && listening && hit.until > now()) return hit.value as never
      const started = generation
      const value = await load()
      if (value !== undefined && keep(value) && listening && started === generation) {
        if (kept.size >= MAX_KEPT) kept.clear()
        kept.set(hash, { value, until: now() + KEEP_MS })
      }
      return value
    },
    async changed(db) {
      forget()
      await sql`select pg_notify(${CREDENTIALS_CHANNEL}, '')`.execute(db)
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      retry = undefined
      listening = false
      const c = client
      client = undefined
      c?.removeAllListeners()
      c?.on('error', () => undefined)
      await c?.end().catch(() => undefined)
    },
  }
}
