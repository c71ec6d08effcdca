/**
 * What a person reads in a 400: each field named, with a sentence about it (what is allowed, in words), never the
 * validator's own text; the message names each field with its reason too, for clients that print only the message. Contradictory response-time
 * thresholds are refused naming both fields, on create and on an update (judged on the merged check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectProblems } from '../helpers/bad-request.js'

type Json = Record<string, unknown>
const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }
const apiBody = (extra: Json = {}): Json => ({ name: 'Shop', activated: false, request: { url: 'https://shop.test/health' }, ...extra })
const RAW = [/must NOT/, /must match pattern/, />=|<=/, /must be [<>]/, /must have required property/, /must match format/, /\bfloor\(|\bceil\(/]

interface Case {
  name: string
  method?: 'POST' | 'PUT'
  url: string | (() => string)
  body: Json
  want: Record<string, RegExp>
}

describe.each(testDbs)('validation messages on $name', (db) => {
  let t: TestApp
  let apiCheckId = ''
  beforeAll(async () => {
    t = await startTestApp(db)
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', apiBody({ degradedResponseTime: 5000, maxResponseTime: 20000 }))
    expect(created.statusCode, created.body).toBe(201)
    apiCheckId = String(created.json().id)
  })
  afterAll(() => t.close())

  const cases: Case[] = [
    {
      name: 'pattern (private location slug)',
      url: '/v1/private-locations',
      body: { name: 'Office', slugName: 'bad slug!' },
      want: { slugName: /^Use letters, digits and dashes$/ },
    },
    {
      name: 'pattern (status page address)',
      url: '/v1/status-pages',
      body: { name: 'Shop', url: '-shop-' },
      want: { url: /^Use letters, digits and dashes, starting and ending with a letter or digit$/ },
    },
    {
      name: 'pattern (ping token)',
      url: '/v1/checks/heartbeat',
      body: { name: 'Backup', script: '', heartbeat: { ...HOURLY, pingToken: 'short' } },
      want: { 'heartbeat.pingToken': /^Use 8 to 128 letters, digits, dashes and underscores$/ },
    },
    {
      name: 'pattern (variable key)',
      url: '/v1/checks/api',
      body: apiBody({ environmentVariables: [{ key: '1ST', value: 'x' }] }),
      want: { 'environmentVariables[0].key': /^Use letters, digits and underscores, not starting with a digit$/ },
    },
    {
      name: 'minItems and format (incident)',
      url: '/v1/status-pages/incidents',
      body: { name: 'Down', severity: 'MAJOR', services: [], incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', publicIncidentUpdateDate: 'yesterday' }] },
      want: { services: /^must have at least one entry$/, 'incidentUpdates[0].publicIncidentUpdateDate': /^must be a valid date and time such as / },
    },
    { name: 'minimum', url: '/v1/checks/api', body: apiBody({ groupId: 0 }), want: { groupId: /^must be at least 1$/ } },
    { name: 'maximum', url: '/v1/checks/tcp', body: { name: 'Db', request: { hostname: 'db.test', port: 65536 } }, want: { 'request.port': /^must be at most 65535$/ } },
    {
      name: 'exclusiveMinimum',
      url: '/v1/checks/icmp',
      body: { name: 'Ping', script: '', heartbeat: {}, request: { hostname: 'db.test' }, degradedPacketLossThreshold: 0 },
      want: { degradedPacketLossThreshold: /^must be more than 0$/ },
    },
    { name: 'enum', url: '/v1/checks/api', body: apiBody({ frequency: 7 }), want: { frequency: /^must be one of: 0, 1, 2, 5, 10/ } },
    { name: 'type', url: '/v1/checks/api', body: apiBody({ activated: 'yes', tags: 'x' }), want: { activated: /^must be true or false$/, tags: /^must be a list$/ } },
    { name: 'uniqueItems', url: '/v1/checks/api', body: apiBody({ locations: ['eu-west-1', 'eu-west-1'] }), want: { locations: /^must not list the same entry twice/ } },
    {
      name: 'an option that is not supported, named',
      url: '/v1/checks/browser',
      body: { name: 'Home', script: "require('@playwright/test')", playwrightConfig: { workers: 2 } },
      want: { 'playwrightConfig.workers': /^is not a supported option$/ },
    },
    {
      name: 'frequencyOffset out of range for 5 minutes',
      url: '/v1/checks/api',
      body: apiBody({ frequency: 5, frequencyOffset: 51 }),
      want: { frequencyOffset: /^must be from 1 to 50 when the check runs every 5 minutes$/ },
    },
    {
      name: 'frequencyOffset out of range for 2 hours',
      url: '/v1/checks/api',
      body: apiBody({ frequency: 120, frequencyOffset: 3 }),
      want: { frequencyOffset: /^must be from 1 to 2 when the check runs every 2 hours$/ },
    },
    ...(
      [
        ['api', apiBody()],
        ['url', { name: 'Home', request: { url: 'https://shop.test' } }],
        ['tcp', { name: 'Db', request: { hostname: 'db.test', port: 5432 } }],
        ['dns', { name: 'Mx', request: { query: 'shop.test', recordType: 'MX' } }],
        ['icmp', { name: 'Ping', script: '', heartbeat: {}, request: { hostname: 'db.test' } }],
        ['heartbeat', { name: 'Backup', script: '', heartbeat: HOURLY }],
      ] as const
    ).flatMap(([segment, body]): Case[] => [
      {
        name: `degraded above max on create (${segment})`,
        url: `/v1/checks/${segment}`,
        body: { ...body, degradedResponseTime: 5000, maxResponseTime: 1000 },
        want: { degradedResponseTime: /^must be below maxResponseTime \(1000 ms\)/, maxResponseTime: /^must be above degradedResponseTime \(5000 ms\)$/ },
      },
      {
        name: `degraded equal to max on create (${segment})`,
        url: `/v1/checks/${segment}`,
        body: { ...body, degradedResponseTime: 1000, maxResponseTime: 1000 },
        want: { degradedResponseTime: /^must be below maxResponseTime \(1000 ms\)/, maxResponseTime: /^must be above degradedResponseTime \(1000 ms\)$/ },
      },
    ]),
    {
      name: 'an update lowering max under the stored degraded',
      method: 'PUT',
      url: () => `/v1/checks/api/${apiCheckId}`,
      body: { maxResponseTime: 1000 },
      want: { degradedResponseTime: /^must be below maxResponseTime \(1000 ms\)/, maxResponseTime: /^must be above degradedResponseTime \(5000 ms\)$/ },
    },
    {
      name: 'an update raising degraded over the stored max',
      method: 'PUT',
      url: () => `/v1/checks/api/${apiCheckId}`,
      body: { degradedResponseTime: 25000 },
      want: { degradedResponseTime: /^must be below maxResponseTime \(20000 ms\)/, maxResponseTime: /^must be above degradedResponseTime \(25000 ms\)$/ },
    },
  ]

  it.each(cases)('$name', async ({ method, url, body, want }) => {
    const res = await t.call(method ?? 'POST', `${typeof url === 'string' ? url : url()}?autoAssignAlerts=false`, body)
    expectProblems(res, want)
    const json = res.json<{ message: string; attributes: Record<string, string> }>()
    for (const [field, reason] of Object.entries(json.attributes)) expect(json.message).toContain(`"${field}" ${reason}`)
    for (const text of [json.message, ...Object.values(json.attributes)]) for (const raw of RAW) expect(text).not.toMatch(raw)
  })

  it('keeps the check as it was after a refused update', async () => {
    const stored = (await t.call('GET', `/v1/checks/${apiCheckId}`)).json<Json>()
    expect(stored).toMatchObject({ degradedResponseTime: 5000, maxResponseTime: 20000 })
  })

  it('accepts degraded just below max, and an update that moves both together', async () => {
    const ok = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', apiBody({ degradedResponseTime: 999, maxResponseTime: 1000 }))
    expect(ok.statusCode, ok.body).toBe(201)
    const moved = await t.call('PUT', `/v1/checks/api/${String(ok.json().id)}?autoAssignAlerts=false`, { degradedResponseTime: 25000, maxResponseTime: 30000 })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ degradedResponseTime: 25000, maxResponseTime: 30000 })
  })
})
