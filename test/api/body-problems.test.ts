/**
 * A body with several problems gets them all in one 400: the schema's (types, ranges, enums), the domain rules'
 * (cross-field rules) and the references' (ids that must exist), each named by its field. Nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectProblems } from '../helpers/bad-request.js'

type Json = Record<string, unknown>
const NO_CHANNEL = 99_999
const NO_GROUP = 424_242

describe.each(testDbs)('every problem of a body in one 400 on $name', (db) => {
  let t: TestApp
  let apiCheckId = ''
  let groupId = 0
  beforeAll(async () => {
    t = await startTestApp(db)
    const api = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Existing', activated: false, request: { url: 'https://shop.test/health' } })
    expect(api.statusCode, api.body).toBe(201)
    apiCheckId = String(api.json().id)
    const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Existing group' })
    expect(group.statusCode, group.body).toBe(201)
    groupId = Number(group.json().id)
  })
  afterAll(() => t.close())

  const cases: Array<{ name: string; method: 'POST' | 'PUT'; url: () => string; body: Json; want: Record<string, RegExp> }> = [
    {
      name: 'API check: schema, rule and reference problems',
      method: 'POST',
      url: () => '/v1/checks/api',
      body: {
        name: '',
        frequency: 7,
        request: { url: 'ftp://shop.test', method: 'FETCH', assertions: [{ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '200' }] },
        alertChannelSubscriptions: [{ alertChannelId: NO_CHANNEL, activated: true }],
      },
      want: {
        name: /must not be empty/,
        frequency: /must be one of/,
        'request.method': /must be one of/,
        'request.url': /must start with http:\/\/ or https:\/\//,
        'request.assertions[0].comparison': /must be EQUALS, NOT_EQUALS, LESS_THAN or GREATER_THAN/,
        'alertChannelSubscriptions[0].alertChannelId': /alert channel 99999 does not exist/,
      },
    },
    {
      name: 'heartbeat check: schema, rule and reference problems',
      method: 'POST',
      url: () => '/v1/checks/heartbeat',
      body: { name: 'Cron', script: '', description: 'd'.repeat(501), groupId: NO_GROUP, heartbeat: { period: 10, periodUnit: 'seconds', grace: 400, graceUnit: 'days' } },
      want: {
        description: /at most 500 characters/,
        'heartbeat.period': /from 30 seconds to 365 days/,
        'heartbeat.grace': /at most 365 days/,
        groupId: /check group 424242 does not exist/,
      },
    },
    {
      name: 'TCP check: a missing field, a bad port and a host with a port',
      method: 'POST',
      url: () => '/v1/checks/tcp',
      body: { request: { hostname: 'db.test:5432', port: 70_000 }, setupSnippetId: 777 },
      want: { name: /is required/, 'request.port': /must be at most 65535/, 'request.hostname': /must not include a port/ },
    },
    {
      name: 'URL check: a bad type and a bad URL',
      method: 'POST',
      url: () => '/v1/checks/url',
      body: { name: 'Home', muted: 'yes', request: { url: 'not a url' } },
      want: { muted: /must be true or false/, 'request.url': /must start with http/ },
    },
    {
      name: 'update of an API check: schema, rule and reference problems',
      method: 'PUT',
      url: () => `/v1/checks/api/${apiCheckId}`,
      body: { degradedResponseTime: 40_000, frequency: 0, request: { url: 'gopher://x' }, privateLocations: ['nowhere'] },
      want: {
        degradedResponseTime: /must be at most 30000/,
        frequencyOffset: /required when frequency is 0/,
        'request.url': /must start with http/,
        'privateLocations[0]': /private location nowhere does not exist/,
      },
    },
    {
      name: 'check group: schema, rule and reference problems',
      method: 'POST',
      url: () => '/v2/check-groups',
      body: {
        name: 'Shop',
        concurrency: 0,
        tags: 'shop',
        apiCheckDefaults: { url: 'ftp://base', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }] },
        retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 3 },
        alertChannelSubscriptions: [{ alertChannelId: NO_CHANNEL, activated: true }],
      },
      want: {
        concurrency: /must be at least 1/,
        tags: /must be a list/,
        'apiCheckDefaults.url': /must start with http/,
        'apiCheckDefaults.assertions[0].target': /must be a number/,
        'retryStrategy.maxRetries': /not allowed with type SINGLE_RETRY/,
        'alertChannelSubscriptions[0].alertChannelId': /alert channel 99999 does not exist/,
      },
    },
    {
      name: 'update of a check group: schema, rule and reference problems',
      method: 'PUT',
      url: () => `/v2/check-groups/${groupId}`,
      body: { name: ' ', locations: ['mars-1'], setupSnippetId: 555, apiCheckDefaults: { url: 'mailto:x@y.z' } },
      want: { 'locations[0]': /must be one of/, name: /must not be blank/, 'apiCheckDefaults.url': /must start with http/, setupSnippetId: /snippet 555 does not exist/ },
    },
  ]

  it.each(cases)('$name', async ({ method, url, body, want }) => {
    const before = (await t.call('GET', '/v1/checks?limit=100')).json<Json[]>().length
    const res = await t.call(method, `${url()}?autoAssignAlerts=false`, body)
    expectProblems(res, want)
    expect((await t.call('GET', '/v1/checks?limit=100')).json<Json[]>().length).toBe(before)
  })

  it('keeps the schema reason for a field the rules would also judge', async () => {
    // request.url fails its schema (too long): the rules' reason about it (not http) is not added.
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'x', request: { url: `ftp://${'a'.repeat(2100)}` }, frequency: 7 })
    expect(res.statusCode).toBe(400)
    expect(res.json().attributes).toEqual({ 'request.url': 'must be at most 2048 characters long', frequency: expect.stringMatching(/must be one of/) })
  })

  const everyWrite = (): Array<['POST' | 'PUT', string]> => [
    ['POST', '/v1/checks/api'],
    ['PUT', `/v1/checks/api/${apiCheckId}`],
    ['POST', '/v2/check-groups'],
    ['PUT', `/v2/check-groups/${groupId}`],
  ]
  const checkWrites = (): Array<['POST' | 'PUT', string]> => everyWrite().slice(0, 2)
  it.each([
    { name: 'a JSON string', payload: '"just text"', writes: everyWrite },
    { name: 'a JSON array', payload: '[1, 2]', writes: everyWrite },
    { name: 'null', payload: 'null', writes: everyWrite },
    { name: 'a request that is a string', payload: JSON.stringify({ name: 'x', request: 'https://shop.test' }), writes: checkWrites },
    { name: 'assertions that are not a list', payload: JSON.stringify({ name: 'x', request: { url: 'ftp://x', assertions: 'all good' } }), writes: checkWrites },
    { name: 'defaults that are not an object', payload: JSON.stringify({ name: 'x', apiCheckDefaults: 'none', environmentVariables: 'A=1' }), writes: () => everyWrite().slice(2) },
  ])('answers 400, never 500, for $name', async ({ payload, writes }) => {
    for (const [method, url] of writes()) {
      const res = await t.app.inject({ method, url, payload, headers: { ...t.headers, 'content-type': 'application/json' } })
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400)
      expect(Object.keys(res.json().attributes).length, url).toBeGreaterThan(0)
    }
  })

  it('still reports a problem in the path or the query on its own', async () => {
    const res = await t.call('PUT', `/v1/checks/api/${'x'.repeat(101)}`, { name: '' })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().attributes)).toEqual(['id'])
    expect((await t.call('PUT', '/v1/checks/api/7d0e4a63-0000-4000-8000-000000000000', { name: '' })).statusCode).toBe(404)
  })
})
