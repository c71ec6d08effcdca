/**
 * Prepared statements of the embedded SQLite store, kept for reuse. Kysely's SQLite driver prepares every query it
 * runs; preparing (parsing and planning the SQL) cost about as much as running the engine's small queries, and the
 * same few hundred SQL texts come back all the time (a lease poll, a result insert). The most recently used
 * statements are kept, so texts that vary (an IN list of each length) cannot grow the cache without bound.
 */
import type { SqliteDatabase, SqliteStatement } from 'kysely'

export function cachedStatements(database: SqliteDatabase, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>()
  return {
    close: () => {
      cache.clear()
      database.close()
    },
    prepare(sql) {
      const hit = cache.get(sql)
      if (hit) {
        // Most recently used last: the first entry is the one to evict.
        cache.delete(sql)
        cache.set(sql, hit)
        return hit
      }
      const statement = database.prepare(sql)
      cache.set(sql, statement)
      if (cache.size > max) cache.delete(cache.keys().next().value as string)
      return statement
    },
  }
}
