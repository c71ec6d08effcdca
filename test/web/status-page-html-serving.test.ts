/**
 * How public status pages are served, through the real HTTP app on every test database: the cache of computed views
 * and the host forms (a subdomain of the status page domain, a custom domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { FORM, NOW, type Json } from '../helpers/status-page-site.js'

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
