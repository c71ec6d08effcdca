import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { Clock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** A clock that moves one second per reading, so creation order is also created_at order. */
const tickingClock = (): Clock => {
  let now = Date.UTC(2026, 0, 1)
  return { now: () => (now += 1000) }
}

const expectStatus = (res: LightMyRequestResponse, code: number): Json => {
  expect(res.statusCode, res.body).toBe(code)
  return res.body === '' ? {} : (res.json() as Json)
}

const expect400 = (res: LightMyRequestResponse, field: string) => {
  const body = expectStatus(res, 400)
  expect(Object.keys(body.attributes), JSON.stringify(body.attributes)).toContain(field)
}

const email = (config: string) => ({ type: 'EMAIL', config })

describe.each(testDbs)('status page subscriptions on $name', (db) => {
  let t: TestApp
  let pageCount = 0
  beforeAll(async () => {
    t = await startTestApp(db, { clock: tickingClock() })
  })
  afterAll(() => t.close())

  const newPage = async () => expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Status', url: `subs-page-${++pageCount}` }), 201)
  const subs = (pageId: string) => `/v1/status-pages/${pageId}/subscriptions`
  const list = async (pageId: string, query = '?limit=100') => expectStatus(await t.call('GET', `${subs(pageId)}${query}`), 200)
  const stored = async (id: string) => (await buildStores(t.store).statusPageSubscriptions.get(t.accountId, id))?.doc

  it('subscribes one address as PENDING, lists it and removes it', async () => {
    const page = await newPage()
    const created = expectStatus(await t.call('POST', subs(page.id), { address: ' Alice@Example.com ' }), 201)
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      statusPageId: page.id,
      type: 'EMAIL',
      address: 'Alice@Example.com',
      status: 'PENDING',
      created_at: expect.any(String),
      updated_at: created.created_at,
    })
    expect((await stored(created.id))?.verificationToken).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const second = expectStatus(await t.call('POST', subs(page.id), { address: 'bob@example.com', type: 'EMAIL' }), 201)
    const res = await t.call('GET', `${subs(page.id)}?limit=1&page=2`)
    expect(expectStatus(res, 200)).toEqual([second])
    expect(res.headers['content-range']).toBe('1-1/2')

    expectStatus(await t.call('DELETE', `${subs(page.id)}/${created.id}`), 204)
    expectStatus(await t.call('DELETE', `${subs(page.id)}/${created.id}`), 404)
    expect(await list(page.id)).toEqual([second])
  })

  it('compares addresses case-insensitively: 409 on the single route, per page', async () => {
    const page = await newPage()
    expectStatus(await t.call('POST', subs(page.id), { address: 'carol@example.com' }), 201)
    const dup = expectStatus(await t.call('POST', subs(page.id), { address: 'CAROL@example.COM' }), 409)
    expect(dup).toMatchObject({ statusCode: 409, error: 'Conflict', attributes: { address: 'is already subscribed' } })
    expect(await list(page.id)).toHaveLength(1)
    const other = await newPage()
    expectStatus(await t.call('POST', subs(other.id), { address: 'carol@example.com' }), 201)
  })

  it('validates the address and the type and writes nothing when it refuses', async () => {
    const page = await newPage()
    for (const address of ['', 'not-an-email', 'a@b', 'a b@example.com', 'x@example.com; y@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect400(await t.call('POST', subs(page.id), { address }), 'address')
    }
    expect400(await t.call('POST', subs(page.id), {}), 'address')
    expect400(await t.call('POST', subs(page.id), { address: 42 }), 'address')
    expect400(await t.call('POST', subs(page.id), { address: 'dave@example.com', type: 'SMS' }), 'type')
    expect(await list(page.id)).toEqual([])
  })

  it('bulk-subscribes, skipping invalid, repeated and already subscribed addresses', async () => {
    const page = await newPage()
    expectStatus(await t.call('POST', subs(page.id), { address: 'existing@example.com' }), 201)
    const result = expectStatus(
      await t.call('POST', `${subs(page.id)}/bulk`, {
        subscriptions: [email('one@example.com'), email('two@example.com'), email('broken'), email('ONE@example.com'), email('Existing@Example.com')],
      }),
      201,
    )
    expect(result).toEqual({ created: 2, skipped: 3, status: 'PENDING' })
    // One bulk call shares a creation time, so its entries are compared in address order.
    const all = (await list(page.id)).sort((x: Json, y: Json) => x.address.localeCompare(y.address))
    expect(all.map((s: Json) => [s.address, s.status])).toEqual([
      ['existing@example.com', 'PENDING'],
      ['one@example.com', 'PENDING'],
      ['two@example.com', 'PENDING'],
    ])

    const verified = expectStatus(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [email('three@example.com'), email('one@example.com')], autoVerify: true }), 201)
    expect(verified).toEqual({ created: 1, skipped: 1, status: 'VERIFIED' })
    const three = (await list(page.id)).find((s: Json) => s.address === 'three@example.com')
    expect(three.status).toBe('VERIFIED')
    expect((await stored(three.id))?.verificationToken).toBeNull()
  })

  it('validates bulk bodies: 1 to 100 EMAIL entries', async () => {
    const page = await newPage()
    const many = Array.from({ length: 101 }, (_, i) => email(`user${i}@example.com`))
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: many }), 'subscriptions')
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [] }), 'subscriptions')
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, {}), 'subscriptions')
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [{ type: 'EMAIL' }] }), 'subscriptions[0].config')
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [{ type: 'SMS', config: 'x@example.com' }] }), 'subscriptions[0].type')
    expect400(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [email('x@example.com')], autoVerify: 'yes' }), 'autoVerify')
    expect(await list(page.id)).toEqual([])

    const hundred = expectStatus(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: many.slice(0, 100), autoVerify: true }), 201)
    expect(hundred).toEqual({ created: 100, skipped: 0, status: 'VERIFIED' })
    const res = await t.call('GET', subs(page.id))
    expect(expectStatus(res, 200)).toHaveLength(10)
    expect(res.headers['content-range']).toBe('0-9/100')
  })

  it('answers 404 for unknown and malformed pages and for a subscription of another page', async () => {
    for (const id of [UNKNOWN, 'nope']) {
      expectStatus(await t.call('GET', subs(id)), 404)
      expectStatus(await t.call('POST', subs(id), { address: 'x@example.com' }), 404)
      expectStatus(await t.call('POST', `${subs(id)}/bulk`, { subscriptions: [email('x@example.com')] }), 404)
      expectStatus(await t.call('DELETE', `${subs(id)}/${UNKNOWN}`), 404)
    }
    const a = await newPage()
    const b = await newPage()
    const sub = expectStatus(await t.call('POST', subs(a.id), { address: 'erin@example.com' }), 201)
    expectStatus(await t.call('DELETE', `${subs(b.id)}/${sub.id}`), 404)
    expectStatus(await t.call('DELETE', `${subs(a.id)}/not-a-uuid`), 404)
    expect(await list(a.id)).toEqual([sub])
  })

  it("never shows, adds to or removes another account's subscribers", async () => {
    const page = await newPage()
    const sub = expectStatus(await t.call('POST', subs(page.id), { address: 'frank@example.com' }), 201)
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', subs(page.id))).statusCode).toBe(404)
    expect((await as('POST', subs(page.id), { address: 'mallory@example.com' })).statusCode).toBe(404)
    expect((await as('POST', `${subs(page.id)}/bulk`, { subscriptions: [email('mallory@example.com')], autoVerify: true })).statusCode).toBe(404)
    expect((await as('DELETE', `${subs(page.id)}/${sub.id}`)).statusCode).toBe(404)
    expect(await list(page.id)).toEqual([sub])
  })

  it('deletes the subscriptions with their page', async () => {
    const page = await newPage()
    expectStatus(await t.call('POST', `${subs(page.id)}/bulk`, { subscriptions: [email('g@example.com'), email('h@example.com')] }), 201)
    expectStatus(await t.call('DELETE', `/v1/status-pages/${page.id}`), 204)
    expectStatus(await t.call('GET', subs(page.id)), 404)
    const left = await buildStores(t.store).statusPageSubscriptions.list(t.accountId, { where: { status_page_id: page.id } })
    expect(left.total).toBe(0)
  })
})
