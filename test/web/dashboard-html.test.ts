/**
 * Public dashboards as HTML through the real HTTP app, on every test database: which checks show (tags OR and
 * AND, deactivated left out), figures over each window, every display switch, paging, the live data route, custom
 * CSS kept out of the page, escaping, private dashboards and their key, and the host forms (subdomain, custom
 * domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/services/stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResult } from '../helpers/error-group-kit.js'

const NOW = Date.UTC(2026, 5, 10, 12, 0, 0)
const MIN = 60_000
const NASTY = '<img src=x onerror=alert(1)>'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

/** The check ids shown, in page order. */
const shown = (body: string): string[] => [...body.matchAll(/data-check-id="([^"]+)"/g)].map((m) => m[1] ?? '')
const figures = (body: string, id: string): string => body.slice(body.lastIndexOf('<article', body.indexOf(`data-check-id="${id}"`))).split('</article>')[0] ?? ''

describe.each(testDbs)('dashboard pages on $name', (db) => {
  let t: TestApp
  const ids: Record<string, string> = {}
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const page = async (url: string, code = 200): Promise<LightMyRequestResponse> => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(code)
    return res
  }
  const dashboard = async (body: Json): Promise<Json> => {
    const res = await t.call('POST', '/v1/dashboards', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }

  beforeAll(async () => {
    t = await startTestApp(db, { clock: new FakeClock(NOW), sites: { dashboardDomain: 'dash.test', statusPageDomain: null } })
    const group = await t.call('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Storefront' })
    const check = async (key: string, name: string, tags: string[], extra: Json = {}) => {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name, tags, request: { url: 'http://127.0.0.1:9/' }, ...extra })
      expect(res.statusCode, res.body).toBe(201)
      ids[key] = String(res.json().id)
    }
    await check('web', 'Web home', ['prod', 'web'], { groupId: Number(group.json().id) })
    await check('api', 'Orders API', ['prod'])
    await check('stage', 'Staging home', ['staging'])
    await check('off', 'Switched off', ['prod'], { activated: false })
    const stores = buildStores(t.store)
    const rows = [
      // Web home: 4 passing runs in the last hour, one failing run 3 hours ago.
      ...[100, 200, 300, 400].map((ms, i) => ({ ...finalResult(t.accountId, ids.web ?? '', null, NOW - (10 + i) * MIN, 'passing'), response_time: ms })),
      { ...finalResult(t.accountId, ids.web ?? '', 'boom', NOW - 180 * MIN, 'failing'), response_time: 900 },
      { ...finalResult(t.accountId, ids.api ?? '', 'down', NOW - 5 * MIN, 'failing'), response_time: 50 },
      { ...finalResult(t.accountId, ids.stage ?? '', null, NOW - 5 * MIN, 'passing'), response_time: 70 },
    ]
    // Oldest first, so that each check's status is that of its latest run.
    rows.sort((a, b) => a.started_at - b.started_at)
    await stores.results.insertMany(rows)
    for (const row of rows) await stores.results.applyStatuses([row])
  })
  afterAll(() => t.close())

  it('shows the checks of its tags: any of them (OR), or all of them (AND); never deactivated ones', async () => {
    await dashboard({ header: 'Prod', customUrl: 'prod-or', tags: ['prod'] })
    await dashboard({ header: 'Prod web', customUrl: 'prod-and', tags: ['prod', 'web'], useTagsAndOperator: true })
    await dashboard({ header: 'All', customUrl: 'all' })
    expect(shown((await page('/dashboards/prod-or')).body)).toEqual([ids.api, ids.web])
    expect(shown((await page('/dashboards/prod-and')).body)).toEqual([ids.web])
    expect(shown((await page('/dashboards/all')).body)).toEqual([ids.api, ids.stage, ids.web])
  })

  it('prints status, availability, P95 and P99 over the chosen window', async () => {
    const day = (await page('/dashboards/prod-or')).body
    const web = figures(day, ids.web ?? '')
    expect(web).toContain('status-passing')
    expect(web).toMatch(/Availability<\/dt><dd>80\.00%/)
    expect(web).toMatch(/P95<\/dt><dd>(89[1-9]|90\d) ms/)
    expect(figures(day, ids.api ?? '')).toMatch(/status-failing[\s\S]*Availability<\/dt><dd>0\.00%/)
    const hour = figures((await page('/dashboards/prod-or?window=1h')).body, ids.web ?? '')
    expect(hour).toMatch(/Availability<\/dt><dd>100%/)
    expect(hour).toMatch(/P99<\/dt><dd>(39[6-9]|40[0-4]) ms/)
    expect((await page('/dashboards/prod-or?window=1h')).body).toMatch(/data-window="1h" aria-current="true"/)
  })

  it('honours each display switch', async () => {
    await dashboard({
      header: 'Bare',
      customUrl: 'bare',
      showP95: false,
      showP99: false,
      showGroupNames: false,
      hideTags: true,
      showHeader: false,
      width: '960PX',
      expandChecks: true,
      sortByStatus: true,
      showCheckRunLinks: true,
      description: 'hidden',
    })
    const bare = (await page('/dashboards/bare')).body
    expect(bare).not.toMatch(/<dt>P95|<dt>P99|class="group"|class="tag"|class="dash-header"|hidden<\/p>/)
    expect(bare).toMatch(/<body class="dashboard narrow"/)
    expect(bare).toContain('<dt>Last run</dt>')
    expect(shown(bare)[0]).toBe(ids.api) // failing first
    await dashboard({ header: 'Branded', customUrl: 'branded', logo: 'https://cdn.example.com/logo.png', link: 'https://example.com/', favicon: 'https://cdn.example.com/f.ico' })
    const branded = (await page('/dashboards/branded')).body
    expect(branded).toContain('<link rel="icon" href="https://cdn.example.com/f.ico">')
    expect(branded).toMatch(/<a href="https:\/\/example.com\/" rel="noopener"><img class="logo" src="https:\/\/cdn.example.com\/logo.png" alt="">/)
    const full = (await page('/dashboards/prod-or')).body
    expect(full).toMatch(/class="group">Storefront<[\s\S]*class="tag">prod</)
    expect(full).toMatch(/<body class="dashboard"/)
    expect(full).not.toContain('<dt>Last run</dt>')
    // Run links open the check's latest runs; a check not on the dashboard is not found.
    const runs = (await page(`/dashboards/bare/checks/${ids.web}`)).body
    expect(runs.match(/<tr class="status-/g)).toHaveLength(5)
    await page(`/dashboards/prod-or/checks/${ids.web}`, 404)
    await page(`/dashboards/bare/checks/${ids.off}`, 404)
  })

  it('shows open incidents when switched on, and only then', async () => {
    const service = await t.call('POST', '/v1/status-pages/services', { name: 'Checkout' })
    const open = { name: 'Payments slow', severity: 'MAJOR', services: [service.json().id], incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }] }
    expect((await t.call('POST', '/v1/status-pages/incidents', open)).statusCode).toBe(201)
    const closed = { ...open, name: 'Old outage', incidentUpdates: [{ description: 'Fixed', status: 'RESOLVED' }] }
    expect((await t.call('POST', '/v1/status-pages/incidents', closed)).statusCode).toBe(201)
    await dashboard({ header: 'Incidents', customUrl: 'incidents', enableIncidents: true })
    const body = (await page('/dashboards/incidents')).body
    expect(body).toMatch(/class="incident severity-MAJOR"><strong>Payments slow<\/strong>[\s\S]*<span>Investigating<\/span> · <span>Checkout<\/span>/)
    expect(body).not.toContain('Old outage')
    expect((await page('/dashboards/all')).body).not.toContain('Payments slow')
  })

  it('pages through the checks, in the page and in the live data the script fetches', async () => {
    await dashboard({ header: 'Paged', customUrl: 'paged', checksPerPage: 1, paginate: true, paginationRate: 30, refreshRate: 300 })
    const first = (await page('/dashboards/paged')).body
    expect(shown(first)).toEqual([ids.api])
    expect(first).toMatch(/data-refresh="300" data-paginate="true" data-rate="30" data-page="1" data-pages="3"/)
    expect(shown((await page('/dashboards/paged?page=3')).body)).toEqual([ids.web])
    expect(shown((await page('/dashboards/paged?page=99')).body)).toEqual([ids.web])
    const live = (await page('/dashboards/paged/data?page=2&window=7d')).json() as Json
    expect(live).toMatchObject({ page: 2, pages: 3, window: '7d' })
    expect(shown(String(live.html))).toEqual([ids.stage])
    // A nonsense window or page is read as the default, never an error.
    expect((await page('/dashboards/paged/data?page=abc&window=%3Cx%3E')).json()).toMatchObject({ page: 1, window: '24h' })
  })

  it('escapes user text, keeps custom CSS out of the page and forbids inline script', async () => {
    await dashboard({ header: NASTY, description: NASTY, customUrl: 'nasty', customCSS: `body{color:red}</style><script>alert(1)</script>` })
    const res = await page('/dashboards/nasty')
    expect(res.body).not.toContain('<img src=x')
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(res.body).not.toMatch(/<script>|<style|style="|javascript:/)
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'; style-src 'self'/)
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline')
    const href = /<link rel="stylesheet" href="(\/dashboards\/nasty\/custom\.css\?v=\d+)">/.exec(res.body)?.[1]
    const css = await page(href ?? 'missing')
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['x-content-type-options']).toBe('nosniff')
    expect(css.body).toContain('body{color:red}')
    expect((await page('/dashboards/prod-or')).body).not.toContain('custom.css')
  })

  it('opens a private dashboard only with its key, and shows nothing without it', async () => {
    const created = await dashboard({ header: 'Secret wall', customUrl: 'secret', isPrivate: true, customCSS: 'a{}', showCheckRunLinks: true })
    const key = String(created.keys[0].rawKey)
    const locked = await page('/dashboards/secret', 401)
    expect(locked.body).toContain('name="key"')
    expect(locked.body).not.toMatch(/Secret wall|Web home|Orders API|data-check-id/)
    expect((await page('/dashboards/secret/data', 401)).json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
    await page('/dashboards/secret/custom.css', 401)
    expect((await page(`/dashboards/secret/checks/${ids.web}`, 401)).body).not.toContain('Web home')
    const form = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/dashboards/secret/unlock',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `key=${encodeURIComponent(key)}`,
      })
    const wrong = await form('dk_wrong')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('That key does not open this dashboard')
    const right = await form(key)
    expect(right.statusCode).toBe(303)
    expect(right.headers.location).toBe('/dashboards/secret')
    const cookie = String(right.headers['set-cookie']).split(';')[0] ?? ''
    expect(String(right.headers['set-cookie'])).toMatch(/Path=\/dashboards\/secret; .*HttpOnly; SameSite=Lax/)
    const open = await get('/dashboards/secret', { cookie })
    expect(open.statusCode).toBe(200)
    expect(open.body).toContain('Secret wall')
    expect(shown(open.body)).toHaveLength(3)
    expect((await get('/dashboards/secret/data', { cookie })).statusCode).toBe(200)
    expect((await get('/dashboards/secret/custom.css', { cookie })).statusCode).toBe(200)
    // Malformed bodies are never a 5xx.
    for (const payload of ['%%%', 'key=' + 'x'.repeat(9000), '']) {
      const res = await t.app.inject({ method: 'POST', url: '/dashboards/secret/unlock', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload })
      expect(res.statusCode, payload.slice(0, 20)).toBeLessThan(500)
    }
  })

  it('is served at its subdomain, at its custom domain and nowhere else', async () => {
    await dashboard({ header: 'Wall', customUrl: 'wall', customDomain: 'wall.example.com', tags: ['staging'] })
    for (const host of ['wall.dash.test', 'wall.dash.test:8080', 'wall.example.com', 'WALL.EXAMPLE.COM.']) {
      const res = await get('/', { host })
      expect(res.statusCode, host).toBe(200)
      expect(shown(res.body), host).toEqual([ids.stage])
      expect(res.body).toContain('data-data="/_site/data"')
      expect((await get('/_site/data', { host })).json(), host).toMatchObject({ page: 1 })
    }
    expect((await get('/', { host: 'nothing.dash.test' })).statusCode).toBe(404)
    // A host that is no page's (the service's own names, a proxy's) shows the web console there.
    for (const host of ['unknown.example.org', 'localhost']) {
      const consolePage = await get('/', { host })
      expect(consolePage.statusCode).toBe(200)
      expect(consolePage.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    }
    expect((await get('/dashboards/no-such')).statusCode).toBe(404)
  })

  it('serves its stylesheet and script with long caching when versioned', async () => {
    const body = (await page('/dashboards/all')).body
    const script = /<script src="(\/-\/web\/dashboard\.js\?v=[\w-]+)" defer>/.exec(body)?.[1] ?? 'missing'
    const res = await page(script)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toContain('immutable')
    expect((await page('/-/web/nothing.js', 404)).statusCode).toBe(404)
  })
})
