/**
 * Rows of several tables written by one batch (a batch of heartbeat pings, of check runs): on PostgreSQL they go in
 * one statement, each table's write a data-modifying WITH query, so the batch pays one round trip for all its tables
 * instead of one per table (on a loaded machine each round trip waits for the database's process to be scheduled,
 * which cost more than the writes). Elsewhere (SQLite, in process) they are written one after the other.
 *
 * The writes of one statement share its snapshot: none sees the rows another writes, and no row may be written by
 * two of them. Callers pass writes to different tables, or to different rows of one table.
 */
import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { RowsWrite } from './compiled-rows.js'

const PARAMETER = '$1::json'

/** `with w1 as (first), w2 as (second) third`, each text's JSON parameter numbered in turn. */
export function togetherText(texts: readonly string[]): string {
  const numbered = texts.map((text, i) => {
    if (text.split(PARAMETER).length !== 2) throw new Error(`writeTogether: ${text.slice(0, 60)}… does not take its rows as one ${PARAMETER}`)
    return text.replace(PARAMETER, `$${i + 1}::json`)
  })
  const last = numbered.pop()
  if (last === undefined) throw new Error('writeTogether: no statement')
  return numbered.length === 0 ? last : `with ${numbered.map((text, i) => `w${i + 1} as (${text})`).join(', ')} ${last}`
}

export async function writeTogether(db: Kysely<Database>, writes: readonly RowsWrite[]): Promise<void> {
  const some = writes.filter((w) => w.count > 0)
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || some.length < 2) {
    for (const w of some) await w.write(db)
    return
  }
  const parts = some.map((w) => w.recordset(db))
  await db.executeQuery(
    CompiledQuery.raw(
      togetherText(parts.map((p) => p.text)),
      parts.map((p) => p.json),
    ),
  )
}

/** writeTogether bound to a store's connection or transaction. */
export interface WriteStore {
  together(writes: readonly RowsWrite[]): Promise<void>
}

export const writeStore = (db: Kysely<Database>): WriteStore => ({ together: (writes) => writeTogether(db, writes) })
