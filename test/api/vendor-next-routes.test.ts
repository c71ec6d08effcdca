/**
 * What the reference service's own CLI asks before anything else: its account header (X-Checkly-Account, an alias of
 * X-Service-Account) and the compatibility routes /next/accounts, /next/accounts/{id} and /next/users/me.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { setupOwner, type ConsoleUser } from '../helpers/users.js'
import { wantsConsolePage } from '../../src/web/console.js'

const account = (id: string) => ({
  id,
  name: 'Default account',
  runtimeId: '2026.04',
  plan: 'self-hosted',
  planDisplayName: 'Self-hosted',
  addons: {},
  features: [],
})

describe.each(testDbs)('compatibility routes of the reference CLI on $name', (db) => {
  let t: TestApp
  let owner: ConsoleUser
  let ownerKey: string
  let other: Awaited<ReturnType<TestApp['otherAccount']>>
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await startTestApp(db)
    owner = await setupOwner(t)
    const created = await owner.call('POST', '/v1/accounts/me/api-keys', { name: 'cli' })
    expect(created.statusCode, created.body).toBe(201)
    ownerKey = created.json<{ apiKey: string }>().apiKey
    other = await t.otherAccount()
  })
  afterAll(() => t?.close())

  it.each([
    ['X-Checkly-Account alone', () => ({ 'x-checkly-account': t.accountId })],
    ['X-Service-Account alone', () => ({ 'x-service-account': t.accountId })],
    ['both with the same id', () => ({ 'x-service-account': t.accountId, 'x-checkly-account': t.accountId })],
    ['no account header (the key names its account)', () => ({})],
  ])('answers the account of the key with %s', async (_, headers) => {
    const res = await get(`/next/accounts/${t.accountId}`, { ...bearer(t.apiKey), ...headers() })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(account(t.accountId))
    const list = await get('/next/accounts', { ...bearer(t.apiKey), ...headers() })
    expect(list.json()).toEqual([account(t.accountId)])
  })

  it.each([
    ['another account id in the path', () => `/next/accounts/${other.accountId}`, () => bearer(t.apiKey), 404, /Account .* not found/],
    ['an unknown account id in the path', () => '/next/accounts/00000000-0000-4000-8000-000000000000', () => bearer(t.apiKey), 404, /not found/],
    ['another account in X-Checkly-Account', () => `/next/accounts/${t.accountId}`, () => ({ ...bearer(t.apiKey), 'x-checkly-account': other.accountId }), 401, /Bad token/],
    ['a wrong key', () => `/next/accounts/${t.accountId}`, () => ({ ...bearer('wrong-key-0123456789'), 'x-checkly-account': t.accountId }), 401, /Bad token/],
    ['no key', () => `/next/users/me`, () => ({ 'x-checkly-account': t.accountId }), 401, /Authorization/],
  ])('refuses %s', async (_, url, headers, status, message) => {
    const res = await get(url(), headers())
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json()).toMatchObject({ statusCode: status, message: expect.stringMatching(message) })
  })

  it('refuses two different accounts in the two headers, naming them, on every route', async () => {
    for (const url of [`/next/accounts/${t.accountId}`, '/v1/checks']) {
      const res = await get(url, { ...bearer(t.apiKey), 'x-service-account': t.accountId, 'x-checkly-account': other.accountId })
      expect(res.statusCode, url).toBe(400)
      expect(res.json()).toMatchObject({
        error: 'Bad Request',
        message: expect.stringMatching(/X-Service-Account and X-Checkly-Account name different accounts/),
        attributes: { 'X-Checkly-Account': other.accountId },
      })
    }
  })

  it('reads and writes /v1 routes with X-Checkly-Account, each key seeing only its own account', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/variables',
      headers: { ...bearer(t.apiKey), 'x-checkly-account': t.accountId },
      payload: { key: 'ALIASED', value: '1' },
    })
    expect(made.statusCode, made.body).toBe(201)
    const mine = await get('/v1/variables', { ...bearer(t.apiKey), 'x-checkly-account': t.accountId })
    expect(mine.json<Array<{ key: string }>>().map((v) => v.key)).toContain('ALIASED')
    const theirs = await get('/v1/variables', { ...bearer(other.apiKey), 'x-checkly-account': other.accountId })
    expect(theirs.json<Array<{ key: string }>>().map((v) => v.key)).not.toContain('ALIASED')
  })

  it.each([
    ['the operator key, which has no user', () => bearer(t.apiKey), { id: 'operator', name: 'Operator API key' }],
    ["a user's key", () => bearer(ownerKey), () => ({ id: owner.userId, name: 'Olive Owner', email: 'owner@example.com' })],
    ["a user's console session", () => ({ cookie: owner.cookie }), () => ({ id: owner.userId, name: 'Olive Owner', email: 'owner@example.com' })],
  ])('names who acts with %s', async (_, headers, want) => {
    const res = await get('/next/users/me', { ...headers(), 'x-checkly-account': t.accountId })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(typeof want === 'function' ? want() : want)
  })

  it("lists a console user's accounts without an account header", async () => {
    const res = await get('/next/accounts', { cookie: owner.cookie })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([account(t.accountId)])
    expect((await get(`/next/accounts/${other.accountId}`, { cookie: owner.cookie })).statusCode).toBe(404)
  })

  it('answers an unknown /next path as an API error, in JSON, even to a browser', async () => {
    expect(wantsConsolePage('/next/nothing', 'text/html')).toBe(false)
    expect(wantsConsolePage('/test-sessions/1', 'text/html')).toBe(true)
    const res = await get('/next/nothing', { ...bearer(t.apiKey), 'x-checkly-account': t.accountId, accept: 'text/html' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Route GET /next/nothing not found' })
  })

  it('says in the OpenAPI document that the /next routes are compatibility routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, { get: { tags: string[]; description: string } }> }>()
    for (const path of ['/next/accounts', '/next/accounts/{accountId}', '/next/users/me']) {
      expect(doc.paths[path]?.get.tags, path).toEqual(['compatibility'])
      expect(doc.paths[path]?.get.description, path).toMatch(/not part of the public API/)
    }
  })
})
