/**
 * On PostgreSQL who an API key acts as is kept between requests (store/credential-watch.ts): the key is looked up
 * once while nothing changes, and a change made by another process on the same database (the operator CLI, another
 * instance) is announced and followed: a revoked key stops working, a demoted member's key loses its writes. With
 * its listening connection cut the service keeps answering, and keeps keys again once it listens again.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { buildStores } from '../../src/store/all-stores.js'
import { KEEP_MS } from '../../src/store/credential-watch.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testSecretBox } from '../helpers/db.js'
import { invitedUser, setupOwner } from '../helpers/users.js'

const pgUrl = process.env.TEST_DATABASE_URL
// Well under the time a kept answer lives anyway: what is awaited must come from the announcement of the change.
const WAIT = { timeout: KEEP_MS / 2, interval: 50 }
const apiBody = { name: 'kept', activated: false, request: { url: 'http://127.0.0.1:9/x' } }

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect()
  await client.query(query).finally(() => client.end())
}

describe.skipIf(!pgUrl)('API keys kept between requests on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`
  let statements: string[] = []
  let t: TestApp
  // Another process on the same database, as the operator CLI is.
  let beside: Store
  beforeAll(async () => {
    t = await startTestApp({
      name: 'postgres',
      async open() {
        const store = await openStore({ databaseUrl: pgUrl, pgSchema: schema, pgPoolSize: 4, secrets: testSecretBox(), onQuery: (q) => statements.push(q) })
        await migrateToLatest(store)
        return store
      },
    })
    beside = await openStore({ databaseUrl: pgUrl, pgSchema: schema, pgPoolSize: 2, secrets: testSecretBox() })
  })
  afterAll(async () => {
    await t.close()
    await beside.close()
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  })

  const withKey = (apiKey: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${apiKey}`, 'x-service-account': t.accountId }, ...(payload ? { payload } : {}) })
  /** The key lookups one request sends. */
  const lookups = async (apiKey: string) => {
    statements = []
    const res = await withKey(apiKey, 'GET', '/v1/checks')
    expect(res.statusCode, res.body).toBe(200)
    return statements.filter((s) => s.includes('"api_keys"')).length
  }

  it('looks a key up once while nothing changes', async () => {
    await expect.poll(() => lookups(t.apiKey), WAIT).toBe(0)
    for (let i = 0; i < 3; i++) expect(await lookups(t.apiKey)).toBe(0)
  })

  it('stops accepting a key revoked by another process on the same database', async () => {
    const key = await t.services.accounts.createKey(t.accountId, 'revoked beside')
    await expect.poll(() => lookups(key.apiKey), WAIT).toBe(0)
    expect(await buildStores(beside).accounts.revokeKey(key.keyId, Date.now())).toBe(true)
    await expect.poll(async () => (await withKey(key.apiKey, 'GET', '/v1/checks')).statusCode, WAIT).toBe(401)
    expect((await withKey(t.apiKey, 'GET', '/v1/checks')).statusCode).toBe(200)
  })

  it("follows a member's role changed by another process: their key may no longer write", async () => {
    await setupOwner(t)
    const member = await invitedUser(t, 'admin@example.com', 'ADMIN')
    const created = await member.call('POST', '/v1/accounts/me/api-keys', { name: 'admin key' })
    expect(created.statusCode, created.body).toBe(201)
    const key = created.json<{ apiKey: string }>().apiKey
    expect((await withKey(key, 'POST', '/v1/checks/api', apiBody)).statusCode).toBe(201)
    await expect.poll(() => lookups(key), WAIT).toBe(0)
    expect(await buildStores(beside).memberships.setRole(t.accountId, member.userId, 'READ_ONLY', Date.now())).toBe(true)
    await expect.poll(async () => (await withKey(key, 'POST', '/v1/checks/api', apiBody)).statusCode, WAIT).toBe(403)
    expect((await withKey(key, 'GET', '/v1/checks')).statusCode).toBe(200)
  })

  it('keeps answering while its listening connection is cut, and follows changes again once it listens again', async () => {
    const key = await t.services.accounts.createKey(t.accountId, 'across the cut')
    await expect.poll(() => lookups(key.apiKey), WAIT).toBe(0)
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'picket-credentials' AND datname = current_database()`)
    expect(await lookups(t.apiKey)).toBeLessThanOrEqual(1)
    await expect.poll(() => lookups(key.apiKey), WAIT).toBe(0)
    await buildStores(beside).accounts.revokeKey(key.keyId, Date.now())
    await expect.poll(async () => (await withKey(key.apiKey, 'GET', '/v1/checks')).statusCode, WAIT).toBe(401)
  })
})
