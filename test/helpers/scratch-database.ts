/**
 * A PostgreSQL database of its own for a test that starts service processes (they take a DATABASE_URL, not a
 * schema): created on the TEST_DATABASE_URL server, dropped (with any connections left) at the end.
 */
import pg from 'pg'

export interface ScratchDatabase {
  /** The connection URL of the new database. */
  url: string
  drop(): Promise<void>
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** The store a service process of this test run uses: its environment (empty: SQLite) and how to remove it. */
export interface TestRunStore {
  env: Record<string, string>
  drop(): Promise<void>
}

/**
 * A scratch PostgreSQL database when TEST_DATABASE_URL names a server (so that the same end-to-end test runs on both
 * stores), else the embedded SQLite of the process's DATA_DIR.
 */
export async function testRunStore(prefix: string): Promise<TestRunStore> {
  const server = process.env.TEST_DATABASE_URL
  if (server === undefined || server === '') return { env: {}, drop: async () => undefined }
  const db = await createScratchDatabase(server, prefix)
  return { env: { DATABASE_URL: db.url }, drop: db.drop }
}
