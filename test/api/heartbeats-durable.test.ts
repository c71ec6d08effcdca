/**
 * A ping is durable when it is answered: each answer comes after the commit of the batch its ping was written in,
 * so a second connection to the database, opened beside the service's own, reads the event and its result right
 * after the answer, on SQLite (a file, not memory) and on PostgreSQL. Pings sent all at once are all stored.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs, testSecretBox, type TestDb } from '../helpers/db.js'

const pgUrl = process.env.TEST_DATABASE_URL

/** Reads what another connection committed: counts of a check's events and results, and whether an event exists. */
interface SecondConnection {
  eventExists(id: string): Promise<boolean>
  resultOfEvent(id: string): Promise<string | null>
  count(table: 'heartbeat_events' | 'check_results', checkIds: string[]): Promise<number>
  close(): Promise<void>
}

function durableDb(name: TestDb['name']): { db: TestDb; second: () => Promise<SecondConnection>; cleanup: () => Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-durable-'))
  const file = path.join(dir, 'picket.db')
  const schema = `t_${randomBytes(6).toString('hex')}`
  const db: TestDb = {
    name,
    async open() {
      const store = await openStore(
        name === 'sqlite' ? { sqliteFile: file, secrets: testSecretBox() } : { databaseUrl: pgUrl, pgSchema: schema, pgPoolSize: 4, secrets: testSecretBox() },
      )
      await migrateToLatest(store)
      return store
    },
  }
  const marks = (n: number, dollar: boolean) => Array.from({ length: n }, (_, i) => (dollar ? `$${i + 1}` : '?')).join(', ')
  async function second(): Promise<SecondConnection> {
    if (name === 'sqlite') {
      const lite = new SQLite(file, { readonly: true })
      const one = (sql: string, ...args: string[]) => lite.prepare(sql).get(...args) as Record<string, unknown> | undefined
      return {
        eventExists: async (id) => one('select id from heartbeat_events where id = ?', id) !== undefined,
        resultOfEvent: async (id) => (one('select result_id from heartbeat_events where id = ?', id)?.result_id as string | null) ?? null,
        count: async (table, ids) => Number(one(`select count(*) as n from ${table} where check_id in (${marks(ids.length, false)})`, ...ids)?.n),
        close: async () => void lite.close(),
      }
    }
    const client = new pg.Client({ connectionString: pgUrl, options: `-c search_path="${schema}"` })
    await client.connect()
    const one = async (sql: string, args: string[]) => (await client.query<Record<string, unknown>>(sql, args)).rows[0]
    return {
      eventExists: async (id) => (await one('select id from heartbeat_events where id = $1', [id])) !== undefined,
      resultOfEvent: async (id) => ((await one('select result_id from heartbeat_events where id = $1', [id]))?.result_id as string | null) ?? null,
      count: async (table, ids) => Number((await one(`select count(*) as n from ${table} where check_id in (${marks(ids.length, true)})`, ids))?.n),
      close: () => client.end(),
    }
  }
  async function cleanup() {
    fs.rmSync(dir, { recursive: true, force: true })
    if (name === 'sqlite') return
    const client = new pg.Client({ connectionString: pgUrl })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end())
  }
  return { db, second, cleanup }
}

describe.each(testDbs.map((d) => d.name))('heartbeat pings are durable when answered on %s', (name) => {
  const setup = durableDb(name)
  let t: TestApp
  let other: SecondConnection
  const checks: Array<{ id: string; path: string }> = []
  beforeAll(async () => {
    t = await startTestApp(setup.db)
    other = await setup.second()
    for (let i = 0; i < 10; i++) {
      const res = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
        name: `job ${i}`,
        script: '',
        heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
      })
      expect(res.statusCode, res.body).toBe(201)
      const check = res.json<{ id: string; heartbeat: { pingUrl: string } }>()
      checks.push({ id: check.id, path: new URL(check.heartbeat.pingUrl).pathname })
    }
  }, 120_000)
  afterAll(async () => {
    await other.close()
    await t.close()
    await setup.cleanup()
  })

  it('stores every ping of a burst before its answer: each event and its result are read from a second connection at once', async () => {
    const pings = 200
    const seen = await Promise.all(
      Array.from({ length: pings }, async (_, i) => {
        const check = checks[i % checks.length]
        const res = await t.app.inject({
          method: i % 5 === 0 ? 'POST' : 'GET',
          url: check?.path ?? '',
          payload: i % 5 === 0 ? `run ${i}` : undefined,
          headers: { 'content-type': 'text/plain' },
        })
        expect(res.statusCode, res.body).toBe(200)
        const { eventId, recorded } = res.json<{ eventId: string; recorded: boolean }>()
        expect(recorded).toBe(true)
        // Read before anything else happens in this test: the answer promised the commit.
        return { stored: await other.eventExists(eventId), result: await other.resultOfEvent(eventId) }
      }),
    )
    expect(seen.filter((s) => !s.stored)).toEqual([])
    expect(seen.filter((s) => s.result === null)).toEqual([])
    const ids = checks.map((c) => c.id)
    expect(await other.count('heartbeat_events', ids)).toBe(pings)
    expect(await other.count('check_results', ids)).toBe(pings)
  })
})
