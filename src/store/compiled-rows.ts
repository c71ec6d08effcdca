/**
 * Multi-row writes (inserts, upserts) whose SQL is compiled by Kysely once per database and row count, then only
 * run with each batch's values. Kysely's builder parses and compiles every value of every row on each call: for the
 * wide rows written per heartbeat ping or check run (results, events, statuses) that cost as much CPU as the
 * database's own work. The statement still runs through Kysely (its connection or transaction, its query log).
 *
 * On PostgreSQL the rows travel as one JSON parameter read back with the table's own column types
 * (json_populate_recordset), so there is one statement text whatever the row count: it is prepared once per
 * connection instead of parsed and planned for every batch with hundreds of parameters.
 */
import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely } from 'kysely'
import type { Database } from './schema.js'

export type RowValue = string | number | bigint | null

/** Rows bound to their statement, not yet written: written alone (`write`) or with others (write-together.ts). */
export interface RowsWrite {
  readonly count: number
  /** Writes the rows in statements of at most `maxRows` rows each (one statement on PostgreSQL). */
  write(db: Kysely<Database>): Promise<void>
  /** PostgreSQL only: the one statement's text, whose single parameter `$1::json` is `json`. */
  recordset(db: Kysely<Database>): { text: string; json: string }
}

/** Writes rows at once, or binds them (`of`) for a write together with other tables' rows. */
export interface RowsWriter<R> {
  (db: Kysely<Database>, rows: readonly R[]): Promise<void>
  of(rows: readonly R[]): RowsWrite
}

/**
 * `build` makes the statement for rows of exactly `columns` (the values are stand-ins: only the SQL text is kept),
 * so its parameters are each row's values in column order; a statement with parameters of its own is refused.
 */
export function compiledRows<R extends object>(
  columns: ReadonlyArray<keyof R & string>,
  build: (db: Kysely<Database>, rows: Array<Record<string, RowValue>>) => Compilable<unknown>,
  maxRows = 500,
): RowsWriter<R> {
  // By the database's adapter (one per open store, shared by its transactions), then by row count (on PostgreSQL
  // one text, under ONE_PARAMETER, serves every count).
  const texts = new WeakMap<object, Map<number, string>>()
  const standIn = Object.fromEntries(columns.map((c) => [c, 0]))
  const textOf = (db: Kysely<Database>, count: number): string => {
    const adapter = db.getExecutor().adapter
    let byCount = texts.get(adapter)
    if (!byCount) texts.set(adapter, (byCount = new Map()))
    let text = byCount.get(count)
    if (text === undefined) {
      const rowsInText = count === ONE_PARAMETER ? 1 : count
      const compiled = build(
        db,
        Array.from({ length: rowsInText }, () => standIn),
      ).compile()
      if (compiled.parameters.length !== rowsInText * columns.length) throw new Error(`compiledRows: ${compiled.sql.slice(0, 60)}… has parameters besides its rows' values`)
      text = count === ONE_PARAMETER ? asRecordset(compiled.sql, columns.length) : compiled.sql
      byCount.set(count, text)
    }
    return text
  }
  const recordset = (db: Kysely<Database>, rows: readonly R[]) => ({
    text: textOf(db, ONE_PARAMETER),
    json: JSON.stringify(
      rows.map((row) => {
        const values = row as Record<string, RowValue | undefined>
        const out: Record<string, string | number | null> = {}
        for (const c of columns) out[c] = jsonSafe(values[c] ?? null)
        return out
      }),
    ),
  })
  async function write(db: Kysely<Database>, rows: readonly R[]): Promise<void> {
    if (rows.length === 0) return
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const { text, json } = recordset(db, rows)
      await db.executeQuery(CompiledQuery.raw(text, [json]))
      return
    }
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
  return Object.assign(write, {
    of: (rows: readonly R[]): RowsWrite => ({ count: rows.length, write: (db) => write(db, rows), recordset: (db) => recordset(db, rows) }),
  })
}

/** The columns of a row type, listed once: the record makes the compiler check that none is missing or extra. */
export const columnsOf = <R extends object>(all: Record<keyof R & string, true>): Array<keyof R & string> => Object.keys(all) as Array<keyof R & string>

/** The key of the PostgreSQL text among the texts by row count: it is the same for every count. */
const ONE_PARAMETER = -1

const VALUES_OF_ONE_ROW = /^insert into ((?:"[^"]+"\.)?"[^"]+") \(([^)]*)\) values \((?:\$\d+(?:, )?)+\)(?!,)/

/**
 * `insert into t (a, b) values ($1, $2) …` becomes `insert into t (a, b) select a, b from
 * json_populate_recordset(null::t, $1::json) …`: the rest (an ON CONFLICT clause) is kept as it is.
 */
export function asRecordset(sqlOfOneRow: string, columnCount: number): string {
  const m = VALUES_OF_ONE_ROW.exec(sqlOfOneRow)
  if (!m || m[1] === undefined || m[2] === undefined || m[2].split(', ').length !== columnCount) throw new Error(`compiledRows: cannot read rows into ${sqlOfOneRow.slice(0, 60)}…`)
  return `insert into ${m[1]} (${m[2]}) select ${m[2]} from json_populate_recordset(null::${m[1]}, $1::json)${sqlOfOneRow.slice(m[0].length)}`
}

/**
 * Values as PostgreSQL reads them from text: a bigint as its digits, NaN and the infinities by name (a double
 * column takes them; JSON has no such number), and text made well-formed (a string cut inside a surrogate pair is
 * not valid JSON text to PostgreSQL; the driver sent such strings with the half pair replaced). Applied to each
 * value as the rows are built rather than as JSON.stringify's replacer, which it would call for every key and value.
 */
const SURROGATE = /[\uD800-\uDFFF]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function jsonSafe(value: RowValue): string | number | null {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'string' && SURROGATE.test(value)) return value.replace(LONE_SURROGATE, '\uFFFD')
  return value
}
