/** URL monitors through the HTTP API: defaults, validation, update, read and delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { DEFAULT_ALERT_SETTINGS, EMPTY_ALERT_CHANNELS, UUID, checkApi, envVars, isIsoDate, type Json } from '../helpers/check-contract.js'


const SEGMENT = 'url'
const CREATE_URL = `/v1/checks/${SEGMENT}`

const minimal = (extra: Json = {}): Json => ({ name: 'URL monitor', request: { url: 'https://example.com' }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { url: 'https://example.com', ...request }, ...extra })
const withAssertion = (assertion: Json): Json => withRequest({ assertions: [assertion] })

const DEFAULT_REQUEST = {
  method: 'GET',
  url: 'https://example.com',
  followRedirects: true,
  skipSSL: false,
  ipFamily: 'IPv4',
  assertions: [],
}

describe.each(testDbs)('URL monitors on $name', (db) => {
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
        checkType: 'URL',
        name: 'URL monitor',
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
        name: 'Full URL monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['ap-south-1', 'af-south-1'],
        tags: ['web'],
        useGlobalAlertSettings: false,
        alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 15 } },
        groupOrder: 4,
        runtimeId: '2026.04',
        retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 2, maxDurationSeconds: 120, sameRegion: true, onlyOn: ['NETWORK_ERROR'] },
        runParallel: true,
        description: 'Home page',
        frequency: 1,
        frequencyOffset: 10,
        degradedResponseTime: 800,
        maxResponseTime: 1500,
        request: {
          method: 'GET',
          url: 'http://example.com/health',
          followRedirects: false,
          skipSSL: true,
          ipFamily: 'IPv6',
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 },
            { source: 'STATUS_CODE', comparison: 'LESS_THAN', target: '400' },
          ],
        },
      })
      expect(check).toMatchObject({
        checkType: 'URL',
        name: 'Full URL monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['ap-south-1', 'af-south-1'],
        tags: ['web'],
        useGlobalAlertSettings: false,
        groupOrder: 4,
        runtimeId: '2026.04',
        retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 2, maxDurationSeconds: 120, sameRegion: true, onlyOn: ['NETWORK_ERROR'] },
        runParallel: true,
        description: 'Home page',
        frequency: 1,
        frequencyOffset: 10,
        degradedResponseTime: 800,
        maxResponseTime: 1500,
      })
      expect(check.alertSettings).toMatchObject({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 15 } })
      expect(check.request).toEqual({
        method: 'GET',
        url: 'http://example.com/health',
        followRedirects: false,
        skipSSL: true,
        ipFamily: 'IPv6',
        assertions: [
          { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null },
          { source: 'STATUS_CODE', comparison: 'LESS_THAN', property: '', target: '400', regex: null },
        ],
      })
    })

    it.each(['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'])('accepts a STATUS_CODE assertion with comparison %s', async (comparison) => {
      const check = await create(withAssertion({ source: 'STATUS_CODE', comparison, target: '300' }))
      expect(check.request.assertions).toEqual([{ source: 'STATUS_CODE', comparison, property: '', target: '300', regex: null }])
    })

    it('accepts boundary values: description 500, url 2048, response times 0 and 30000, groupOrder 0, 50 variables', async () => {
      const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`
      const check = await create(
        withRequest(
          { url },
          { description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, environmentVariables: envVars(50) },
        ),
      )
      expect(check.request.url).toBe(url)
      expect(check.description).toHaveLength(500)
      expect(check.degradedResponseTime).toBe(0)
      expect(check.maxResponseTime).toBe(30000)
      expect(check.groupOrder).toBe(0)
      expect(check.environmentVariables).toHaveLength(50)
    })

    it('accepts a URL that starts with a variable', async () => {
      const check = await create(withRequest({ url: '{{BASE_URL}}/health' }))
      expect(check.request.url).toBe('{{BASE_URL}}/health')
    })
  })

  describe('frequency and frequencyOffset', () => {
    it.each([
      [5, 50],
      [5, 1],
      [120, 2],
      [720, 12],
    ])('frequency %i accepts offset %i', async (frequency, frequencyOffset) => {
      const check = await create(minimal({ frequency, frequencyOffset }))
      expect(check).toMatchObject({ frequency, frequencyOffset })
    })

    it('frequency 0 accepts offset 30 (URL monitors accept frequency 0)', async () => {
      const check = await create(minimal({ frequency: 0, frequencyOffset: 30 }))
      expect(check).toMatchObject({ frequency: 0, frequencyOffset: 30 })
    })

    it.each([
      [1, 10],
      [15, 150],
      [60, 600],
      [180, 3],
      [1440, 24],
    ])('frequency %i without an offset gets a default offset in 1..%i', async (frequency, max) => {
      const check = await create(minimal({ frequency }))
      expect(check.frequency).toBe(frequency)
      expect(Number.isInteger(check.frequencyOffset)).toBe(true)
      expect(check.frequencyOffset).toBeGreaterThanOrEqual(1)
      expect(check.frequencyOffset).toBeLessThanOrEqual(max)
    })

    it.each<[string, Json]>([
      ['frequency 0 with offset 15', { frequency: 0, frequencyOffset: 15 }],
      ['frequency 0 without an offset', { frequency: 0 }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['frequency 720 with offset 13', { frequency: 720, frequencyOffset: 13 }],
      ['offset 0', { frequencyOffset: 0 }],
    ])('rejects %s', async (_label, extra) => {
      await expectCreateRejected(minimal(extra), 'frequencyOffset')
    })

    it.each([7, 3, 90, '10'])('rejects frequency %j', async (frequency) => {
      await expectCreateRejected(minimal({ frequency }), 'frequency')
    })
  })

  describe('validation', () => {
    it.each<[string, unknown, string]>([
      ['a missing name', { request: { url: 'https://example.com' } }, 'name'],
      ['a missing request', { name: 'x' }, 'request'],
      ['a missing request.url', { name: 'x', request: {} }, 'request.url'],
      ['a request.url without scheme', withRequest({ url: 'example.com' }), 'request.url'],
      ['a request.url with scheme ftp', withRequest({ url: 'ftp://example.com/file' }), 'request.url'],
      ['a request.url with scheme ws', withRequest({ url: 'ws://example.com' }), 'request.url'],
      ['a request.url of 2049 characters', withRequest({ url: `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}` }), 'request.url'],
      ['method POST', withRequest({ method: 'POST' }), 'request.method'],
      ['method HEAD', withRequest({ method: 'HEAD' }), 'request.method'],
      ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily'],
      ['skipSSL "no"', withRequest({ skipSSL: 'no' }), 'request.skipSSL'],
      ['assertion source JSON_BODY', withAssertion({ source: 'JSON_BODY', property: '$.a', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source'],
      ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source'],
      ['assertion comparison CONTAINS', withAssertion({ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '200' }), 'request.assertions[0].comparison'],
      ['assertion comparison FOO', withAssertion({ source: 'STATUS_CODE', comparison: 'FOO', target: '200' }), 'request.assertions[0].comparison'],
      ['a STATUS_CODE target "abc"', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }), 'request.assertions[0].target'],
      ['a fractional STATUS_CODE target', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200.5' }), 'request.assertions[0].target'],
      ['a STATUS_CODE without target', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS' }), 'request.assertions[0].target'],
      ['location mars', minimal({ locations: ['eu-west-1', 'mars'] }), 'locations[1]'],
      ['runtimeId latest', minimal({ runtimeId: 'latest' }), 'runtimeId'],
      ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description'],
      ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime'],
      ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime'],
      ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder'],
      ['name 5', minimal({ name: 5 }), 'name'],
      ['activated "yes"', minimal({ activated: 'yes' }), 'activated'],
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
      const created = await create(
        withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }, { description: 'keep me', locations: ['eu-north-1'], tags: ['a'], frequency: 30 }),
      )
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Renamed', maxResponseTime: 4000, shouldFail: true })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({
        id: created.id,
        checkType: 'URL',
        name: 'Renamed',
        maxResponseTime: 4000,
        shouldFail: true,
        degradedResponseTime: 3000,
        description: 'keep me',
        locations: ['eu-north-1'],
        tags: ['a'],
        frequency: 30,
        frequencyOffset: created.frequencyOffset,
        created_at: created.created_at,
      })
      expect(updated.request).toEqual(created.request)
      expect(isIsoDate(updated.updated_at)).toBe(true)
      expect(await get(created.id)).toEqual(updated)

      const newRequest = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { request: { url: 'https://example.org' } })
      expect(newRequest.statusCode, newRequest.body).toBe(200)
      expect(newRequest.json().request).toEqual({ ...DEFAULT_REQUEST, url: 'https://example.org' })
      expect(newRequest.json().name).toBe('Renamed')
    })

    it('keeps locations when they are sent as null', async () => {
      const created = await create(minimal({ locations: ['eu-west-1', 'us-west-2'] }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { locations: null })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().locations).toEqual(['eu-west-1', 'us-west-2'])
      expect((await get(created.id)).locations).toEqual(['eu-west-1', 'us-west-2'])
    })

    it.each<[string, Json, string]>([
      ['method POST', { request: { url: 'https://example.com', method: 'POST' } }, 'request.method'],
      ['a URL without scheme', { request: { url: 'example.com' } }, 'request.url'],
      ['frequency 7', { frequency: 7 }, 'frequency'],
      ['frequency 0 without an offset', { frequency: 0 }, 'frequencyOffset'],
      ['activated "yes"', { activated: 'yes' }, 'activated'],
    ])('rejects an update with %s and leaves the stored check unchanged', async (_label, body, field) => {
      const created = await create(minimal({ description: 'original' }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Changed', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expectErrorBody(res.json(), 400, 'Bad Request')
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(created.id)).toEqual(created)
    })

    it('accepts the GET document as a PUT body (read-only fields ignored) and changes nothing but updated_at', async () => {
      const created = await create(withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 }] }, { tags: ['t'], locations: ['eu-west-1'], retryStrategy: { type: 'FIXED', onlyOn: ['NETWORK_ERROR'] } }))
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
      const res = await t.call('PUT', `/v1/checks/api/${created.id}`, { name: 'Wrong type' })
      expect(res.statusCode, res.body).toBe(404)
      expectErrorBody(res.json(), 404, 'Not Found')
      expect(await get(created.id)).toEqual(created)
    })
  })

  describe('read, list and delete', () => {
    it('GET /v1/checks/{id} returns the created document', async () => {
      const created = await create(minimal({ tags: ['read'], locations: ['eu-west-3'] }))
      expect(await get(created.id)).toEqual(created)
    })

    it('lists the monitor with its type', async () => {
      const created = await create(minimal({ name: 'Listed URL monitor' }))
      const res = await t.call('GET', '/v1/checks?checkType=URL&limit=100')
      expect(res.statusCode, res.body).toBe(200)
      const items = res.json() as Json[]
      expect(items.every((c) => c.checkType === 'URL')).toBe(true)
      expect(items.find((c) => c.id === created.id)).toMatchObject({ id: created.id, checkType: 'URL', name: 'Listed URL monitor' })
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
