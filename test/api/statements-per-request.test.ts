/**
 * The database statements the API's hot routes send per request (the key lookup, the resource, its view, writes
 * with their transaction control), counted through the store's query log on both databases: on PostgreSQL each
 * statement is a round trip, so these counts are what a request costs the database and the driver, and they
 * cannot creep back unnoticed. The lists' totals travel with their page; a page past the end still has its total.
 * A check's subscriptions and deploying project are one read, as are a check and its status, and a page of results
 * and its check's name; a new check has no project to look up, an update that keeps the tags does not rewrite
 * them, and a delete is one statement (the check's rows go with it by cascade). PostgreSQL keeps the key between
 * requests, so it sends one statement fewer.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs, testSecretBox, type TestDb } from '../helpers/db.js'
import { finalResultRow } from '../helpers/result-rows.js'
import { buildStores } from '../../src/services/stores.js'

const pgUrl = process.env.TEST_DATABASE_URL

/** A store of this dialect whose every statement (transaction control included) is told to `seen`. */
function countedDb(name: TestDb['name'], seen: (sql: string) => void): TestDb {
  return {
    name,
    async open(): Promise<Store> {
      if (name === 'sqlite') {
        const store = await openStore({ sqliteFile: ':memory:', secrets: testSecretBox(), onQuery: seen })
        await migrateToLatest(store)
        return store
      }
      const schema = `t_${randomBytes(6).toString('hex')}`
      const store = await openStore({ databaseUrl: pgUrl, pgSchema: schema, pgPoolSize: 4, secrets: testSecretBox(), onQuery: seen })
      await migrateToLatest(store)
      return {
        ...store,
        async close() {
          await store.close()
          const client = new pg.Client({ connectionString: pgUrl })
          await client.connect()
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end())
        },
      }
    },
  }
}

describe.each(testDbs.map((d) => d.name))('statements per API request on %s', (name) => {
  let t: TestApp
  let statements: string[] = []
  let counting = false
  const ids: string[] = []
  beforeAll(async () => {
    t = await startTestApp(countedDb(name, (sql) => counting && statements.push(sql)))
    for (let i = 0; i < 25; i++) {
      const res = await t.call('POST', '/v1/checks/api', { name: `c${i}`, activated: false, request: { url: 'http://127.0.0.1:9/x' } })
      expect(res.statusCode, res.body).toBe(201)
      ids.push(res.json<{ id: string }>().id)
    }
    const runs = Array.from({ length: 15 }, (_, i) =>
      finalResultRow(t.accountId, ids[0] ?? '', { location: 'eu-west-1', startedAt: Date.now() - i * 60_000, status: 'passing', responseTime: 10 }, i),
    )
    await buildStores(t.store).results.insertMany(runs)
  }, 180_000)
  afterAll(() => t.close())

  /** The statements of one request, after the same request once (so that nothing done once per process counts). */
  const count = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: (i: number) => string, body?: unknown) => {
    const first = await t.call(method, url(0), body)
    expect(first.statusCode, first.body).toBeLessThan(300)
    statements = []
    counting = true
    const res = await t.call(method, url(1), body)
    counting = false
    expect(res.statusCode, res.body).toBeLessThan(300)
    return { statements }
  }

  it.each([
    { route: 'GET /v1/checks/{id}', method: 'GET' as const, url: () => `/v1/checks/${ids[1]}`, most: 3 },
    { route: 'GET /v1/checks (a page of 20)', method: 'GET' as const, url: () => '/v1/checks?limit=20', most: 3 },
    { route: 'GET /v1/check-statuses/{id}', method: 'GET' as const, url: () => `/v1/check-statuses/${ids[1]}`, most: 3 },
    { route: 'GET /v1/check-results/{id} (a page of 10)', method: 'GET' as const, url: () => `/v1/check-results/${ids[0]}?limit=10`, most: 2 },
    {
      route: 'POST /v1/checks/api',
      method: 'POST' as const,
      url: () => '/v1/checks/api',
      body: { name: 'new', activated: false, request: { url: 'http://127.0.0.1:9/x' } },
      most: 6,
    },
    { route: 'PUT /v1/checks/api/{id}', method: 'PUT' as const, url: () => `/v1/checks/api/${ids[2]}`, body: { name: 'renamed' }, most: 8 },
    { route: 'DELETE /v1/checks/{id}', method: 'DELETE' as const, url: (i: number) => `/v1/checks/${ids[23 + i]}`, most: 2 },
  ])('$route sends at most $most statements', async ({ method, url, body, most }) => {
    const { statements: seen } = await count(method, url, body)
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(most)
  })

  it.each([
    { url: '/v1/checks?limit=20&page=1', items: 20 },
    { url: '/v1/checks?limit=20&page=2', items: 5 },
    { url: '/v1/checks?limit=20&page=9', items: 0 },
  ])('$url has its total in Content-Range with $items checks', async ({ url, items }) => {
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<unknown[]>()).toHaveLength(items)
    // 25 created first; the counted POST and DELETE above each ran twice.
    expect(res.headers['content-range']).toMatch(/\/25$/)
  })

  it.each([
    { case: 'a check without results', url: () => `/v1/check-results/${ids[1]}`, status: 200, range: '*/0' },
    { case: 'results of another type', url: () => `/v1/check-results/${ids[0]}?checkType=BROWSER`, status: 200, range: '*/0' },
    { case: 'an unknown check', url: () => '/v1/check-results/00000000-0000-4000-8000-000000000000', status: 404, range: undefined },
  ])('check-results of $case answers $status', async ({ url, status, range }) => {
    const res = await t.call('GET', url())
    expect(res.statusCode, res.body).toBe(status)
    expect(res.headers['content-range']).toBe(range)
  })

  it("check-results of another account's check is a 404, though it has results", async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'GET', url: `/v1/check-results/${ids[0]}`, headers: other.headers })
    expect(res.statusCode, res.body).toBe(404)
  })

  it.each([
    { url: `limit=10&page=1`, items: 10 },
    { url: `limit=10&page=5`, items: 0 },
  ])('check-results?$url has its total with $items results', async ({ url, items }) => {
    const res = await t.call('GET', `/v1/check-results/${ids[0]}?${url}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<unknown[]>()).toHaveLength(items)
    expect(res.headers['content-range']).toMatch(/\/15$/)
  })
})
