/**
 * The databases every store/service/API suite runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is
 * set (.ci/run sets it). Each open() gets a private database: an in-memory SQLite or a fresh PostgreSQL schema.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createSecretBox, type SecretBox } from '../../src/lib/secret-box.js'
import { openStore, type Dialect, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'

export interface TestDb {
  name: Dialect
  open(): Promise<Store>
}

const pgUrl = process.env.TEST_DATABASE_URL

/** The key of this test process: every store seals its secrets as the service does. */
const TEST_SECRET_KEY = randomBytes(32)
export const testSecretBox = (): SecretBox => createSecretBox({ current: TEST_SECRET_KEY })

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  } finally {
    await client.end()
  }
}

export const testDbs: TestDb[] = [
  {
    name: 'sqlite',
    async open() {
      const store = await openStore({ sqliteFile: ':memory:', secrets: testSecretBox() })
      await migrateToLatest(store)
      return store
    },
  },
  ...(pgUrl
    ? [
        {
          name: 'postgres' as const,
          async open() {
            const schema = `t_${randomBytes(6).toString('hex')}`
            const store = await openStore({ databaseUrl: pgUrl, pgSchema: schema, pgPoolSize: 4, secrets: testSecretBox() })
            await migrateToLatest(store)
            return {
              ...store,
              close: async () => {
                await store.close()
                await dropSchema(pgUrl, schema)
              },
            }
          },
        },
      ]
    : []),
]
