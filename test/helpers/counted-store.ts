/**
 * A migrated store whose every statement is reported to `seen` (the store's query log), on SQLite in memory or on
 * a PostgreSQL schema of its own (TEST_DATABASE_URL), for tests that count what an operation sends to the database.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { testSecretBox } from './db.js'

export const countingPgUrl = process.env.TEST_DATABASE_URL

/** The stores a counting test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL names a server. */
export const countingDbs = [{ name: 'sqlite' as const }, ...(countingPgUrl ? [{ name: 'postgres' as const }] : [])]

/** The kind of a statement: its verb and first table, e.g. `insert heartbeat_events`. */
export function kindOf(text: string): string {
  const s = text.trim().toLowerCase()
  const verb = /^\w+/.exec(s)?.[0] ?? s
  const table = /(?:from|into|update|join)\s+"?(\w+)"?/.exec(s)?.[1]
  return table ? `${verb} ${table}` : verb
}

export async function countedStore(name: 'sqlite' | 'postgres', seen: (sql: string) => void): Promise<Store & { drop(): Promise<void> }> {
  if (name === 'sqlite') {
    const store = await openStore({ sqliteFile: ':memory:', secrets: testSecretBox(), onQuery: seen })
    await migrateToLatest(store)
    return { ...store, drop: () => store.close() }
  }
  const schema = `t_${randomBytes(6).toString('hex')}`
  const store = await openStore({ databaseUrl: countingPgUrl, pgSchema: schema, pgPoolSize: 4, secrets: testSecretBox(), onQuery: seen })
  await migrateToLatest(store)
  return {
    ...store,
    async drop() {
      await store.close()
      const client = new pg.Client({ connectionString: countingPgUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end())
    },
  }
}
