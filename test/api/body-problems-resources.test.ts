/**
 * Every resource whose body has schema rules and domain rules answers every problem in one 400: a body with a
 * schema problem and a rule's problem in another field names both, and nothing is written. A body that is not an
 * object, or holds containers of the wrong type, is a 400, never a 500. (Checks and groups: body-problems.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectProblems } from '../helpers/bad-request.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions
type Method = 'POST' | 'PUT' | 'PATCH'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const INCIDENTS = '/v1/status-pages/incidents'
const future = () => new Date(Date.now() + 86_400_000).toISOString()

const created = (res: LightMyRequestResponse, status = 201): Json => {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<Json>()
}

describe.each(testDbs)('every problem of a resource body in one 400 on $name', (db) => {
  let t: TestApp
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    t = await startTestApp(db)
    ids.channel = String(created(await t.call('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@acme.test' } })).id)
    ids.window = String(created(await t.call('POST', '/v1/maintenance-windows', { name: 'Nightly', startsAt: '2026-05-01T22:00:00Z', endsAt: '2026-05-01T23:00:00Z' })).id)
    ids.dashboard = String(created(await t.call('POST', '/v1/dashboards', { header: 'Ops', customUrl: 'ops-board' })).dashboardId)
    ids.location = String(created(await t.call('POST', '/v1/private-locations', { name: 'Basement', slugName: 'basement' })).id)
    ids.snippet = String(created(await t.call('POST', '/v1/snippets', { name: 'login', script: 'await login()' })).id)
    created(await t.call('POST', '/v1/variables', { key: 'API_HOST', value: 'api.acme.test' }))
    const service = created(await t.call('POST', '/v1/status-pages/services', { name: 'API' }), 200)
    ids.page = String(created(await t.call('POST', '/v1/status-pages', { name: 'Acme', url: 'acme-status' })).id)
    const incident = created(
      await t.call('POST', INCIDENTS, { name: 'Slow API', severity: 'MINOR', services: [service.id], incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING' }] }),
    )
    ids.incident = String(incident.id)
    ids.incidentUpdate = String(incident.incidentUpdates[0].id)
  })
  afterAll(() => t.close())

  const get = (url: string) => async () => {
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<unknown>()
  }
  const sessionCount = async () => (await t.store.db.selectFrom('check_sessions').select('id').execute()).length

  interface Case {
    name: string
    method: Method
    url: () => string
    body: () => Json
    want: Record<string, RegExp>
    /** What must read the same before and after the refused write. */
    probe: () => () => Promise<unknown>
  }
  const cases: Case[] = [
    {
      name: 'alert channel create: a flag of the wrong type and a bad address',
      method: 'POST',
      url: () => '/v1/alert-channels',
      body: () => ({ type: 'EMAIL', config: { address: 'not-an-address' }, sendFailure: 'yes' }),
      want: { sendFailure: /must be true or false/, 'config.address': /valid e-mail address/ },
      probe: () => get('/v1/alert-channels?limit=100'),
    },
    {
      name: 'alert channel update: a threshold out of range and a bad address',
      method: 'PUT',
      url: () => `/v1/alert-channels/${ids.channel}`,
      body: () => ({ config: { address: 'x' }, sslExpiryThreshold: 99 }),
      want: { sslExpiryThreshold: /must be at most 30/, 'config.address': /valid e-mail address/ },
      probe: () => get(`/v1/alert-channels/${ids.channel}`),
    },
    {
      name: 'alert channel subscription: activated of the wrong type and an unknown check',
      method: 'PUT',
      url: () => `/v1/alert-channels/${ids.channel}/subscriptions`,
      body: () => ({ checkId: UNKNOWN, activated: 'yes' }),
      want: { activated: /must be true or false/, checkId: /check 00000000-0000-4000-8000-000000000000 does not exist/ },
      probe: () => get(`/v1/alert-channels/${ids.channel}`),
    },
    {
      name: 'maintenance window create: an empty name and an end before the start',
      method: 'POST',
      url: () => '/v1/maintenance-windows',
      body: () => ({ name: '', startsAt: '2026-05-02T00:00:00Z', endsAt: '2026-05-01T00:00:00Z' }),
      want: { name: /must not be empty/, endsAt: /must be after startsAt/ },
      probe: () => get('/v1/maintenance-windows?limit=100'),
    },
    {
      name: 'maintenance window update: tags that are not a list and a repeat without its unit',
      method: 'PUT',
      url: () => `/v1/maintenance-windows/${ids.window}`,
      body: () => ({ tags: 'prod', repeatInterval: 2 }),
      want: { tags: /must be a list/, repeatUnit: /required when repeatInterval is set/ },
      probe: () => get(`/v1/maintenance-windows/${ids.window}`),
    },
    {
      name: 'dashboard create: a header of the wrong type and a bad subdomain',
      method: 'POST',
      url: () => '/v1/dashboards',
      body: () => ({ header: 7, customUrl: 'Not Valid' }),
      want: { header: /must be text/, customUrl: /a-z, 0-9 and dashes/ },
      probe: () => get('/v1/dashboards?limit=100'),
    },
    {
      name: 'dashboard update: an unknown refresh rate and a logo that is not http(s)',
      method: 'PUT',
      url: () => `/v1/dashboards/${ids.dashboard}`,
      body: () => ({ refreshRate: 7, logo: 'ftp://logo.test/logo.png' }),
      want: { refreshRate: /must be one of/, logo: /http\(s\) URL/ },
      probe: () => get(`/v1/dashboards/${ids.dashboard}`),
    },
    {
      name: 'private location create: an empty name and a slug that looks like a region',
      method: 'POST',
      url: () => '/v1/private-locations',
      body: () => ({ name: '', slugName: 'us-east-1' }),
      want: { name: /must not be empty/, slugName: /data-center region/ },
      probe: () => get('/v1/private-locations'),
    },
    {
      name: 'private location update: an empty icon and a proxy that is not http(s)',
      method: 'PUT',
      url: () => `/v1/private-locations/${ids.location}`,
      body: () => ({ name: 'Cellar', icon: '', proxyUrl: 'ftp://proxy.test' }),
      want: { icon: /must not be empty/, proxyUrl: /must start with http/ },
      probe: () => get(`/v1/private-locations/${ids.location}`),
    },
    {
      name: 'snippet create: a blank name and a script that is not text',
      method: 'POST',
      url: () => '/v1/snippets',
      body: () => ({ name: '   ', script: 42 }),
      want: { name: /must not be blank/, script: /must be text/ },
      probe: () => get('/v1/snippets?limit=100'),
    },
    {
      name: 'snippet update: a blank name and a script that is not text',
      method: 'PUT',
      url: () => `/v1/snippets/${ids.snippet}`,
      body: () => ({ name: '   ', script: 42 }),
      want: { name: /must not be blank/, script: /must be text/ },
      probe: () => get(`/v1/snippets/${ids.snippet}`),
    },
    {
      name: 'variable update: locked of the wrong type and a new key',
      method: 'PUT',
      url: () => '/v1/variables/API_HOST',
      body: () => ({ key: 'OTHER', value: 'v', locked: 'yes' }),
      want: { locked: /must be true or false/, key: /cannot be changed/ },
      probe: () => get('/v1/variables/API_HOST'),
    },
    {
      name: 'status page create: an empty name and a card showing an unknown service',
      method: 'POST',
      url: () => '/v1/status-pages',
      body: () => ({ name: '', url: 'fresh-page', cards: [{ name: 'Core', services: [UNKNOWN] }] }),
      want: { name: /must not be empty/, 'cards[0].services[0]': /does not exist/ },
      probe: () => get('/v1/status-pages?limit=100'),
    },
    {
      name: 'status page update: an unknown theme and a card showing an unknown service',
      method: 'PUT',
      url: () => `/v1/status-pages/${ids.page}`,
      body: () => ({ defaultTheme: 'NEON', cards: [{ name: 'Core', services: [{ id: UNKNOWN }] }] }),
      want: { defaultTheme: /must be one of/, 'cards[0].services[0]': /does not exist/ },
      probe: () => get(`/v1/status-pages/${ids.page}`),
    },
    {
      name: 'incident create: an unknown severity and an unknown service',
      method: 'POST',
      url: () => INCIDENTS,
      body: () => ({ name: 'Outage', severity: 'HUGE', services: [UNKNOWN], incidentUpdates: [{ description: 'Down', status: 'INVESTIGATING' }] }),
      want: { severity: /must be one of/, 'services[0]': /does not exist/ },
      probe: () => get(`${INCIDENTS}?limit=100`),
    },
    {
      name: 'incident create: an empty first update and a date in the future',
      method: 'POST',
      url: () => INCIDENTS,
      body: () => ({ name: 'Outage', severity: 'MAJOR', services: [UNKNOWN], incidentUpdates: [{ description: '', status: 'INVESTIGATING', publicIncidentUpdateDate: future() }] }),
      want: {
        'incidentUpdates[0].description': /must not be empty/,
        'incidentUpdates[0].publicIncidentUpdateDate': /must not be in the future/,
        'services[0]': /does not exist/,
      },
      probe: () => get(`${INCIDENTS}?limit=100`),
    },
    {
      name: 'incident update: an empty name and an unknown service',
      method: 'PUT',
      url: () => `${INCIDENTS}/${ids.incident}`,
      body: () => ({ name: '', services: [UNKNOWN] }),
      want: { name: /must not be empty/, 'services[0]': /does not exist/ },
      probe: () => get(`${INCIDENTS}/${ids.incident}`),
    },
    {
      name: 'incident update post: an empty description and a date in the future',
      method: 'POST',
      url: () => `${INCIDENTS}/${ids.incident}/incident-updates`,
      body: () => ({ description: '', status: 'MONITORING', publicIncidentUpdateDate: future() }),
      want: { description: /must not be empty/, publicIncidentUpdateDate: /must not be in the future/ },
      probe: () => get(`${INCIDENTS}/${ids.incident}`),
    },
    {
      name: 'incident update change: an unknown status and a date in the future',
      method: 'PATCH',
      url: () => `${INCIDENTS}/${ids.incident}/incident-updates/${ids.incidentUpdate}`,
      body: () => ({ status: 'DONE', publicIncidentUpdateDate: future() }),
      want: { status: /must be one of/, publicIncidentUpdateDate: /must not be in the future/ },
      probe: () => get(`${INCIDENTS}/${ids.incident}`),
    },
    {
      name: 'status page subscription: an unknown type and an address that is not one',
      method: 'POST',
      url: () => `/v1/status-pages/${ids.page}/subscriptions`,
      body: () => ({ address: 'not-an-address', type: 'SMS' }),
      want: { type: /must be one of/, address: /must be an e-mail address/ },
      probe: () => get(`/v1/status-pages/${ids.page}/subscriptions?limit=100`),
    },
    {
      name: 'check session trigger: refreshCache of the wrong type and a target naming nothing',
      method: 'POST',
      url: () => '/v1/check-sessions/trigger',
      body: () => ({ target: {}, refreshCache: 'yes' }),
      want: { refreshCache: /must be true or false/, target: /must name checkId or matchTags/ },
      probe: () => sessionCount,
    },
  ]

  it.each(cases)('$name', async ({ method, url, body, want, probe }) => {
    const read = probe()
    const before = await read()
    const res = await t.call(method, url(), body())
    expectProblems(res, want)
    expect(await read()).toEqual(before)
  })

  const shapeless = [
    { name: 'a JSON string', payload: '"just text"' },
    { name: 'a JSON array', payload: '[1, 2]' },
    { name: 'null', payload: 'null' },
    {
      name: 'fields that are the wrong containers',
      payload: JSON.stringify({
        name: [],
        config: 'x',
        tags: {},
        cards: 'x',
        services: 'x',
        incidentUpdates: 'x',
        target: 'x',
        checkId: {},
        address: [],
        description: {},
        script: [],
      }),
    },
    {
      name: 'lists of the wrong things',
      payload: JSON.stringify({
        cards: ['x', null],
        services: [null, 5, { id: 7 }],
        incidentUpdates: [null],
        target: { checkId: 'x', matchTags: [null] },
        config: [],
        tags: [null],
        value: ['x'],
        status: ['RESOLVED'],
      }),
    },
  ]
  it.each(shapeless)('answers 400, never 500, for $name', async ({ payload }) => {
    const before = await sessionCount()
    for (const { method, url } of cases) {
      const res = await t.app.inject({ method, url: url(), payload, headers: { ...t.headers, 'content-type': 'application/json' } })
      expect(res.statusCode, `${method} ${url()} ${res.body}`).toBe(400)
      expect(Object.keys(res.json().attributes).length, url()).toBeGreaterThan(0)
    }
    expect(await sessionCount()).toBe(before)
  })

  it('still answers 404 for an unknown resource and 409 for a taken name, once the body has no other problem', async () => {
    expect((await t.call('PUT', '/v1/alert-channels/424242', { sendFailure: 'yes' })).statusCode).toBe(404)
    expect((await t.call('PUT', `${INCIDENTS}/${UNKNOWN}`, { name: '' })).statusCode).toBe(404)
    const taken = await t.call('POST', '/v1/private-locations', { name: 'Again', slugName: 'basement' })
    expect(taken.statusCode, taken.body).toBe(409)
    const takenAndBad = await t.call('POST', '/v1/private-locations', { name: 'Again', slugName: 'basement', proxyUrl: 'ftp://proxy.test' })
    expect(takenAndBad.statusCode).toBe(400)
    expect(takenAndBad.json().attributes).toEqual({ proxyUrl: expect.stringMatching(/must start with http/) })
  })
})
