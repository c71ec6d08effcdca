/**
 * A public status page's other answers, through the real HTTP app on every test database: its RSS and Atom feeds,
 * a private page (403 and nothing of it), unknown pages and parts (404), and the "get updates" form.
 */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { acmeStatusPage, FORM, MIN, NASTY, NOW } from '../helpers/status-page-site.js'

describe.each(testDbs)('status page HTML on $name', (db) => {
  const fixture = acmeStatusPage(db)
  const { ids, ok, get, page, service, statusPage, incident } = fixture

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
    const post = await fixture.t.app.inject({ method: 'POST', url: '/status-pages/secret/subscribe', headers: FORM, payload: 'email=a%40example.com' })
    expect(post.statusCode).toBe(403)
  })

  it('answers unknown pages and parts with 404', async () => {
    for (const url of ['/status-pages/nope', '/status-pages/nope/feed.rss', '/status-pages/acme/other', '/status-pages/acme/feed.json']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    }
    expect((await fixture.t.app.inject({ method: 'POST', url: '/status-pages/acme/feed.rss', headers: FORM, payload: 'a=b' })).statusCode).toBe(404)
  })

  it('subscribes from the form: a PENDING subscriber, the same answer when already subscribed, 400 with a notice for a bad address', async () => {
    const subscribe = (payload: string, headers: Record<string, string> = FORM) => fixture.t.app.inject({ method: 'POST', url: '/status-pages/acme/subscribe', headers, payload })
    const body = await page('/status-pages/acme')
    expect(body).toContain('<form method="post" action="/status-pages/acme/subscribe">')
    const first = await subscribe('email=Reader%40Example.com')
    expect(first.statusCode, first.body).toBe(303)
    expect(first.headers.location).toBe('/status-pages/acme?subscribed=1')
    const again = await subscribe('email=%20reader%40example.com%20')
    expect(again.statusCode).toBe(303)
    expect(again.headers.location).toBe('/status-pages/acme?subscribed=1')
    expect(await page('/status-pages/acme?subscribed=1')).toContain('<p class="notice" role="status">Check your inbox to confirm')
    const subs = await ok(fixture.t.call('GET', `/v1/status-pages/${fixture.pageId}/subscriptions`), 200)
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
    expect(await ok(fixture.t.call('GET', `/v1/status-pages/${fixture.pageId}/subscriptions`), 200)).toHaveLength(1)
    const getForm = await get('/status-pages/acme/subscribe')
    expect(getForm.statusCode).toBe(303)
  })
})
