import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { Clock } from '../../src/lib/clock.js'
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
  expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  expect(Object.keys(body.attributes), JSON.stringify(body.attributes)).toContain(field)
}

describe.each(testDbs)('status pages on $name', (db) => {
  let t: TestApp
  let api: Json
  let web: Json
  beforeAll(async () => {
    t = await startTestApp(db, { clock: tickingClock() })
    api = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'API' }), 200)
    web = expectStatus(await t.call('POST', '/v1/status-pages/services', { name: 'Website' }), 200)
  })
  afterAll(() => t.close())

  const palette = (color: string) =>
    Object.fromEntries(
      [
        'bodyBackgroundColor',
        'headerBackgroundColor',
        'headerFontColor',
        'titleFontColor',
        'bodyFontColor',
        'bodyFontColorMuted',
        'navigationFontColor',
        'linkFontColor',
        'cardBackgroundColor',
        'borderColor',
        'primaryButtonBackgroundColor',
        'primaryButtonFontColor',
      ].map((k) => [k, color]),
    )
  const total = async () => (await t.call('GET', '/v1/status-pages?limit=100')).json<{ length: number }>().length

  it('creates a page with defaults, reads, lists, updates and deletes it', async () => {
    const created = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Acme status', url: 'Acme-Status' }), 201)
    expect(created).toMatchObject({
      name: 'Acme status',
      url: 'acme-status',
      accountId: t.accountId,
      customDomain: null,
      logo: null,
      logoDark: null,
      favicon: null,
      redirectTo: null,
      defaultTheme: 'AUTO',
      themeColors: null,
      description: null,
      cards: [],
      isPrivate: false,
      updated_at: null,
    })
    expect(expectStatus(await t.call('GET', `/v1/status-pages/${created.id}`), 200)).toEqual(created)

    const list = expectStatus(await t.call('GET', '/v1/status-pages?limit=100'), 200)
    expect(list.entries.map((p: Json) => p.id)).toContain(created.id)
    expect(list.length).toBe(list.entries.length)

    const updated = expectStatus(await t.call('PUT', `/v1/status-pages/${created.id}`, { description: 'All systems', defaultTheme: 'DARK', id: 'ignored' }), 200)
    expect(updated).toMatchObject({ id: created.id, name: 'Acme status', url: 'acme-status', description: 'All systems', defaultTheme: 'DARK' })
    expect(typeof updated.updated_at).toBe('string')

    expectStatus(await t.call('DELETE', `/v1/status-pages/${created.id}`), 204)
    expectStatus(await t.call('GET', `/v1/status-pages/${created.id}`), 404)
    expectStatus(await t.call('DELETE', `/v1/status-pages/${created.id}`), 404)
  })

  it('stores every field and shows card services as service objects', async () => {
    const body = {
      name: 'Full',
      url: 'full-page',
      customDomain: 'Status.Example.COM',
      logo: 'https://example.com/logo.png',
      logoDark: 'https://example.com/logo-dark.png',
      favicon: 'https://example.com/favicon.ico',
      redirectTo: 'https://example.com',
      defaultTheme: 'LIGHT',
      themeColors: { light: '#1a2b3c', dark: palette('#FFF') },
      description: 'd'.repeat(500),
      cards: [{ name: 'Core', services: [api.id, { id: web.id }] }, { name: 'Empty' }],
      isPrivate: true,
    }
    const page = expectStatus(await t.call('POST', '/v1/status-pages', body), 201)
    expect(page).toMatchObject({ ...body, customDomain: 'status.example.com', cards: [{ name: 'Core' }, { name: 'Empty', services: [] }] })
    expect(page.cards[0].services).toEqual([api, web])
    expect(page.cards[0].id).toMatch(/^[0-9a-f-]{36}$/)

    // Cards sent back with their id keep it; other fields left out keep their value; "" clears a link.
    const cards = [{ id: page.cards[0].id, name: 'Core services', services: [{ id: web.id }] }, { name: 'New' }]
    const updated = expectStatus(await t.call('PUT', `/v1/status-pages/${page.id}`, { cards, logo: '', themeColors: null }), 200)
    expect(updated.cards.map((c: Json) => c.name)).toEqual(['Core services', 'New'])
    expect(updated.cards[0]).toMatchObject({ id: page.cards[0].id, created_at: page.cards[0].created_at, services: [web] })
    expect(updated.cards[1].id).not.toBe(page.cards[1].id)
    expect(updated).toMatchObject({ logo: null, themeColors: null, favicon: body.favicon, customDomain: 'status.example.com', isPrivate: true })

    // A renamed service shows its new name on the page.
    expectStatus(await t.call('PUT', `/v1/status-pages/services/${web.id}`, { name: 'Web' }), 200)
    expect(expectStatus(await t.call('GET', `/v1/status-pages/${page.id}`), 200).cards[0].services[0].name).toBe('Web')
  })

  it('validates every field and writes nothing when it refuses', async () => {
    const before = await total()
    const ok = { name: 'V', url: 'valid-page' }
    const cases: Array<[Json, string]> = [
      [{ url: 'x' }, 'name'],
      [{ name: 'x' }, 'url'],
      [{ ...ok, name: '' }, 'name'],
      [{ ...ok, name: 'n'.repeat(256) }, 'name'],
      [{ ...ok, url: 'a_b' }, 'url'],
      [{ ...ok, url: '-abc' }, 'url'],
      [{ ...ok, url: 'a'.repeat(64) }, 'url'],
      [{ ...ok, url: '' }, 'url'],
      [{ ...ok, customDomain: 'not a host' }, 'customDomain'],
      [{ ...ok, customDomain: 'localhost' }, 'customDomain'],
      [{ ...ok, logo: 'ftp://example.com/x.png' }, 'logo'],
      [{ ...ok, logoDark: 'example.com' }, 'logoDark'],
      [{ ...ok, favicon: 5 }, 'favicon'],
      [{ ...ok, redirectTo: 'nope' }, 'redirectTo'],
      [{ ...ok, defaultTheme: 'BLUE' }, 'defaultTheme'],
      [{ ...ok, description: 'd'.repeat(501) }, 'description'],
      [{ ...ok, isPrivate: 'yes' }, 'isPrivate'],
      [{ ...ok, cards: [{ services: [] }] }, 'cards[0].name'],
      [{ ...ok, cards: [{ name: 'c', services: ['not-a-uuid'] }] }, 'cards[0].services[0]'],
      [{ ...ok, cards: [{ name: 'c', services: [api.id, UNKNOWN] }] }, 'cards[0].services[1]'],
    ]
    for (const [body, field] of cases) expect400(await t.call('POST', '/v1/status-pages', body), field)

    const bad = expectStatus(await t.call('POST', '/v1/status-pages', { ...ok, themeColors: { light: 'red', dark: '#000' } }), 400)
    expect(Object.keys(bad.attributes).some((k) => k.startsWith('themeColors.light'))).toBe(true)
    expect400(await t.call('POST', '/v1/status-pages', { ...ok, themeColors: { light: '#000' } }), 'themeColors.dark')
    expect(await total()).toBe(before)

    const page = expectStatus(await t.call('POST', '/v1/status-pages', ok), 201)
    expect400(await t.call('PUT', `/v1/status-pages/${page.id}`, { url: 'bad url' }), 'url')
    expect400(await t.call('PUT', `/v1/status-pages/${page.id}`, { cards: [{ name: 'c', services: [UNKNOWN] }] }), 'cards[0].services[0]')
    expect(expectStatus(await t.call('GET', `/v1/status-pages/${page.id}`), 200)).toMatchObject({ url: 'valid-page', cards: [], updated_at: null })
  })

  it("refuses another account's services in cards", async () => {
    const other = await t.otherAccount()
    const theirs = (await t.app.inject({ method: 'POST', url: '/v1/status-pages/services', headers: other.headers, payload: { name: 'Theirs' } })).json()
    const res = await t.call('POST', '/v1/status-pages', { name: 'x', url: 'steals-service', cards: [{ name: 'c', services: [{ id: theirs.id }] }] })
    expect400(res, 'cards[0].services[0]')
  })

  it('answers 409 for a url or custom domain taken by any account', async () => {
    const first = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'One', url: 'taken-url', customDomain: 'status.taken.com' }), 201)
    const before = await total()
    const dupUrl = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Two', url: 'TAKEN-URL' }), 409)
    expect(dupUrl).toMatchObject({ statusCode: 409, error: 'Conflict', attributes: { url: 'is already taken' } })
    const dupDomain = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Two', url: 'free-url', customDomain: 'STATUS.taken.com' }), 409)
    expect(dupDomain.attributes).toEqual({ customDomain: 'is already taken' })

    const other = await t.otherAccount()
    const asOther = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/status-pages', headers: other.headers, payload })
    expect((await asOther({ name: 'Theirs', url: 'taken-url' })).statusCode).toBe(409)
    expect((await asOther({ name: 'Theirs', url: 'their-url', customDomain: 'status.taken.com' })).statusCode).toBe(409)
    expect(await total()).toBe(before)

    const second = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Two', url: 'second-url' }), 201)
    expectStatus(await t.call('PUT', `/v1/status-pages/${second.id}`, { url: 'taken-url' }), 409)
    expectStatus(await t.call('PUT', `/v1/status-pages/${second.id}`, { customDomain: 'status.taken.com' }), 409)
    expect(expectStatus(await t.call('GET', `/v1/status-pages/${second.id}`), 200)).toMatchObject({ url: 'second-url', customDomain: null })
    // A page keeps its own url and domain on update.
    expectStatus(await t.call('PUT', `/v1/status-pages/${first.id}`, { name: 'One again', url: 'taken-url', customDomain: 'status.taken.com' }), 200)
    // A deleted page frees its url.
    expectStatus(await t.call('DELETE', `/v1/status-pages/${first.id}`), 204)
    expectStatus(await t.call('PUT', `/v1/status-pages/${second.id}`, { url: 'taken-url' }), 200)
  })

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [UNKNOWN, 'nope']) {
      expectStatus(await t.call('GET', `/v1/status-pages/${id}`), 404)
      expectStatus(await t.call('PUT', `/v1/status-pages/${id}`, { name: 'x' }), 404)
      expectStatus(await t.call('DELETE', `/v1/status-pages/${id}`), 404)
    }
  })

  it("never shows, changes or deletes another account's pages", async () => {
    const mine = expectStatus(await t.call('POST', '/v1/status-pages', { name: 'Mine', url: 'isolated-page' }), 201)
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    expect((await as('GET', `/v1/status-pages/${mine.id}`)).statusCode).toBe(404)
    expect((await as('PUT', `/v1/status-pages/${mine.id}`, { name: 'stolen' })).statusCode).toBe(404)
    expect((await as('DELETE', `/v1/status-pages/${mine.id}`)).statusCode).toBe(404)
    const list = await as('GET', '/v1/status-pages')
    expect(list.json()).toEqual({ length: 0, entries: [], nextId: null })
    expect(expectStatus(await t.call('GET', `/v1/status-pages/${mine.id}`), 200).name).toBe('Mine')
  })

  it('walks the list with limit and nextId, oldest first, even when the next entry is deleted meanwhile', async () => {
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    const ids: Record<string, string> = {}
    for (const url of ['paged-a', 'paged-b', 'paged-c', 'paged-d', 'paged-e']) {
      const res = await as('POST', '/v1/status-pages', { name: url, url })
      expect(res.statusCode).toBe(201)
      ids[url] = res.json<Json>().id
    }
    const first = (await as('GET', '/v1/status-pages?limit=2')).json<Json>()
    expect(first).toMatchObject({ length: 2, entries: [{ url: 'paged-a' }, { url: 'paged-b' }] })
    expect(typeof first.nextId).toBe('string')
    // The cursor names where the next page starts, not the record there: deleting that record skips nothing.
    expect((await as('DELETE', `/v1/status-pages/${ids['paged-c']}`)).statusCode).toBe(204)
    const second = (await as('GET', `/v1/status-pages?limit=2&nextId=${first.nextId}`)).json<Json>()
    expect(second.entries.map((p: Json) => p.url)).toEqual(['paged-d', 'paged-e'])
    expect(second.nextId).toBeNull()
    expect((await as('GET', '/v1/status-pages')).json<Json>().length).toBe(4)
    expect((await as('GET', '/v1/status-pages?limit=101')).statusCode).toBe(400)
    const bad = await as('GET', '/v1/status-pages?nextId=not-a-cursor')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json<Json>().attributes)).toEqual(['nextId'])
  })
})
