/** Opens the store: embedded SQLite (default) or PostgreSQL, both through Kysely. */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { Kysely, SqliteDialect, type Logger } from 'kysely'
import { CurrentSchemaPostgresDialect } from './schema-introspector.js'
import { preparingPool } from './pg-prepared.js'
import { postgresCredentialWatch, type CredentialWatch } from './credential-watch.js'
import type { Database } from './schema.js'
import { cachedStatements } from './sqlite-statements.js'
import { SAFETY_NET_AUTOCHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js'
import { keylessSecretBox, type SecretBox } from '../lib/secret-box.js'

export type Dialect = 'sqlite' | 'postgres'

export interface Store {
  db: Kysely<Database>
  dialect: Dialect
  /** Seals the secrets the stores write and opens those they read (store/secrets/sealed-docs.ts). */
  secrets: SecretBox
  close(): Promise<void>
  /** PostgreSQL: the connection pool's use right now (for /metrics); SQLite has one connection and no pool. */
  poolStats?: () => PoolStats
  /** PostgreSQL: who API keys act as, kept between requests and forgotten on every change (credential-watch.ts). */
  credentials?: CredentialWatch
}

export interface PoolStats {
  /** Connections open (idle or in use), at most `max`. */
  total: number
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
  max: number
}

export interface OpenStoreOptions {
  databaseUrl?: string | undefined
  /** SQLite file; ':memory:' for a private in-memory database. */
  sqliteFile?: string
  /** PostgreSQL schema to use (created if missing); tests use one per run. */
  pgSchema?: string
  pgPoolSize?: number
  /** SQLite: whether a commit waits for the disk (FULL, the default) or only survives a crash of Picket (NORMAL). */
  sqliteSynchronous?: SqliteSynchronous
  /** The key secrets are sealed with; without one the store cannot write secrets (tools that only migrate). */
  secrets?: SecretBox
  /** Told the SQL of every statement sent, transaction control included (tests and benchmarks count them). */
  onQuery?: (sql: string) => void
}

const INT8_OID = 20
const NUMERIC_OID = 1700

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const secrets = options.secrets ?? keylessSecretBox()
  const log = options.onQuery ? queryLog(options.onQuery) : undefined
  if (options.databaseUrl) return { ...(await openPostgres(options.databaseUrl, options.pgSchema, options.pgPoolSize ?? 10, log)), secrets }
  return { ...openSqlite(options.sqliteFile ?? ':memory:', options.sqliteSynchronous ?? 'full', log), secrets }
}

const queryLog =
  (onQuery: (sql: string) => void): Logger =>
  (event) => {
    if (event.level === 'query') onQuery(event.query.sql)
  }

/**
 * How a SQLite commit is made durable. `full`: the WAL is synced to disk at every commit, so an answered write
 * (a heartbeat ping, a created check) survives a power cut, as on PostgreSQL with its default synchronous_commit.
 * `normal`: the WAL is synced only at checkpoints; a commit survives a crash of Picket but the last ones may be
 * lost with the machine, and each commit costs about a tenth (no fsync). Pings and results are written in batches,
 * so the sync is paid once per batch, not once per ping.
 */
export type SqliteSynchronous = 'full' | 'normal'

/**
 * The SQLite connection with the settings every store uses (WAL, the synchronous level, the page cache, the
 * checkpoint thread): shared with the benchmarks' bare baselines, so that they measure the same durability.
 */
export function openSqliteConnection(file: string, synchronous: SqliteSynchronous = 'full'): { database: SQLite.Database; checkpointer: Checkpointer | undefined } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`)
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  // A 64 MiB page cache (the default is 2 MiB): the indexes that every result and heartbeat ping writes stay in
  // memory instead of being read back through the OS for each commit (~7% more pings per second here).
  database.pragma('cache_size = -65536')
  // After a checkpoint that reached its end, the WAL file is truncated back to at most 64 MiB: a burst of writes
  // (or a retention pass) does not leave a large file behind. auto_vacuum stays NONE: freed pages are reused.
  database.pragma('journal_size_limit = 67108864')
  // Checkpoints run on a thread of their own (sqlite-checkpointer.ts); a file in memory has no WAL.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file)
  if (checkpointer) database.pragma(`wal_autocheckpoint = ${SAFETY_NET_AUTOCHECKPOINT_PAGES}`)
  return { database, checkpointer }
}

function openSqlite(file: string, synchronous: SqliteSynchronous, log: Logger | undefined): Omit<Store, 'secrets'> {
  const { database, checkpointer } = openSqliteConnection(file, synchronous)
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(database) }), ...(log ? { log } : {}) })
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await checkpointer?.close()
      await db.destroy()
    },
  }
}

async function openPostgres(url: string, schema: string | undefined, max: number, log: Logger | undefined): Promise<Omit<Store, 'secrets'>> {
  const types = {
    getTypeParser: (oid: number, format?: string) => {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v)
      return pg.types.getTypeParser(oid, format as 'text')
    },
  }
  if (schema) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`)
    } finally {
      await client.end()
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    // While the database is away a request fails after 5 s instead of waiting for a connection forever.
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
  })
  // A connection the database dropped (a restart, a failover) emits 'error': on the pool while idle, on the client
  // itself while checked out between two statements (a transaction in progress). Unhandled, either ends the
  // process. The statement in progress fails on its own; the pool discards a broken connection when it comes back
  // (pg-pool checks the client's `_queryable`) and opens a new one when asked.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: preparingPool(pool) }), ...(log ? { log } : {}) })
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max })
  // Its own connection, named so that an operator can tell it from the pool's (pg_stat_activity).
  const credentials = postgresCredentialWatch(() => new pg.Client({ connectionString: url, application_name: 'picket-credentials' }))
  const close = async () => {
    await credentials.close()
    await db.destroy()
  }
  return { db, dialect: 'postgres', close, poolStats, credentials }
}
