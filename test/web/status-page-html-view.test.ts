/**
 * What a public status page shows, as HTML through the real HTTP app on every test database: the header and banner,
 * the cards with their services, current states and 90-day bars, open and past incidents with their updates, paging
 * of past incidents, escaping of user text, the theme stylesheet, and the fixed number of reads a view makes.
 */
import { describe, expect, it } from 'vitest'
import { statusPagePageService } from '../../src/services/status-pages/status-page-page.js'
import type { ResourceDeps } from '../../src/services/resource-deps.js'
import { buildStores, transactor, type Stores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { THEME_COLOR_NAMES } from '../../src/domain/status-pages/enums.js'
import { acmeStatusPage, DAY, H, incidentBlock, MIN, NASTY, NOW, serviceBlock } from '../helpers/status-page-site.js'

describe.each(testDbs)('status page HTML on $name', (db) => {
  const fixture = acmeStatusPage(db)
  const { ids, ok, get, page, service, statusPage, incident } = fixture

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
    // 3 h down (still open) of 30 days of existence, its first day (created at noon) counted from midnight.
    expect(api).toContain(`<span>${(Math.floor(((30 * DAY + 12 * H - 3 * H) / (30 * DAY + 12 * H)) * 10000) / 100).toFixed(2)}% uptime</span>`)
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
    const names = (body: string) => [...body.matchAll(/<h3><a href="[^"]+">(Old \d+)<\/a><\/h3>/g)].map((m) => m[1])
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

  it('serves the theme colours as a stylesheet, linked only when set; the default theme is the body class', async () => {
    expect(await page('/status-pages/acme')).not.toContain('theme.css')
    const themed = await statusPage({
      name: 'Themed',
      url: 'themed',
      defaultTheme: 'DARK',
      themeColors: {
        light: '#112233',
        dark: Object.fromEntries(THEME_COLOR_NAMES.map((n) => [n, '#0a0b0c'])),
      },
    })
    const body = await page('/status-pages/themed')
    expect(body).toMatch(/<body class="status-page dark palette"/)
    const href = /<link rel="stylesheet" href="(\/status-pages\/themed\/theme\.css\?v=\d+)">/.exec(body)?.[1]
    expect(href).toBeDefined()
    const css = await get(href ?? '')
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.body).toContain('body.status-page.light {\n  --brand: #112233;\n  --button-text: #ffffff;\n}')
    expect(css.body).toMatch(/body\.status-page\.dark \{[^}]*--bg: #0a0b0c;[^}]*--header-bg: #0a0b0c;/)
    await ok(fixture.t.call('PUT', `/v1/status-pages/${themed.id}`, { defaultTheme: 'LIGHT', themeColors: null }), 200)
    const plain = await page('/status-pages/themed')
    expect(plain).toMatch(/<body class="status-page light"/)
    expect(plain).not.toContain('theme.css')
  })

  it('reads a fixed number of lists per view, whatever the number of services and incidents', async () => {
    let calls = 0
    const real = buildStores(fixture.t.store)
    const counting = new Proxy(real, {
      get: (stores, table: string) =>
        new Proxy(stores[table as keyof Stores] as object, {
          get: (target, method) => {
            const value = (target as Record<string | symbol, unknown>)[method]
            return typeof value === 'function' ? (...args: unknown[]) => (calls++, value.apply(target, args)) : value
          },
        }),
    })
    const deps = { stores: counting, transact: transactor(fixture.t.store), clock: fixture.clock, publicBaseUrl: 'http://picket.test' } as unknown as ResourceDeps
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
    expect(small).toBe(8) // services, incidents, incident updates, checks, check statuses, groups, maintenance windows, maintenances
    expect([large, acme]).toEqual([small, small])
  })
})
