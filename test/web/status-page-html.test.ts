/**
 * Public status pages as HTML through the real HTTP app, on every test database: cards, services, current states,
 * 90-day bars, open and past incidents with their updates, paging, escaping, feeds, the theme stylesheet, private
 * and unknown pages, the "get updates" form, and the host forms (subdomain, custom domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import { statusPagePageService } from '../../src/services/status-pages/status-page-page.js'
import type { ResourceDeps } from '../../src/services/resource-deps.js'
import { buildStores, transactor, type Stores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const NOW = Date.UTC(2026, 5, 10, 12, 0, 0)
const MIN = 60_000
const H = 60 * MIN
const DAY = 24 * H
const NASTY = '<script>alert(1)</script>'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions
type Update = { status: string; description: string; at: number }

const iso = (ms: number) => new Date(ms).toISOString()
/** The markup of one service block. */
const serviceBlock = (body: string, name: string): string => {
  const at = body.indexOf(`<span class="service-name">${name}</span>`)
  expect(at, name).toBeGreaterThan(-1)
  return body.slice(at, body.indexOf('</div>\n</div>', at))
}
const incidentBlock = (body: string, id: string): string => {
  const at = body.lastIndexOf('<article', body.indexOf(`id="incident-${id}"`))
  expect(at, id).toBeGreaterThan(-1)
  return body.slice(at, body.indexOf('</article>', at))
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(testDbs)('status page HTML on $name', (db) => {
  let t: TestApp
  let clock: FakeClock
  const svc: Record<string, string> = {}
  let pageId = ''

  const ok = async (res: Promise<LightMyRequestResponse>, code: number): Promise<Json> => {
    const r = await res
    expect(r.statusCode, r.body).toBe(code)
    return r.body === '' ? {} : (r.json() as Json)
  }
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const page = async (url: string, code = 200): Promise<string> => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(code)
    return res.body
  }
  const service = async (name: string) => (svc[name] = String((await ok(t.call('POST', '/v1/status-pages/services', { name }), 201)).id))
  const statusPage = async (body: Json) => ok(t.call('POST', '/v1/status-pages', body), 201)
  /** An incident whose updates are posted one by one with their (backfilled) public dates. */
  const incident = async (name: string, severity: string, services: string[], updates: Update[]): Promise<string> => {
    const [first, ...rest] = updates
    if (!first) throw new Error('an incident needs an update')
    const created = await ok(
      t.call('POST', '/v1/status-pages/incidents', {
        name,
        severity,
        services,
        incidentUpdates: [{ status: first.status, description: first.description, publicIncidentUpdateDate: iso(first.at) }],
      }),
      201,
    )
    for (const u of rest) {
      await ok(
        t.call('POST', `/v1/status-pages/incidents/${created.id}/incident-updates`, { status: u.status, description: u.description, publicIncidentUpdateDate: iso(u.at) }),
        201,
      )
    }
    return String(created.id)
  }
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    clock = new FakeClock(NOW - 30 * DAY)
    t = await startTestApp(db, { clock })
    await service('API')
    await service('Website')
    await service('Billing')
    clock.set(NOW - 2 * DAY)
    await service('Brand new')
    clock.set(NOW)
    pageId = String(
      (
        await statusPage({
          name: 'Acme',
          url: 'acme',
          description: 'Live status of Acme',
          logo: 'https://cdn.acme.test/logo.png',
          redirectTo: 'https://acme.test/',
          cards: [
            { name: 'Core', services: [svc.API, svc.Website] },
            { name: 'Extras', services: [svc['Brand new']] },
          ],
        })
      ).id,
    )
    ids.open = await incident(
      'API errors',
      'MAJOR',
      [svc.API ?? ''],
      [
        { status: 'INVESTIGATING', description: 'We are looking\ninto it', at: NOW - 3 * H },
        { status: 'IDENTIFIED', description: 'Found the cause', at: NOW - 2 * H },
      ],
    )
    ids.minor = await incident('Slow pages', 'MINOR', [svc.Website ?? ''], [{ status: 'MONITORING', description: 'Watching', at: NOW - H }])
    ids.past = await incident(
      'Website down',
      'CRITICAL',
      [svc.Website ?? ''],
      [
        { status: 'INVESTIGATING', description: 'Down', at: NOW - 5 * DAY },
        { status: 'RESOLVED', description: 'Back up', at: NOW - 5 * DAY + 65 * MIN },
      ],
    )
    ids.billing = await incident('Billing outage', 'CRITICAL', [svc.Billing ?? ''], [{ status: 'INVESTIGATING', description: 'Invoices late', at: NOW - H }])
  })
  afterAll(() => t.close())

  it('shows the header, the banner, the cards with their services, states and 90-day bars', async () => {
    const res = await get('/status-pages/acme')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const body = res.body
    expect(body).toMatch(/<body class="status-page auto" data-refresh="60">/)
    expect(body).toContain('<title>Acme status</title>')
    expect(body).toMatch(
      /<a class="logo-link" href="https:\/\/acme.test\/" rel="noopener"><img class="logo" src="https:\/\/cdn.acme.test\/logo.png" alt="Acme"><\/a><h1>Acme<\/h1><p class="description">Live status of Acme<\/p>/,
    )
    expect(body).toContain('<div class="banner major" role="status">Major outage</div>')
    expect(body).toMatch(/<h2><span>Core<\/span><span class="uptime">[\d.]+% uptime<\/span><\/h2>/)
    expect(body).toMatch(/<h2><span>Extras<\/span><span class="uptime">100% uptime<\/span><\/h2>/)
    expect(serviceBlock(body, 'API')).toContain('<span class="state major">Major outage</span>')
    expect(serviceBlock(body, 'Website')).toContain('<span class="state minor">Degraded performance</span>')
    expect(serviceBlock(body, 'Brand new')).toContain('<span class="state">Operational</span>')
    expect(body).not.toContain('Billing')

    const api = serviceBlock(body, 'API')
    expect(api.match(/<rect /g)).toHaveLength(90)
    expect(api).toContain('<title>10 Jun 2026: 75% uptime, incident API errors</title></rect></svg>')
    expect(api).toMatch(/<rect x="0" y="0" width="3" height="34" class="nodata"><title>13 Mar 2026: no data<\/title>/)
    // 3 h down (still open) of 30 days of existence.
    expect(api).toContain(`<span>${(Math.floor(((30 * DAY - 3 * H) / (30 * DAY)) * 10000) / 100).toFixed(2)}% uptime</span>`)
    const web = serviceBlock(body, 'Website')
    expect(web).toMatch(/class="critical"><title>5 Jun 2026: 95\.48% uptime, incident Website down<\/title>/)
    expect(web).toMatch(/class="minor"><title>10 Jun 2026: 91\.66% uptime, incident Slow pages<\/title>/)
    const fresh = serviceBlock(body, 'Brand new')
    expect(fresh.match(/class="nodata"/g)).toHaveLength(87)
    expect(fresh).toContain('<span>100% uptime</span>')
  })

  it('lists open incidents with all their updates, newest first, and past incidents with their duration', async () => {
    const body = await page('/status-pages/acme')
    const open = incidentBlock(body, ids.open ?? '')
    expect(open).toContain('class="sp-incident severity-MAJOR"')
    expect(open).toContain('<p class="meta">Major · Identified · Since 10 Jun 2026, 09:00 UTC · Affects API</p>')
    expect(open).toMatch(
      /<li><span class="u-status">Identified<\/span><span class="u-text">Found the cause<\/span><time datetime="2026-06-10T10:00:00.000Z">10 Jun 2026, 10:00 UTC<\/time><\/li><li><span class="u-status">Investigating<\/span><span class="u-text">We are looking<br>into it<\/span>/,
    )
    expect(body.indexOf(`incident-${ids.minor}`)).toBeLessThan(body.indexOf(`incident-${ids.open}`))
    const past = incidentBlock(body, ids.past ?? '')
    expect(past).toContain('class="sp-incident severity-CRITICAL resolved"')
    expect(past).toContain('<p class="meta">Critical · Resolved after 1 h 5 min · 5 Jun 2026 · Affects Website</p>')
    expect(body.indexOf('<h2>Current incidents</h2>')).toBeLessThan(body.indexOf(`incident-${ids.open}`))
    expect(body.indexOf('<h2>Past incidents</h2>')).toBeLessThan(body.indexOf(`incident-${ids.past}`))
    expect(body).not.toContain('Billing outage')
  })

  it('escapes user text everywhere', async () => {
    const nasty = await service(NASTY)
    await statusPage({ name: NASTY, url: 'nasty', description: `${NASTY}"'`, cards: [{ name: NASTY, services: [nasty] }] })
    const id = await incident(NASTY, 'MINOR', [nasty], [{ status: 'INVESTIGATING', description: `${NASTY}\n<b>bold</b>`, at: NOW - MIN }])
    const body = await page('/status-pages/nasty')
    expect(body).not.toMatch(/<script>alert|<b>bold/)
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(incidentBlock(body, id)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;b&gt;bold&lt;/b&gt;')
    for (const part of ['feed.rss', 'feed.atom']) {
      const feed = await get(`/status-pages/nasty/${part}`)
      expect(feed.body).not.toContain('<script>')
      expect(feed.body).toContain('&lt;script&gt;')
    }
  })

  it('pages past incidents, 10 a page, newest first', async () => {
    const history = await service('History')
    await statusPage({ name: 'History', url: 'history', cards: [{ name: 'All', services: [history] }] })
    for (let i = 1; i <= 12; i++) {
      ids[`h${i}`] = await incident(
        `Old ${i}`,
        'MINOR',
        [history],
        [
          { status: 'INVESTIGATING', description: 'x', at: NOW - (20 - i) * DAY },
          { status: 'RESOLVED', description: 'y', at: NOW - (20 - i) * DAY + 10 * MIN },
        ],
      )
    }
    const names = (body: string) => [...body.matchAll(/<h3>(Old \d+)<\/h3>/g)].map((m) => m[1])
    const first = await page('/status-pages/history')
    expect(names(first)).toEqual(['Old 12', 'Old 11', 'Old 10', 'Old 9', 'Old 8', 'Old 7', 'Old 6', 'Old 5', 'Old 4', 'Old 3'])
    expect(first).toContain('<span>Page 1 of 2</span><a href="/status-pages/history?page=2" rel="next">Older ›</a>')
    expect(first).toContain('<div class="banner operational" role="status">All systems operational</div>')
    const second = await page('/status-pages/history?page=2')
    expect(names(second)).toEqual(['Old 2', 'Old 1'])
    expect(second).toContain('<a href="/status-pages/history" rel="prev">‹ Newer</a><span>Page 2 of 2</span>')
    expect(names(await page('/status-pages/history?page=99'))).toEqual(['Old 2', 'Old 1'])
    expect(names(await page('/status-pages/history?page=abc'))).toHaveLength(10)
  })

  it('serves RSS and Atom feeds of the incidents, linked from the page', async () => {
    const body = await page('/status-pages/acme')
    expect(body).toContain('<link rel="alternate" type="application/rss+xml" title="Acme status (RSS)" href="/status-pages/acme/feed.rss">')
    expect(body).toContain('<link rel="alternate" type="application/atom+xml" title="Acme status (Atom)" href="/status-pages/acme/feed.atom">')
    const rss = await get('/status-pages/acme/feed.rss', { host: 'picket.test' })
    expect(rss.statusCode).toBe(200)
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    const items = [...rss.body.matchAll(/<item><title>([^<]+)<\/title><link>([^<]+)<\/link>/g)]
    expect(items.map((m) => m[1])).toEqual(['Slow pages', 'API errors', 'Website down'])
    expect(items[0]?.[2]).toBe(`http://picket.test/status-pages/acme#incident-${ids.minor}`)
    const atom = await get('/status-pages/acme/feed.atom')
    expect(atom.statusCode).toBe(200)
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    expect([...atom.body.matchAll(/<entry><title>([^<]+)<\/title>/g)].map((m) => m[1])).toEqual(['Slow pages', 'API errors', 'Website down'])
    expect(atom.body).toContain(`<id>urn:uuid:${ids.open}</id>`)
  })

  it('serves the theme colours as a stylesheet, linked only when set; the default theme is the body class', async () => {
    expect(await page('/status-pages/acme')).not.toContain('theme.css')
    const themed = await statusPage({
      name: 'Themed',
      url: 'themed',
      defaultTheme: 'DARK',
      themeColors: {
        light: '#112233',
        dark: Object.fromEntries(
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
          ].map((n) => [n, '#0a0b0c']),
        ),
      },
    })
    const body = await page('/status-pages/themed')
    expect(body).toMatch(/<body class="status-page dark palette"/)
    const href = /<link rel="stylesheet" href="(\/status-pages\/themed\/theme\.css\?v=\d+)">/.exec(body)?.[1]
    expect(href).toBeDefined()
    const css = await get(href ?? '')
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toContain('body.status-page.light {\n  --brand: #112233;\n}')
    expect(css.body).toMatch(/body\.status-page\.dark \{[^}]*--bg: #0a0b0c;[^}]*--header-bg: #0a0b0c;/)
    await ok(t.call('PUT', `/v1/status-pages/${themed.id}`, { defaultTheme: 'LIGHT', themeColors: null }), 200)
    const plain = await page('/status-pages/themed')
    expect(plain).toMatch(/<body class="status-page light"/)
    expect(plain).not.toContain('theme.css')
  })

  it('answers a private page with 403 and nothing of it, and has no feeds for it', async () => {
    const hidden = await service('Hidden service')
    await statusPage({ name: 'Secret page', url: 'secret', description: 'secret text', isPrivate: true, cards: [{ name: 'Secret card', services: [hidden] }] })
    await incident('Secret incident', 'MAJOR', [hidden], [{ status: 'INVESTIGATING', description: 'secret', at: NOW - MIN }])
    const res = await get('/status-pages/secret')
    expect(res.statusCode).toBe(403)
    expect(res.headers['content-security-policy']).toBeDefined()
    expect(res.body).toContain('This status page is private')
    expect(res.body).not.toMatch(/Secret|secret text|Hidden/)
    for (const part of ['feed.rss', 'feed.atom']) expect((await get(`/status-pages/secret/${part}`)).statusCode).toBe(404)
    expect((await get('/status-pages/secret/theme.css')).statusCode).toBe(403)
    const post = await t.app.inject({ method: 'POST', url: '/status-pages/secret/subscribe', headers: FORM, payload: 'email=a%40example.com' })
    expect(post.statusCode).toBe(403)
  })

  it('reads a fixed number of lists per view, whatever the number of services and incidents', async () => {
    let calls = 0
    const real = buildStores(t.store)
    const counting = new Proxy(real, {
      get: (stores, table: string) =>
        new Proxy(stores[table as keyof Stores] as object, {
          get: (target, method) => {
            const value = (target as Record<string | symbol, unknown>)[method]
            return typeof value === 'function' ? (...args: unknown[]) => (calls++, value.apply(target, args)) : value
          },
        }),
    })
    const deps = { stores: counting, transact: transactor(t.store), clock, publicBaseUrl: 'http://picket.test' } as unknown as ResourceDeps
    const pages = statusPagePageService(deps, { cacheMs: 0 })
    const readsFor = async (url: string) => {
      const site = await pages.find({ url })
      if (!site) throw new Error(url)
      calls = 0
      await pages.data(site, { page: 1 })
      return calls
    }
    const small = await readsFor('nasty')
    const large = await readsFor('history')
    const acme = await readsFor('acme')
    expect(small).toBe(3) // services, incidents, incident updates
    expect([large, acme]).toEqual([small, small])
  })

  it('answers unknown pages and parts with 404', async () => {
    for (const url of ['/status-pages/nope', '/status-pages/nope/feed.rss', '/status-pages/acme/other', '/status-pages/acme/feed.json']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    }
    expect((await t.app.inject({ method: 'POST', url: '/status-pages/acme/feed.rss', headers: FORM, payload: 'a=b' })).statusCode).toBe(404)
  })

  it('subscribes from the form: a PENDING subscriber, the same answer when already subscribed, 400 with a notice for a bad address', async () => {
    const subscribe = (payload: string, headers: Record<string, string> = FORM) => t.app.inject({ method: 'POST', url: '/status-pages/acme/subscribe', headers, payload })
    const body = await page('/status-pages/acme')
    expect(body).toContain('<form method="post" action="/status-pages/acme/subscribe">')
    const first = await subscribe('email=Reader%40Example.com')
    expect(first.statusCode, first.body).toBe(303)
    expect(first.headers.location).toBe('/status-pages/acme?subscribed=1')
    const again = await subscribe('email=%20reader%40example.com%20')
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/status-pages/acme?subscribed=1')
    expect(await page('/status-pages/acme?subscribed=1')).toContain('<p class="notice" role="status">Check your inbox to confirm')
    const subs = await ok(t.call('GET', `/v1/status-pages/${pageId}/subscriptions`), 200)
    expect(subs).toHaveLength(1)
    expect(subs[0]).toMatchObject({ address: 'Reader@Example.com', status: 'PENDING', type: 'EMAIL' })

    const bad = await subscribe(`email=${encodeURIComponent(`not-an-address${NASTY}`)}`)
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['content-security-policy']).toBeDefined()
    expect(bad.body).toContain('<p class="notice error" role="alert">&quot;not-an-address&lt;script&gt;alert(1)&lt;/script&gt;&quot; is not an e-mail address.</p>')
    expect(bad.body).toContain('value="not-an-address&lt;script&gt;')
    expect(bad.body).toContain('<div class="banner major"')
    expect((await subscribe('')).body).toContain('Enter your e-mail address.')
    expect((await subscribe(`email=${'a'.repeat(250)}%40example.com`)).body).toContain('too long')

    for (const [payload, headers] of [
      ['%%%&&=', FORM],
      [`email=${'x'.repeat(20_000)}`, FORM],
      ['{"email": ', { 'content-type': 'application/json' }],
      ['{"email": ["a@example.com"]}', { 'content-type': 'application/json' }],
      ['email=a@example.com', { 'content-type': 'text/plain' }],
      ['--x\r\n', { 'content-type': 'multipart/form-data; boundary=x' }],
    ] as Array<[string, Record<string, string>]>) {
      const res = await subscribe(payload, headers)
      expect(res.statusCode, `${headers['content-type']} ${payload.slice(0, 20)}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${headers['content-type']} ${payload.slice(0, 20)}`).toBeLessThan(500)
    }
    expect(await ok(t.call('GET', `/v1/status-pages/${pageId}/subscriptions`), 200)).toHaveLength(1)
    const getForm = await get('/status-pages/acme/subscribe')
    expect(getForm.statusCode).toBe(303)
  })
})

describe.each(testDbs)('status page cache on $name', (db) => {
  it('reuses a computed view for the cache time; a saved page shows once its lookup expires', async () => {
    const clock = new FakeClock(NOW)
    const t = await startTestApp(db, { clock, pageCacheMs: 10_000 })
    try {
      const service = (await t.call('POST', '/v1/status-pages/services', { name: 'API' })).json() as Json
      const page = (await t.call('POST', '/v1/status-pages', { name: 'Cached', url: 'cached', cards: [{ name: 'Core', services: [service.id] }] })).json() as Json
      const body = async () => (await t.app.inject({ method: 'GET', url: '/status-pages/cached' })).body
      expect(await body()).toContain('All systems operational')
      const res = await t.call('POST', '/v1/status-pages/incidents', {
        name: 'Cache test',
        severity: 'MAJOR',
        services: [service.id],
        incidentUpdates: [{ description: 'x', status: 'INVESTIGATING' }],
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(await body()).not.toContain('Cache test')
      clock.advance(10_001)
      expect(await body()).toContain('Cache test')
      expect((await t.call('PUT', `/v1/status-pages/${page.id}`, { name: 'Renamed' })).statusCode).toBe(200)
      clock.advance(10_001)
      expect(await body()).toContain('<h1>Renamed</h1>')
    } finally {
      await t.close()
    }
  })
})

describe.each(testDbs)('status page hosts on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { sites: { dashboardDomain: null, statusPageDomain: 'status.test' } })
    const service = (await t.call('POST', '/v1/status-pages/services', { name: 'API' })).json() as Json
    for (const body of [
      { name: 'Sub', url: 'sub' },
      { name: 'Custom', url: 'custom', customDomain: 'status.example.com' },
    ]) {
      const res = await t.call('POST', '/v1/status-pages', { ...body, cards: [{ name: 'Core', services: [service.id] }] })
      expect(res.statusCode, res.body).toBe(201)
    }
    const res = await t.call('POST', '/v1/status-pages/incidents', {
      name: 'Shared incident',
      severity: 'MEDIUM',
      services: [service.id],
      incidentUpdates: [{ description: 'x', status: 'INVESTIGATING' }],
    })
    expect(res.statusCode, res.body).toBe(201)
  })
  afterAll(() => t.close())

  const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } })

  it('serves a page at a subdomain of the status page domain, with its parts under /_site/', async () => {
    const res = await get('sub.status.test', '/')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('<h1>Sub</h1>')
    expect(res.body).toContain('Shared incident')
    expect(res.body).toContain('href="/_site/feed.rss"')
    expect(res.body).toContain('action="/_site/subscribe"')
    const rss = await get('sub.status.test', '/_site/feed.rss')
    expect(rss.statusCode).toBe(200)
    expect(rss.body).toContain('<link>http://sub.status.test/</link>')
    expect(rss.body).toContain('<title>Shared incident</title>')
    const sub = await t.app.inject({ method: 'POST', url: '/_site/subscribe', headers: { host: 'sub.status.test', ...FORM }, payload: 'email=a%40example.com' })
    expect(sub.statusCode).toBe(303)
    expect(sub.headers.location).toBe('/?subscribed=1')
    expect((await get('nope.status.test', '/')).statusCode).toBe(404)
  })

  it('serves a page at its custom domain; an incident shows on every page with its service', async () => {
    const res = await get('status.example.com', '/')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('<h1>Custom</h1>')
    expect(res.body).toContain('Shared incident')
    expect(res.body).toContain('<div class="banner medium" role="status">Partial outage</div>')
    const atom = await get('status.example.com', '/_site/feed.atom')
    expect(atom.statusCode).toBe(200)
    expect(atom.body).toContain('<link rel="self" type="application/atom+xml" href="http://status.example.com/_site/feed.atom"/>')
  })
})
