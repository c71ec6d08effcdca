/**
 * Migrating on a PostgreSQL server that other schemas share: neighbours being created and dropped while Picket
 * migrates must not fail its start, and its migration bookkeeping reads its own schema only.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { testSecretBox } from '../helpers/db.js'
import { openStore } from '../../src/store/db.js'
import { migrateToLatest, pendingMigrations } from '../../src/store/migrate.js'

const url = process.env.TEST_DATABASE_URL
const schemaName = () => `t_${randomBytes(6).toString('hex')}`

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Creates schemas holding serial-keyed tables and drops them again, until stopped. */
function churnNeighbours(): { stop: () => Promise<number> } {
  let running = true
  let cycles = 0
  const done = admin(async (client) => {
    while (running) {
      const neighbour = schemaName()
      await client.query(`CREATE SCHEMA "${neighbour}"`)
      for (let i = 0; i < 20; i++) await client.query(`CREATE TABLE "${neighbour}".t${i} (id serial primary key, v text)`)
      await client.query(`DROP SCHEMA "${neighbour}" CASCADE`)
      cycles++
    }
  })
  return {
    stop: async () => {
      running = false
      await done
      return cycles
    },
  }
}

describe.skipIf(!url)('migrations on a shared PostgreSQL server', () => {
  // Twelve whole migrations of a fresh schema each, beside the churn: longer than the default limit on a busy machine.
  it('apply while other schemas are dropped around them, reading only their own schema', async () => {
    const churn = churnNeighbours()
    const schemas: string[] = []
    try {
      for (let i = 0; i < 12; i++) {
        const schema = schemaName()
        schemas.push(schema)
        const store = await openStore({ databaseUrl: url!, pgSchema: schema, pgPoolSize: 2, secrets: testSecretBox() })
        try {
          expect((await migrateToLatest(store)).length).toBeGreaterThan(0)
          expect(await pendingMigrations(store)).toEqual([])
          const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true })
          expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]))
          expect(tables.map((t) => t.name)).toContain('kysely_migration')
        } finally {
          await store.close()
        }
      }
    } finally {
      expect(await churn.stop()).toBeGreaterThan(0)
      await admin(async (client) => {
        for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
      })
    }
  }, 120_000)
})
