/**
 * Multi-row writes (inserts, upserts) whose SQL is compiled by Kysely once per database and row count, then only
 * run with each batch's values. Kysely's builder parses and compiles every value of every row on each call: for the
 * wide rows written per heartbeat ping or check run (results, events, statuses) that cost as much CPU as the
 * database's own work. The statement still runs through Kysely (its connection or transaction, its query log).
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import type { Database } from './schema.js'

export type RowValue = string | number | bigint | null

/** Writes rows in statements of at most `maxRows` rows each. */
export type RowsWriter<R> = (db: Kysely<Database>, rows: readonly R[]) => Promise<void>

/**
 * `build` makes the statement for rows of exactly `columns` (the values are stand-ins: only the SQL text is kept),
 * so its parameters are each row's values in column order; a statement with parameters of its own is refused.
 */
export function compiledRows<R extends object>(
  columns: ReadonlyArray<keyof R & string>,
  build: (db: Kysely<Database>, rows: Array<Record<string, RowValue>>) => Compilable<unknown>,
  maxRows = 500,
): RowsWriter<R> {
  // By the database's adapter (one per open store, shared by its transactions), then by row count.
  const texts = new WeakMap<object, Map<number, string>>()
  const textOf = (db: Kysely<Database>, count: number): string => {
    const adapter = db.getExecutor().adapter
    let byCount = texts.get(adapter)
    if (!byCount) texts.set(adapter, (byCount = new Map()))
    let text = byCount.get(count)
    if (text === undefined) {
      const standIn = Object.fromEntries(columns.map((c) => [c, 0]))
      const compiled = build(
        db,
        Array.from({ length: count }, () => standIn),
      ).compile()
      if (compiled.parameters.length !== count * columns.length) throw new Error(`compiledRows: ${compiled.sql.slice(0, 60)}… has parameters besides its rows' values`)
      text = compiled.sql
      byCount.set(count, text)
    }
    return text
  }
  return async (db, rows) => {
    for (let i = 0; i < rows.length; i += maxRows) {
      const chunk = rows.length <= maxRows ? rows : rows.slice(i, i + maxRows)
      const params = new Array<RowValue>(chunk.length * columns.length)
      let k = 0
      for (const row of chunk) {
        const values = row as Record<string, RowValue | undefined>
        for (const c of columns) params[k++] = values[c] ?? null
      }
      await db.executeQuery(CompiledQuery.raw(textOf(db, chunk.length), params))
    }
  }
}

/** The columns of a row type, listed once: the record makes the compiler check that none is missing or extra. */
export const columnsOf = <R extends object>(all: Record<keyof R & string, true>): Array<keyof R & string> => Object.keys(all) as Array<keyof R & string>
