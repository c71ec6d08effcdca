/** TCP monitors through the HTTP API: defaults, validation, update, read and delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { DEFAULT_ALERT_SETTINGS, EMPTY_ALERT_CHANNELS, UUID, checkApi, envVars, isIsoDate, type Json } from '../helpers/check-contract.js'


const SEGMENT = 'tcp'
const CREATE_URL = `/v1/checks/${SEGMENT}`

const minimal = (extra: Json = {}): Json => ({ name: 'TCP monitor', request: { hostname: 'example.com', port: 443 }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { hostname: 'example.com', port: 443, ...request }, ...extra })
const withAssertion = (assertion: Json): Json => withRequest({ assertions: [assertion] })

const DEFAULT_REQUEST = {
  hostname: 'example.com',
  port: 443,
  data: null,
  ipFamily: 'IPv4',
  assertions: [],
}

describe.each(testDbs)('TCP monitors on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  const { total, create, get, expectErrorBody, expectCreateRejected } = checkApi(() => t, CREATE_URL, minimal)

  describe('create', () => {
    it('returns 201 with every default for the minimal body', async () => {
      const res = await t.call('POST', CREATE_URL, minimal())
      expect(res.statusCode, res.body).toBe(201)
      const check = res.json()
      expect(check).toMatchObject({
        checkType: 'TCP',
        name: 'TCP monitor',
        activated: true,
        muted: false,
        doubleCheck: true,
        shouldFail: false,
        locations: [],
        privateLocations: [],
        tags: [],
        useGlobalAlertSettings: true,
        groupId: null,
        groupOrder: null,
        runtimeId: null,
        alertChannelSubscriptions: [],
        retryStrategy: null,
        triggerIncident: null,
        runParallel: false,
        description: null,
        frequency: 10,
        environmentVariables: [],
        degradedResponseTime: 3000,
        maxResponseTime: 5000,
        updated_at: null,
      })
      expect(check.id).toMatch(UUID)
      expect(check.request).toEqual(DEFAULT_REQUEST)
      expect(check.alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
      expect(check.alertChannels).toEqual(EMPTY_ALERT_CHANNELS)
      expect(Number.isInteger(check.frequencyOffset)).toBe(true)
      expect(check.frequencyOffset).toBeGreaterThanOrEqual(1)
      expect(check.frequencyOffset).toBeLessThanOrEqual(100)
      expect(isIsoDate(check.created_at)).toBe(true)
    })

    it('stores and returns every field that is given', async () => {
      const check = await create({
        name: 'Full TCP monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['us-east-2'],
        tags: ['db', 'tcp'],
        useGlobalAlertSettings: false,
        groupOrder: 1,
        runtimeId: '2024.02',
        retryStrategy: { type: 'EXPONENTIAL', baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] },
        runParallel: true,
        description: 'Postgres port',
        frequency: 2,
        frequencyOffset: 20,
        degradedResponseTime: 100,
        maxResponseTime: 200,
        request: {
          hostname: 'db.example.com',
          port: 5432,
          data: 'PING\r\n',
          ipFamily: 'IPv6',
          assertions: [
            { source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'PONG' },
            { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 150 },
          ],
        },
      })
      expect(check).toMatchObject({
        checkType: 'TCP',
        name: 'Full TCP monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['us-east-2'],
        tags: ['db', 'tcp'],
        useGlobalAlertSettings: false,
        groupOrder: 1,
        runtimeId: '2024.02',
        retryStrategy: { type: 'EXPONENTIAL', baseBackoffSeconds: 5, maxRetries: 3, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] },
        runParallel: true,
        description: 'Postgres port',
        frequency: 2,
        frequencyOffset: 20,
        degradedResponseTime: 100,
        maxResponseTime: 200,
      })
      expect(check.request).toEqual({
        hostname: 'db.example.com',
        port: 5432,
        data: 'PING\r\n',
        ipFamily: 'IPv6',
        assertions: [
          { source: 'RESPONSE_DATA', comparison: 'CONTAINS', property: '', target: 'PONG', regex: null },
          { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '150', regex: null },
        ],
      })
    })

    it.each(['127.0.0.1', '::1', '2001:db8::1', '[2001:db8::1]', 'localhost', 'my-host.internal', '{{DB_HOST}}'])('accepts the hostname %s', async (hostname) => {
      const check = await create(withRequest({ hostname }))
      expect(check.request.hostname).toBe(hostname)
    })

    it.each([1, 22, 65535])('accepts port %i', async (port) => {
      const check = await create(withRequest({ port }))
      expect(check.request.port).toBe(port)
    })

    it.each(['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'CONTAINS', 'NOT_CONTAINS'])('accepts a RESPONSE_DATA assertion with comparison %s', async (comparison) => {
      const check = await create(withAssertion({ source: 'RESPONSE_DATA', comparison, target: 'OK' }))
      expect(check.request.assertions).toEqual([{ source: 'RESPONSE_DATA', comparison, property: '', target: 'OK', regex: null }])
    })

    it('accepts boundary values: description 500, response times 0, groupOrder 0, 50 variables', async () => {
      const check = await create(minimal({ description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 0, groupOrder: 0, environmentVariables: envVars(50) }))
      expect(check.description).toHaveLength(500)
      expect(check.degradedResponseTime).toBe(0)
      expect(check.maxResponseTime).toBe(0)
      expect(check.groupOrder).toBe(0)
      expect(check.environmentVariables).toHaveLength(50)
    })

    it('accepts a null data and stores null', async () => {
      const check = await create(withRequest({ data: null }))
      expect(check.request.data).toBeNull()
    })
  })

  describe('frequency and frequencyOffset', () => {
    it.each([10, 20, 30])('frequency 0 accepts offset %i', async (frequencyOffset) => {
      const check = await create(minimal({ frequency: 0, frequencyOffset }))
      expect(check).toMatchObject({ frequency: 0, frequencyOffset })
    })

    it.each([
      [5, 50],
      [30, 300],
      [120, 2],
      [360, 6],
    ])('frequency %i accepts offset %i', async (frequency, frequencyOffset) => {
      const check = await create(minimal({ frequency, frequencyOffset }))
      expect(check).toMatchObject({ frequency, frequencyOffset })
    })

    it.each([
      [2, 20],
      [10, 100],
      [120, 2],
      [720, 12],
    ])('frequency %i without an offset gets a default offset in 1..%i', async (frequency, max) => {
      const check = await create(minimal({ frequency }))
      expect(check.frequency).toBe(frequency)
      expect(Number.isInteger(check.frequencyOffset)).toBe(true)
      expect(check.frequencyOffset).toBeGreaterThanOrEqual(1)
      expect(check.frequencyOffset).toBeLessThanOrEqual(max)
    })

    it.each<[string, Json]>([
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 with offset 5', { frequency: 0, frequencyOffset: 5 }],
      ['frequency 0 without an offset', { frequency: 0 }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['offset 0', { frequencyOffset: 0 }],
    ])('rejects %s', async (_label, extra) => {
      await expectCreateRejected(minimal(extra), 'frequencyOffset')
    })

    it.each([7, -1, 100])('rejects frequency %j', async (frequency) => {
      await expectCreateRejected(minimal({ frequency }), 'frequency')
    })
  })

  describe('validation', () => {
    it.each<[string, unknown, string]>([
      ['a missing name', { request: { hostname: 'example.com', port: 443 } }, 'name'],
      ['a missing request', { name: 'x' }, 'request'],
      ['a missing request.hostname', { name: 'x', request: { port: 443 } }, 'request.hostname'],
      ['a missing request.port', { name: 'x', request: { hostname: 'example.com' } }, 'request.port'],
      ['an empty hostname', withRequest({ hostname: '' }), 'request.hostname'],
      ['a hostname with scheme', withRequest({ hostname: 'https://example.com' }), 'request.hostname'],
      ['a hostname with scheme tcp', withRequest({ hostname: 'tcp://example.com' }), 'request.hostname'],
      ['a hostname with port', withRequest({ hostname: 'example.com:443' }), 'request.hostname'],
      ['an IPv4 address with port', withRequest({ hostname: '10.0.0.1:5432' }), 'request.hostname'],
      ['a bracketed IPv6 address with port', withRequest({ hostname: '[2001:db8::1]:443' }), 'request.hostname'],
      ['a hostname with a path', withRequest({ hostname: 'example.com/path' }), 'request.hostname'],
      ['a hostname with a space', withRequest({ hostname: 'example .com' }), 'request.hostname'],
      ['port 0', withRequest({ port: 0 }), 'request.port'],
      ['port 65536', withRequest({ port: 65536 }), 'request.port'],
      ['port -1', withRequest({ port: -1 }), 'request.port'],
      ['a fractional port', withRequest({ port: 44.3 }), 'request.port'],
      ['a string port', withRequest({ port: '443' }), 'request.port'],
      ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily'],
      ['numeric data', withRequest({ data: 42 }), 'request.data'],
      ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }), 'request.assertions[0].source'],
      ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source'],
      ['assertion comparison HAS_KEY', withAssertion({ source: 'RESPONSE_DATA', comparison: 'HAS_KEY', target: 'x' }), 'request.assertions[0].comparison'],
      ['assertion comparison FOO', withAssertion({ source: 'RESPONSE_DATA', comparison: 'FOO', target: 'x' }), 'request.assertions[0].comparison'],
      ['a RESPONSE_TIME target "abc"', withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'abc' }), 'request.assertions[0].target'],
      ['a RESPONSE_TIME with comparison CONTAINS', withAssertion({ source: 'RESPONSE_TIME', comparison: 'CONTAINS', target: '100' }), 'request.assertions[0].comparison'],
      ['a RESPONSE_DATA EQUALS without target', withAssertion({ source: 'RESPONSE_DATA', comparison: 'EQUALS' }), 'request.assertions[0].target'],
      ['location mars', minimal({ locations: ['mars'] }), 'locations[0]'],
      ['a repeated location', minimal({ locations: ['eu-west-1', 'eu-west-1'] }), 'locations'],
      ['runtimeId 2020.01', minimal({ runtimeId: '2020.01' }), 'runtimeId'],
      ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description'],
      ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime'],
      ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime'],
      ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder'],
      ['name 5', minimal({ name: 5 }), 'name'],
      ['activated "yes"', minimal({ activated: 'yes' }), 'activated'],
      ['runParallel "true"', minimal({ runParallel: 'true' }), 'runParallel'],
      ['tags "x"', minimal({ tags: 'x' }), 'tags'],
      ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables'],
    ])('rejects %s', async (_label, body, field) => {
      await expectCreateRejected(body, field)
    })

    it('answers a malformed JSON body with 400 and the error body, storing nothing', async () => {
      const before = await total()
      const res = await t.app.inject({
        method: 'POST',
        url: CREATE_URL,
        headers: { ...t.headers, 'content-type': 'application/json' },
        payload: '{bad',
      })
      expect(res.statusCode, res.body).toBe(400)
      expectErrorBody(res.json(), 400, 'Bad Request')
      expect(await total()).toBe(before)
    })
  })

  describe('update', () => {
    it('changes the given fields, keeps the absent ones and sets updated_at', async () => {
      const created = await create(minimal({ description: 'keep me', locations: ['eu-west-2'], tags: ['a'], frequency: 1, frequencyOffset: 7 }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, {
        name: 'Renamed',
        activated: false,
        request: { hostname: 'mail.example.com', port: 587 },
      })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({
        id: created.id,
        checkType: 'TCP',
        name: 'Renamed',
        activated: false,
        description: 'keep me',
        locations: ['eu-west-2'],
        tags: ['a'],
        frequency: 1,
        frequencyOffset: 7,
        degradedResponseTime: 3000,
        maxResponseTime: 5000,
        created_at: created.created_at,
      })
      expect(updated.request).toEqual({ ...DEFAULT_REQUEST, hostname: 'mail.example.com', port: 587 })
      expect(isIsoDate(updated.updated_at)).toBe(true)
      expect(await get(created.id)).toEqual(updated)
    })

    it('keeps locations when they are sent as null', async () => {
      const created = await create(minimal({ locations: ['sa-east-1', 'me-south-1'] }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { locations: null, name: 'Still here' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ name: 'Still here', locations: ['sa-east-1', 'me-south-1'] })
      expect((await get(created.id)).locations).toEqual(['sa-east-1', 'me-south-1'])
    })

    it.each<[string, Json, string]>([
      ['port 65536', { request: { hostname: 'example.com', port: 65536 } }, 'request.port'],
      ['a hostname with port', { request: { hostname: 'example.com:80', port: 80 } }, 'request.hostname'],
      ['a request without port', { request: { hostname: 'example.com' } }, 'request.port'],
      ['frequency 7', { frequency: 7 }, 'frequency'],
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }, 'frequencyOffset'],
      ['groupOrder -1', { groupOrder: -1 }, 'groupOrder'],
    ])('rejects an update with %s and leaves the stored check unchanged', async (_label, body, field) => {
      const created = await create(minimal({ description: 'original' }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Changed', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expectErrorBody(res.json(), 400, 'Bad Request')
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(created.id)).toEqual(created)
    })

    it('accepts the GET document as a PUT body (read-only fields ignored) and changes nothing but updated_at', async () => {
      const created = await create(withRequest({ data: 'PING', assertions: [{ source: 'RESPONSE_DATA', comparison: 'IS_EMPTY' }] }, { tags: ['t'], locations: ['eu-west-1'], frequency: 0, frequencyOffset: 10 }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, await get(created.id))
      expect(res.statusCode, res.body).toBe(200)
      const { updated_at: updatedAt, ...rest } = res.json()
      const { updated_at: _createdUpdatedAt, ...createdRest } = created
      expect(rest).toEqual(createdRest)
      expect(isIsoDate(updatedAt)).toBe(true)
    })

    it('answers 404 for an unknown id and creates nothing', async () => {
      const before = await total()
      const id = randomUUID()
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${id}`, { name: 'Ghost' })
      expect(res.statusCode, res.body).toBe(404)
      expectErrorBody(res.json(), 404, 'Not Found')
      expect(await total()).toBe(before)
      expect((await t.call('GET', `/v1/checks/${id}`)).statusCode).toBe(404)
    })

    it('answers 404 when the monitor is updated through the segment of another type', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/dns/${created.id}`, { name: 'Wrong type' })
      expect(res.statusCode, res.body).toBe(404)
      expectErrorBody(res.json(), 404, 'Not Found')
      expect(await get(created.id)).toEqual(created)
    })

    it('an API check cannot be updated through /v1/checks/tcp/{id}', async () => {
      const api = await t.call('POST', '/v1/checks/api', { name: 'API check', request: { url: 'https://example.com' } })
      expect(api.statusCode, api.body).toBe(201)
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${api.json().id}`, { name: 'Wrong type' })
      expect(res.statusCode, res.body).toBe(404)
      expect(await get(api.json().id)).toEqual(api.json())
    })
  })

  describe('read, list and delete', () => {
    it('GET /v1/checks/{id} returns the created document', async () => {
      const created = await create(withRequest({ data: 'HELO', assertions: [{ source: 'RESPONSE_DATA', comparison: 'NOT_EMPTY' }] }))
      expect(await get(created.id)).toEqual(created)
    })

    it('lists the monitor with its type', async () => {
      const created = await create(minimal({ name: 'Listed TCP monitor' }))
      const res = await t.call('GET', '/v1/checks?checkType=TCP&limit=100')
      expect(res.statusCode, res.body).toBe(200)
      const items = res.json() as Json[]
      expect(items.every((c) => c.checkType === 'TCP')).toBe(true)
      expect(items.find((c) => c.id === created.id)).toMatchObject({ id: created.id, checkType: 'TCP', name: 'Listed TCP monitor' })
    })

    it('DELETE answers 204 with an empty body, then GET and a second DELETE answer 404', async () => {
      const created = await create()
      const before = await total()
      const del = await t.call('DELETE', `/v1/checks/${created.id}`)
      expect(del.statusCode).toBe(204)
      expect(del.body).toBe('')
      expect(await total()).toBe(before - 1)
      const gone = await t.call('GET', `/v1/checks/${created.id}`)
      expect(gone.statusCode, gone.body).toBe(404)
      expectErrorBody(gone.json(), 404, 'Not Found')
      const again = await t.call('DELETE', `/v1/checks/${created.id}`)
      expect(again.statusCode, again.body).toBe(404)
      expectErrorBody(again.json(), 404, 'Not Found')
    })
  })
})
