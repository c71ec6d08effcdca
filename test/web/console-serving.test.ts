/**
 * How the service sends the web console: its page at / and at each of its sections with a strict CSP, its hashed
 * assets pre-compressed with a year's cache, its page with status 404 to a browser at an unknown address (the API's
 * JSON 404 under /v1 and to other clients), and nothing of it on a dashboard's own host.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CONSOLE_CSP, CONSOLE_SECTIONS, DEFAULT_CONSOLE_DIR } from '../../src/web/console.js'

const sqlite = testDbs.filter((d) => d.name === 'sqlite')

describe.each(sqlite)('the web console as served ($name)', (db) => {
  let t: TestApp
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })
  const entryScript = () => /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(`${DEFAULT_CONSOLE_DIR}/index.html`, 'utf8'))?.[1] ?? ''

  beforeAll(async () => {
    t = await startTestApp(db, { sites: { dashboardDomain: 'dash.test', statusPageDomain: null } })
  })
  afterAll(() => t.close())

  it.each(['/', ...CONSOLE_SECTIONS.flatMap((s) => [`/${s}`, `/${s}/some/deeper/path`])])('%s is the console page', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'; style-src 'self';.*connect-src 'self'.*frame-ancestors 'none'/)
    expect(res.body).toContain(entryScript())
  })

  it('sends the hashed assets compressed as asked, cached for a year', async () => {
    const script = entryScript()
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/)
    for (const [encoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(script, { 'accept-encoding': encoding })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(expected)
      expect(res.headers['cache-control']).toContain('immutable')
      expect(String(res.headers['content-type'])).toMatch(/javascript/)
    }
    // A production build, even though the tests (NODE_ENV=test) built it: no development JSX with source locations.
    expect((await get(script)).body).not.toMatch(/fileName:/)
    expect((await get('/assets/missing-0000.js')).statusCode).toBe(404)
  })

  it('leaves the API alone', async () => {
    const api = await get('/v1/checks')
    expect(api.statusCode).toBe(401)
  })

  const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
  it.each(['/no-such-page', '/no/such/page?x=1', '/-/nothing'])("shows a browser the console's page with status 404 at %s", async (url) => {
    const res = await get(url, HTML)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP)
    expect(res.body).toContain(entryScript())
  })

  it.each<[string, Record<string, string>]>([
    ['/no-such-page', {}],
    ['/no-such-page', { accept: 'application/json' }],
  ])('answers %s (%j) with the JSON 404 of the API', async (url, headers) => {
    const res = await get(url, headers)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })

  it.each(['/v1/no-such-route', '/v2/no-such-route', '/v1'])('answers an unknown API path %s with JSON, even to a browser', async (url) => {
    const res = await t.call('GET', url, undefined, HTML)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
  })

  it.each(['/checks/abc', '/no-such-page'])("shows a dashboard's host its page at %s, not the console", async (url) => {
    const res = await get(url, { host: 'nothing.dash.test', ...HTML })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain(entryScript())
  })
})
