/**
 * Status badges: served without an API key, only for accounts with badgesEnabled; a disabled account
 * and an unknown id answer the same 404. Cached a minute with an ETag; rate-limited by address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResult } from '../helpers/error-group-kit.js'
import { buildStores } from '../../src/services/stores.js'

const T0 = Date.UTC(2026, 4, 1, 9, 0, 0)
const MISSING_CHECK = '7d0e4a63-0000-4000-8000-000000000000'

/** No Authorization, no X-Service-Account: as a README image is fetched. */
const badge = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

const expect404 = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404)
  expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(/not found$/), attributes: {} })
}
const label = (res: LightMyRequestResponse) => /aria-label="([^"]*)"/.exec(res.body)?.[1]

describe.each(testDbs)('badges on $name', (db) => {
  let t: TestApp
  const ids = { a: '', b: '', off: '', group: 0 }
  let at = T0
  const record = async (checkId: string, status: string, responseTime: number) => {
    at += 60_000
    const row = { ...finalResult(t.accountId, checkId, status === 'failing' ? 'boom' : null, at, status), response_time: responseTime }
    const stores = buildStores(t.store)
    await stores.results.insertMany([row])
    await stores.results.applyStatuses([row])
  }

  beforeAll(async () => {
    t = await startTestApp(db)
    const group = await t.call('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Shop' })
    expect(group.statusCode, group.body).toBe(201)
    ids.group = Number(group.json().id)
    const create = async (name: string) => {
      // Activated (no engine runs here): a group counts only its activated checks.
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name, groupId: ids.group, request: { url: 'http://127.0.0.1:9/' } })
      expect(res.statusCode, res.body).toBe(201)
      return String(res.json().id)
    }
    ids.a = await create('<script>alert(1)</script>')
    ids.b = await create('Cart API')
  })
  afterAll(() => t.close())

  it('answers 404 without any API key while the account has badges off, as for unknown ids', async () => {
    for (const url of [`/v1/badges/checks/${ids.a}`, `/v1/badges/groups/${ids.group}`, `/v1/badges/checks/${MISSING_CHECK}`, '/v1/badges/groups/999999', '/v1/badges/groups/abc']) {
      expect404(await badge(t, url))
    }
  })

  it('is enabled through the account settings, default false', async () => {
    expect((await t.call('GET', '/v1/accounts/me/settings')).json()).toEqual({ badgesEnabled: false })
    const res = await t.call('PUT', '/v1/accounts/me/settings', { badgesEnabled: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ badgesEnabled: true })
  })

  it('shows a check as pending before its first result, escaping its name', async () => {
    const res = await badge(t, `/v1/badges/checks/${ids.a}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=60')
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(res.body.startsWith('<svg')).toBe(true)
    expect(res.body).not.toContain('<script')
    expect(label(res)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;: pending')
    expect404(await badge(t, `/v1/badges/checks/${MISSING_CHECK}`))
  })

  it('follows the latest result: passing, then failing; responseTime=true shows the latest response time', async () => {
    await record(ids.b, 'passing', 142)
    expect(label(await badge(t, `/v1/badges/checks/${ids.b}`))).toBe('Cart API: passing')
    expect(label(await badge(t, `/v1/badges/checks/${ids.b}?responseTime=true`))).toBe('Cart API: 142 ms')
    await record(ids.b, 'failing', 3001.6)
    expect(label(await badge(t, `/v1/badges/checks/${ids.b}`))).toBe('Cart API: failing')
    expect(label(await badge(t, `/v1/badges/checks/${ids.b}?responseTime=true&style=for-the-badge&theme=dark`))).toBe('CART API: 3002 MS')
    expect(label(await badge(t, `/v1/badges/checks/${ids.a}?responseTime=true`))).toMatch(/: pending$/)
  })

  it('aggregates a group over its activated checks', async () => {
    const url = `/v1/badges/groups/${ids.group}`
    await record(ids.a, 'passing', 100)
    expect(label(await badge(t, url))).toBe('Shop: failing')
    await record(ids.b, 'degraded', 300)
    expect(label(await badge(t, url))).toBe('Shop: degraded')
    expect(label(await badge(t, `${url}?responseTime=true`))).toBe('Shop: 200 ms')
    await record(ids.b, 'passing', 50)
    expect(label(await badge(t, url))).toBe('Shop: passing')
    // A deactivated check (here a failing one) does not count; a group with no result is pending.
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Off', activated: false, groupId: ids.group, request: { url: 'http://127.0.0.1:9/' } })
    ids.off = String(res.json().id)
    await record(ids.off, 'failing', 10)
    expect(label(await badge(t, url))).toBe('Shop: passing')
    const empty = await t.call('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Empty' })
    expect(label(await badge(t, `/v1/badges/groups/${String(empty.json().id)}`))).toBe('Empty: pending')
  })

  it('answers 304 to a request that already has the current ETag, and 200 once the badge changes', async () => {
    const url = `/v1/badges/checks/${ids.b}?theme=light`
    const first = await badge(t, url)
    const etag = String(first.headers.etag)
    const again = await badge(t, url, { 'if-none-match': `W/"x", ${etag}` })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=60')
    await record(ids.b, 'degraded', 80)
    const changed = await badge(t, url, { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('rejects unknown options with 400 naming the field', async () => {
    for (const [query, field] of [
      ['style=bogus', 'style'],
      ['theme=neon', 'theme'],
      ['responseTime=maybe', 'responseTime'],
    ] as const) {
      const res = await badge(t, `/v1/badges/checks/${ids.b}?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(Object.keys(res.json().attributes), query).toContain(field)
    }
  })

  it("answers 404 for another account's check and group while that account has badges off", async () => {
    const other = await t.otherAccount()
    const check = await t.app.inject({
      method: 'POST',
      url: '/v1/checks/api?autoAssignAlerts=false',
      headers: other.headers,
      payload: { name: 'Theirs', activated: false, request: { url: 'http://127.0.0.1:9/' } },
    })
    const group = await t.app.inject({ method: 'POST', url: '/v1/check-groups?autoAssignAlerts=false', headers: other.headers, payload: { name: 'Theirs' } })
    expect404(await badge(t, `/v1/badges/checks/${String(check.json().id)}`))
    expect404(await badge(t, `/v1/badges/groups/${String(group.json().id)}`))
    // Our own key does not open them either: the owning account's setting decides.
    expect404(await badge(t, `/v1/badges/checks/${String(check.json().id)}`, t.headers))
    expect((await badge(t, `/v1/badges/checks/${ids.b}`)).statusCode).toBe(200)
  })

  it('answers 404 again once badges are turned off, and other routes still need a key', async () => {
    expect((await t.call('PUT', '/v1/accounts/me/settings', {})).json()).toEqual({ badgesEnabled: false })
    expect404(await badge(t, `/v1/badges/checks/${ids.b}`))
    expect((await badge(t, `/v1/checks/${ids.b}`)).statusCode).toBe(401)
    expect((await badge(t, '/v1/badges/checks')).statusCode).toBe(401)
  })
})

describe.each(testDbs)('badge rate limit on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { rateLimit: { max: 2, windowMs: 60_000 } })
  })
  afterAll(() => t.close())

  it('limits requests without a key by client address', async () => {
    const codes: number[] = []
    for (let i = 0; i < 3; i++) codes.push((await badge(t, `/v1/badges/checks/${MISSING_CHECK}`)).statusCode)
    expect(codes).toEqual([404, 404, 429])
    const other = await t.app.inject({ method: 'GET', url: `/v1/badges/checks/${MISSING_CHECK}`, remoteAddress: '10.0.0.2' })
    expect(other.statusCode).toBe(404)
  })
})
