/**
 * The names of the members every object inherits, sent wherever the service looks something up by a name the
 * request gives (query values, path segments, the part of a public page's address): each is an unknown value,
 * answered with a 400 naming the parameter (or a 404 for an unknown id or page), in the error body, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'

const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const

interface Ids {
  api: string
  heartbeat: string
}

type Place = [what: string, url: (key: string, ids: Ids) => string, status: 400 | 404, field: string | null]

const q = encodeURIComponent

/** Each place a given name is looked up in a table, and what its answer must be. */
const PLACES: Place[] = [
  ['metric list checkType', (k) => `/v1/analytics/metrics?checkType=${q(k)}`, 400, 'checkType'],
  ['API analytics filterByStatus', (k, ids) => `/v1/analytics/api-checks/${ids.api}?metrics=availability&filterByStatus=${q(k)}`, 400, 'filterByStatus'],
  ['heartbeat analytics filterByStatus', (k, ids) => `/v1/analytics/heartbeat-checks/${ids.heartbeat}?metrics=availability&filterByStatus=${q(k)}`, 400, 'filterByStatus'],
  ['analytics metrics', (k, ids) => `/v1/analytics/api-checks/${ids.api}?metrics=${q(k)}`, 400, 'metrics'],
  ['analytics groupBy', (k, ids) => `/v1/analytics/api-checks/${ids.api}?metrics=availability&groupBy=${q(k)}`, 400, 'groupBy'],
  ['analytics quickRange', (k, ids) => `/v1/analytics/api-checks/${ids.api}?metrics=availability&quickRange=${q(k)}`, 400, 'quickRange'],
  ['analytics route', (k, ids) => `/v1/analytics/${q(k)}/${ids.api}`, 404, null],
  ['analytics check id', (k) => `/v1/analytics/api-checks/${q(k)}?metrics=availability`, 404, null],
  ['check list checkType', (k) => `/v1/checks?checkType=${q(k)}`, 400, 'checkType'],
  ['badge style', (k, ids) => `/v1/badges/checks/${ids.api}?style=${q(k)}`, 400, 'style'],
  ['badge theme', (k, ids) => `/v1/badges/checks/${ids.api}?theme=${q(k)}`, 400, 'theme'],
  ['variable key', (k) => `/v1/variables/${q(k)}`, 404, null],
  ['dashboard id', (k) => `/v1/dashboards/${q(k)}`, 404, null],
  ['check id', (k) => `/v1/checks/${q(k)}`, 404, null],
  ['heartbeat events check id', (k) => `/v1/checks/heartbeats/${q(k)}/events`, 404, null],
  ['heartbeat event id', (k, ids) => `/v1/checks/heartbeats/${ids.heartbeat}/events/${q(k)}`, 404, null],
]

/** The public pages answer HTML, not the API's error body. */
const PAGES: Array<[what: string, url: (key: string) => string]> = [
  ['status page part', (k) => `/status-pages/acme/${q(k)}`],
  ['status page', (k) => `/status-pages/${q(k)}`],
  ['dashboard', (k) => `/dashboards/${q(k)}`],
]

describe.each(testDbs)('names of inherited members as request values on $name', (db) => {
  let t: TestApp
  const ids: Ids = { api: '', heartbeat: '' }
  beforeAll(async () => {
    t = await startTestApp(db)
    const created = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, body)
      expect(res.statusCode, res.body).toBe(201)
      return String(res.json<{ id: string }>().id)
    }
    ids.api = await created('/v1/checks/api?autoAssignAlerts=false', { name: 'API', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    ids.heartbeat = await created('/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'HB',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' },
    })
    await created('/v1/status-pages', { name: 'Acme', url: 'acme' })
  })
  afterAll(() => t.close())

  const cases = PLACES.flatMap(([what, url, status, field]) => KEYS.map((key) => [what, key, url, status, field] as const))
  it.each(cases)('%s %s answers its status with the error body', async (_what, key, url, status, field) => {
    const res = await t.call('GET', url(key, ids))
    expect(res.statusCode, res.body).toBe(status)
    const body = res.json<{ attributes: Record<string, unknown> }>()
    expect(body).toEqual({ statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found', message: expect.any(String), attributes: expect.any(Object) })
    if (field) expect(Object.keys(body.attributes)).toContain(field)
  })

  const pageCases = PAGES.flatMap(([what, url]) => KEYS.map((key) => [what, key, url] as const))
  it.each(pageCases)('public %s %s is a page that does not exist', async (_what, key, url) => {
    const res = await t.app.inject({ method: 'GET', url: url(key) })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
  })
})
