import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const apiBody = { name: 'mine', request: { url: 'https://example.com' } }

describe.each(testDbs)('authentication and account isolation on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const expect401 = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401)
    const body = res.json() as Record<string, unknown>
    expect(body).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
    expect(typeof body.message).toBe('string')
    expect(body.attributes).toEqual({})
  }

  it('refuses a request without any credentials', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks' }))
  })

  it('refuses a missing account header, a malformed Authorization header and a bad key', async () => {
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { authorization: `Bearer ${t.apiKey}` } }))
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { authorization: t.apiKey, 'x-service-account': t.accountId } }))
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { authorization: 'Bearer pk_nope', 'x-service-account': t.accountId } }))
  })

  it('accepts the account header in any case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { Authorization: `bearer ${t.apiKey}`, 'X-SERVICE-ACCOUNT': t.accountId } })
    expect(res.statusCode).toBe(200)
  })

  it("refuses a key used with another account's id", async () => {
    const other = await t.otherAccount()
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { authorization: `Bearer ${t.apiKey}`, 'x-service-account': other.accountId } }))
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers: { authorization: `Bearer ${other.apiKey}`, 'x-service-account': t.accountId } }))
  })

  it("never reads, lists, changes or deletes another account's checks", async () => {
    const created = await t.call('POST', '/v1/checks/api', apiBody)
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })

    expect((await as('GET', `/v1/checks/${id}`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/checks/api/${id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/checks/${id}`)).statusCode).toBe(404)
    const list = await as('GET', '/v1/checks')
    expect(list.json()).toEqual([])
    expect(list.headers['content-range']).toBe('*/0')

    const mine = await t.call('GET', `/v1/checks/${id}`)
    expect(mine.statusCode).toBe(200)
    expect(mine.json().name).toBe('mine')
  })

  it('stops accepting a revoked key at once', async () => {
    const extra = await t.services.accounts.createKey(t.accountId, 'temporary')
    const headers = { authorization: `Bearer ${extra.apiKey}`, 'x-service-account': t.accountId }
    expect((await t.app.inject({ method: 'GET', url: '/v1/checks', headers })).statusCode).toBe(200)
    await t.services.accounts.revokeKey(extra.keyId)
    expect401(await t.app.inject({ method: 'GET', url: '/v1/checks', headers }))
  })

  it('stores keys only as hashes', async () => {
    const rows = await t.store.db.selectFrom('api_keys').selectAll().execute()
    for (const row of rows) {
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(t.apiKey)
    }
  })

  it('leaves health routes and the OpenAPI document open', async () => {
    for (const url of ['/-/liveness', '/-/readiness', '/health', '/openapi.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    }
  })
})
