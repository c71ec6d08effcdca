/**
 * Named prepared statements for the PostgreSQL store. Kysely sends every query as an unnamed statement, which the
 * server parses, analyses and plans each time: for the API's small queries (a check by id, a page of results)
 * planning cost several times the execution. Here each distinct SQL text gets a name, and each connection parses it
 * once (node-postgres remembers what it has parsed per connection) and then only binds and executes it, so the
 * server keeps its plan. Only queries and data changes are named (transaction control and DDL are not), only those
 * of at most MAX_PARAMETERS parameters (the engine's batch writes have a text per batch size, hundreds of
 * parameters each, and planning is a small part of their cost), and only the first MAX_NAMED distinct texts, so
 * texts that vary (an IN list of each length) cannot grow the statements kept per connection without bound.
 *
 * A named statement whose result columns change under it (another instance migrated a table it reads with
 * `select *`) fails with "cached plan must not change result type" on every later use on that connection: that
 * text is then sent unnamed on that connection, and the failed statement is retried once unnamed when no
 * transaction is open (inside one the error has aborted the transaction, so it is the caller's to retry).
 */
import type pg from 'pg'
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

/** Distinct SQL texts given a name; later ones run unnamed. */
export const MAX_NAMED = 500
/** Statements with more parameters run unnamed (a page of 100 checks reads their links with 101). */
export const MAX_PARAMETERS = 128

const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i
const OPENS = /^\s*(begin|start transaction)\b/i
const CLOSES = /^\s*(commit|rollback|end|abort)\b/i

const isStalePlan = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message))

/** Names by SQL text, shared by every connection of a pool (a text has the same name on each). */
function statementNames(max: number) {
  const names = new Map<string, string>()
  return (sql: string, parameters: number): string | undefined => {
    const known = names.get(sql)
    if (known !== undefined || names.size >= max || parameters > MAX_PARAMETERS || !NAMEABLE.test(sql)) return known
    const name = `picket_${names.size + 1}`
    names.set(sql, name)
    return name
  }
}

function preparingClient(client: pg.PoolClient, nameOf: (sql: string, parameters: number) => string | undefined): PostgresPoolClient {
  // Texts whose named statement went stale on this connection: they run unnamed from then on.
  const stale = new Set<string>()
  let inTransaction = false
  const run = async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
    if (OPENS.test(sql)) inTransaction = true
    else if (CLOSES.test(sql)) inTransaction = false
    const values = [...parameters]
    const name = stale.has(sql) ? undefined : nameOf(sql, values.length)
    if (name === undefined) return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>
    try {
      return (await client.query({ name, text: sql, values })) as unknown as PostgresQueryResult<R>
    } catch (err) {
      if (!isStalePlan(err)) throw err
      stale.add(sql)
      if (inTransaction) throw err
      return (await client.query(sql, values)) as unknown as PostgresQueryResult<R>
    }
  }
  return {
    query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) =>
      typeof sqlOrCursor === 'string'
        ? run(sqlOrCursor, parameters ?? [])
        : (client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<unknown>)) as PostgresPoolClient['query'],
    release: () => client.release(),
  }
}

/** The pool as Kysely takes it, with each connection preparing named statements. */
export function preparingPool(pool: pg.Pool, max = MAX_NAMED): PostgresPool {
  const nameOf = statementNames(max)
  // One wrapper per connection: Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  return {
    async connect() {
      const client = await pool.connect()
      let wrapper = wrappers.get(client)
      if (!wrapper) wrappers.set(client, (wrapper = preparingClient(client, nameOf)))
      return wrapper
    },
    end: () => pool.end(),
  }
}
