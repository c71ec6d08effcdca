/** API checks through the HTTP API: defaults, validation, update, read and delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { DEFAULT_ALERT_SETTINGS, EMPTY_ALERT_CHANNELS, UUID, checkApi, envVars, isIsoDate, type Json } from '../helpers/check-contract.js'


const SEGMENT = 'api'
const CREATE_URL = `/v1/checks/${SEGMENT}`

const minimal = (extra: Json = {}): Json => ({ name: 'API check', request: { url: 'https://example.com' }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { url: 'https://example.com', ...request }, ...extra })
const withAssertion = (assertion: Json): Json => withRequest({ assertions: [assertion] })

const DEFAULT_REQUEST = {
  method: 'GET',
  url: 'https://example.com',
  followRedirects: true,
  skipSSL: false,
  ipFamily: 'IPv4',
  body: '',
  bodyType: 'NONE',
  headers: [],
  queryParameters: [],
  assertions: [],
  basicAuth: null,
}

describe.each(testDbs)('API checks on $name', (db) => {
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
        checkType: 'API',
        name: 'API check',
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
        degradedResponseTime: 5000,
        maxResponseTime: 20000,
        setupSnippetId: null,
        tearDownSnippetId: null,
        localSetupScript: null,
        localTearDownScript: null,
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
        name: 'Full API check',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-west-1', 'us-east-1'],
        tags: ['prod', 'api'],
        alertSettings: {
          escalationType: 'RUN_BASED',
          runBasedEscalation: { failedRunThreshold: 3 },
          reminders: { amount: 2, interval: 10 },
          parallelRunFailureThreshold: { enabled: true, percentage: 50 },
        },
        useGlobalAlertSettings: false,
        groupOrder: 0,
        runtimeId: '2025.04',
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 3, maxDurationSeconds: 300, sameRegion: false, onlyOn: ['NETWORK_ERROR'] },
        runParallel: true,
        description: 'Checks the public API',
        frequency: 5,
        frequencyOffset: 50,
        degradedResponseTime: 1000,
        maxResponseTime: 2000,
        localSetupScript: 'request.headers["x-setup"] = "1"',
        localTearDownScript: 'response.body = ""',
        environmentVariables: [{ key: 'TOKEN', value: 'abc', locked: true }],
        request: {
          method: 'POST',
          url: 'https://example.com/api?x=1',
          followRedirects: false,
          skipSSL: true,
          ipFamily: 'IPv6',
          body: '{"a":1}',
          bodyType: 'JSON',
          headers: [{ key: 'X-Test', value: '1' }],
          queryParameters: [{ key: 'q', value: 'v', locked: true }],
          basicAuth: { username: 'user', password: 'secret' },
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 },
            { source: 'JSON_BODY', property: '$.data.id', comparison: 'NOT_EMPTY' },
            { source: 'LATENCY', comparison: 'LESS_THAN', target: '500' },
            { source: 'HEADERS', property: 'content-type', comparison: 'CONTAINS', target: 'json' },
          ],
        },
      })
      expect(check).toMatchObject({
        checkType: 'API',
        name: 'Full API check',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-west-1', 'us-east-1'],
        tags: ['prod', 'api'],
        useGlobalAlertSettings: false,
        groupOrder: 0,
        runtimeId: '2025.04',
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 3, maxDurationSeconds: 300, sameRegion: false, onlyOn: ['NETWORK_ERROR'] },
        runParallel: true,
        description: 'Checks the public API',
        frequency: 5,
        frequencyOffset: 50,
        degradedResponseTime: 1000,
        maxResponseTime: 2000,
        localSetupScript: 'request.headers["x-setup"] = "1"',
        localTearDownScript: 'response.body = ""',
        updated_at: null,
      })
      expect(check.alertSettings).toMatchObject({
        escalationType: 'RUN_BASED',
        runBasedEscalation: { failedRunThreshold: 3 },
        reminders: { amount: 2, interval: 10 },
        parallelRunFailureThreshold: { enabled: true, percentage: 50 },
      })
      expect(check.environmentVariables).toHaveLength(1)
      expect(check.environmentVariables[0]).toMatchObject({ key: 'TOKEN', value: 'abc', locked: true })
      expect(check.request).toEqual({
        method: 'POST',
        url: 'https://example.com/api?x=1',
        followRedirects: false,
        skipSSL: true,
        ipFamily: 'IPv6',
        body: '{"a":1}',
        bodyType: 'JSON',
        headers: [{ key: 'X-Test', value: '1', locked: false }],
        queryParameters: [{ key: 'q', value: 'v', locked: true }],
        basicAuth: { username: 'user', password: 'secret' },
        assertions: [
          { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null },
          { source: 'JSON_BODY', comparison: 'NOT_EMPTY', property: '$.data.id', target: '', regex: null },
          { source: 'LATENCY', comparison: 'LESS_THAN', property: '', target: '500', regex: null },
          { source: 'HEADERS', comparison: 'CONTAINS', property: 'content-type', target: 'json', regex: null },
        ],
      })
    })

    it.each(['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'PATCH'])('accepts method %s', async (method) => {
      const check = await create(withRequest({ method }))
      expect(check.request.method).toBe(method)
    })

    it.each(['NONE', 'JSON', 'FORM', 'RAW', 'GRAPHQL'])('accepts bodyType %s', async (bodyType) => {
      const check = await create(withRequest({ bodyType, body: 'a=1' }))
      expect(check.request.bodyType).toBe(bodyType)
    })

    it.each(['http://example.com/path', 'HTTPS://EXAMPLE.COM', '{{GROUP_BASE_URL}}/health', 'https://{{HOST}}/v1?q={{Q}}'])(
      'accepts the URL %s',
      async (url) => {
        const check = await create(withRequest({ url }))
        expect(check.request.url).toBe(url)
      },
    )

    it('accepts boundary values: description 500, url 2048, response times 0 and 30000, groupOrder 0, 50 variables', async () => {
      const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`
      const check = await create(
        withRequest(
          { url },
          { description: 'd'.repeat(500), degradedResponseTime: 0, maxResponseTime: 30000, groupOrder: 0, environmentVariables: envVars(50) },
        ),
      )
      expect(check.request.url).toHaveLength(2048)
      expect(check.description).toHaveLength(500)
      expect(check.degradedResponseTime).toBe(0)
      expect(check.maxResponseTime).toBe(30000)
      expect(check.groupOrder).toBe(0)
      expect(check.environmentVariables).toHaveLength(50)
      const high = await create(minimal({ degradedResponseTime: 30000, maxResponseTime: 0 }))
      expect(high.degradedResponseTime).toBe(30000)
      expect(high.maxResponseTime).toBe(0)
    })

    it('ignores read-only and unknown fields in the body', async () => {
      const check = await create(
        minimal({ id: 'my-own-id', checkType: 'TCP', created_at: '2000-01-01', updated_at: '2000-01-02', alertChannels: { email: [{ address: 'a@example.com' }] }, colour: 'blue' }),
      )
      expect(check.id).toMatch(UUID)
      expect(check.checkType).toBe('API')
      expect(check.created_at).not.toBe('2000-01-01')
      expect(check.updated_at).toBeNull()
      expect(check.alertChannels).toEqual(EMPTY_ALERT_CHANNELS)
      expect(check).not.toHaveProperty('colour')
    })

    it('takes autoAssignAlerts=false and rejects a value that is not a boolean', async () => {
      const res = await t.call('POST', `${CREATE_URL}?autoAssignAlerts=false`, minimal())
      expect(res.statusCode, res.body).toBe(201)
      const before = await total()
      const bad = await t.call('POST', `${CREATE_URL}?autoAssignAlerts=maybe`, minimal())
      expect(bad.statusCode, bad.body).toBe(400)
      expect(Object.keys(bad.json().attributes)).toContain('autoAssignAlerts')
      expect(await total()).toBe(before)
    })

    it('accepts null for nullable fields and fills their defaults', async () => {
      const check = await create(
        minimal({ description: null, runtimeId: null, groupId: null, groupOrder: null, retryStrategy: null, locations: null, tags: null, alertSettings: null }),
      )
      expect(check).toMatchObject({ description: null, runtimeId: null, groupId: null, groupOrder: null, retryStrategy: null, locations: [], tags: [] })
      expect(check.alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
    })
  })

  describe('frequency and frequencyOffset', () => {
    it.each([10, 20, 30])('frequency 0 accepts offset %i', async (frequencyOffset) => {
      const check = await create(minimal({ frequency: 0, frequencyOffset }))
      expect(check.frequency).toBe(0)
      expect(check.frequencyOffset).toBe(frequencyOffset)
    })

    it.each([
      [5, 1],
      [5, 50],
      [1, 10],
      [60, 600],
      [120, 1],
      [120, 2],
      [1440, 24],
    ])('frequency %i accepts offset %i', async (frequency, frequencyOffset) => {
      const check = await create(minimal({ frequency, frequencyOffset }))
      expect(check.frequency).toBe(frequency)
      expect(check.frequencyOffset).toBe(frequencyOffset)
    })

    it.each([
      [1, 10],
      [2, 20],
      [5, 50],
      [10, 100],
      [15, 150],
      [30, 300],
      [60, 600],
      [120, 2],
      [180, 3],
      [360, 6],
      [720, 12],
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
      ['frequency 0 with a null offset', { frequency: 0, frequencyOffset: null }],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }],
      ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }],
      ['frequency 60 with offset 601', { frequency: 60, frequencyOffset: 601 }],
      ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ['frequency 1440 with offset 25', { frequency: 1440, frequencyOffset: 25 }],
      ['offset 0', { frequencyOffset: 0 }],
      ['offset -1', { frequencyOffset: -1 }],
      ['a fractional offset', { frequencyOffset: 1.5 }],
      ['a string offset', { frequencyOffset: '10' }],
    ])('rejects %s', async (_label, extra) => {
      await expectCreateRejected(minimal(extra), 'frequencyOffset')
    })

    it.each([7, -1, 3, 45, 2000, '10', 10.5])('rejects frequency %j', async (frequency) => {
      await expectCreateRejected(minimal({ frequency }), 'frequency')
    })
  })

  describe('validation', () => {
    it.each<[string, unknown, string]>([
      ['a missing name', { request: { url: 'https://example.com' } }, 'name'],
      ['an empty name', minimal({ name: '' }), 'name'],
      ['a missing request', { name: 'x' }, 'request'],
      ['a null request', { name: 'x', request: null }, 'request'],
      ['a missing request.url', { name: 'x', request: {} }, 'request.url'],
      ['an empty request.url', withRequest({ url: '' }), 'request.url'],
      ['a request.url without scheme', withRequest({ url: 'example.com' }), 'request.url'],
      ['a request.url with scheme ftp', withRequest({ url: 'ftp://example.com' }), 'request.url'],
      ['a request.url that is not a URL', withRequest({ url: 'https://' }), 'request.url'],
      ['a request.url of 2049 characters', withRequest({ url: `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}` }), 'request.url'],
      ['method FOO', withRequest({ method: 'FOO' }), 'request.method'],
      ['a lower-case method', withRequest({ method: 'get' }), 'request.method'],
      ['bodyType XML', withRequest({ bodyType: 'XML' }), 'request.bodyType'],
      ['ipFamily IPv5', withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily'],
      ['followRedirects "yes"', withRequest({ followRedirects: 'yes' }), 'request.followRedirects'],
      ['a header without key', withRequest({ headers: [{ value: 'v' }] }), 'request.headers[0].key'],
      ['a query parameter with a numeric value', withRequest({ queryParameters: [{ key: 'k', value: 1 }] }), 'request.queryParameters[0].value'],
      ['basicAuth without password', withRequest({ basicAuth: { username: 'u' } }), 'request.basicAuth.password'],
      ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source'],
      ['assertion comparison FOO', withAssertion({ source: 'TEXT_BODY', comparison: 'FOO', target: '1' }), 'request.assertions[0].comparison'],
      ['a STATUS_CODE target "abc"', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }), 'request.assertions[0].target'],
      ['a fractional STATUS_CODE target', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200.5' }), 'request.assertions[0].target'],
      ['a STATUS_CODE without target', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS' }), 'request.assertions[0].target'],
      ['a STATUS_CODE with comparison CONTAINS', withAssertion({ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '200' }), 'request.assertions[0].comparison'],
      ['a RESPONSE_TIME target "fast"', withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'fast' }), 'request.assertions[0].target'],
      ['a JSON_BODY property without $', withAssertion({ source: 'JSON_BODY', property: 'data.id', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].property'],
      ['a TEXT_BODY property that is not a regex', withAssertion({ source: 'TEXT_BODY', property: '(unclosed', comparison: 'EQUALS', target: 'x' }), 'request.assertions[0].property'],
      ['a JSON_BODY EQUALS without target', withAssertion({ source: 'JSON_BODY', property: '$.id', comparison: 'EQUALS' }), 'request.assertions[0].target'],
      ['a TEXT_BODY CONTAINS with an empty target', withAssertion({ source: 'TEXT_BODY', comparison: 'CONTAINS', target: '' }), 'request.assertions[0].target'],
      ['a HEADERS assertion without property', withAssertion({ source: 'HEADERS', comparison: 'EQUALS', target: 'x' }), 'request.assertions[0].property'],
      [
        'a bad second assertion',
        withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }, { source: 'STATUS_CODE', comparison: 'EQUALS', target: 'x' }] }),
        'request.assertions[1].target',
      ],
      ['location mars', minimal({ locations: ['mars'] }), 'locations[0]'],
      ['runtimeId 2021.01', minimal({ runtimeId: '2021.01' }), 'runtimeId'],
      ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description'],
      ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime'],
      ['degradedResponseTime 30001', minimal({ degradedResponseTime: 30001 }), 'degradedResponseTime'],
      ['degradedResponseTime "fast"', minimal({ degradedResponseTime: 'fast' }), 'degradedResponseTime'],
      ['maxResponseTime -1', minimal({ maxResponseTime: -1 }), 'maxResponseTime'],
      ['maxResponseTime 30001', minimal({ maxResponseTime: 30001 }), 'maxResponseTime'],
      ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder'],
      ['name 5', minimal({ name: 5 }), 'name'],
      ['activated "yes"', minimal({ activated: 'yes' }), 'activated'],
      ['muted 1', minimal({ muted: 1 }), 'muted'],
      ['tags "x"', minimal({ tags: 'x' }), 'tags'],
      ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables'],
      ['a retryStrategy of unknown type', minimal({ retryStrategy: { type: 'SOMETIMES' } }), 'retryStrategy.type'],
      ['groupId 0', minimal({ groupId: 0 }), 'groupId'],
      ['the groupId of a group that does not exist', minimal({ groupId: 987654 }), 'groupId'],
      ['a body that is an array', [minimal()], 'body'],
    ])('rejects %s', async (_label, body, field) => {
      await expectCreateRejected(body, field)
    })

    it('names every offending field at once', async () => {
      const res = await t.call('POST', CREATE_URL, { name: 5, description: 'd'.repeat(501), frequency: 7, request: { url: 'https://example.com', method: 'FOO' } })
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json().attributes)).toEqual(expect.arrayContaining(['name', 'description', 'frequency', 'request.method']))
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
        minimal({ description: 'keep me', locations: ['eu-west-1'], tags: ['a'], frequency: 5, degradedResponseTime: 1234, runtimeId: '2024.09' }),
      )
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, {
        name: 'Renamed',
        muted: true,
        request: { url: 'https://example.org/status', method: 'HEAD' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({
        id: created.id,
        checkType: 'API',
        name: 'Renamed',
        muted: true,
        description: 'keep me',
        locations: ['eu-west-1'],
        tags: ['a'],
        frequency: 5,
        frequencyOffset: created.frequencyOffset,
        degradedResponseTime: 1234,
        maxResponseTime: 20000,
        runtimeId: '2024.09',
        activated: true,
        created_at: created.created_at,
      })
      expect(updated.request).toEqual({ ...DEFAULT_REQUEST, url: 'https://example.org/status', method: 'HEAD' })
      expect(isIsoDate(updated.updated_at)).toBe(true)
      expect(await get(created.id)).toEqual(updated)
    })

    it('keeps locations and tags when they are sent as null, and clears them with []', async () => {
      const created = await create(minimal({ locations: ['eu-west-1', 'us-west-2'], tags: ['x', 'y'] }))
      const kept = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { locations: null, tags: null, alertSettings: null })
      expect(kept.statusCode, kept.body).toBe(200)
      expect(kept.json()).toMatchObject({ locations: ['eu-west-1', 'us-west-2'], tags: ['x', 'y'] })
      expect(kept.json().alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
      const cleared = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { locations: [], tags: [] })
      expect(cleared.statusCode, cleared.body).toBe(200)
      expect(cleared.json()).toMatchObject({ locations: [], tags: [] })
    })

    it('accepts an empty body and changes nothing but updated_at', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, {})
      expect(res.statusCode, res.body).toBe(200)
      const { updated_at: updatedAt, ...rest } = res.json()
      const { updated_at: _before, ...createdRest } = created
      expect(rest).toEqual(createdRest)
      expect(isIsoDate(updatedAt)).toBe(true)
    })

    it('applies the frequencyOffset rules to the merged check', async () => {
      const created = await create(minimal({ frequency: 10, frequencyOffset: 55 }))
      const url = `/v1/checks/${SEGMENT}/${created.id}`

      const tooHigh = await t.call('PUT', url, { frequencyOffset: 101 })
      expect(tooHigh.statusCode, tooHigh.body).toBe(400)
      expect(Object.keys(tooHigh.json().attributes)).toContain('frequencyOffset')

      const noOffset = await t.call('PUT', url, { frequency: 0 })
      expect(noOffset.statusCode, noOffset.body).toBe(400)
      expect(Object.keys(noOffset.json().attributes)).toContain('frequencyOffset')
      expect(await get(created.id)).toEqual(created)

      const subMinute = await t.call('PUT', url, { frequency: 0, frequencyOffset: 20 })
      expect(subMinute.statusCode, subMinute.body).toBe(200)
      expect(subMinute.json()).toMatchObject({ frequency: 0, frequencyOffset: 20 })
      const stillSubMinute = await t.call('PUT', url, { name: 'Every 20 seconds' })
      expect(stillSubMinute.statusCode, stillSubMinute.body).toBe(200)
      expect(stillSubMinute.json()).toMatchObject({ frequency: 0, frequencyOffset: 20 })

      const hourly = await t.call('PUT', url, { frequency: 120 })
      expect(hourly.statusCode, hourly.body).toBe(200)
      expect(hourly.json().frequency).toBe(120)
      expect([1, 2]).toContain(hourly.json().frequencyOffset)

      const offsetOnly = await t.call('PUT', url, { frequencyOffset: 2 })
      expect(offsetOnly.statusCode, offsetOnly.body).toBe(200)
      expect(offsetOnly.json()).toMatchObject({ frequency: 120, frequencyOffset: 2 })
    })

    it.each([10, 20, 30])('rejects switching to frequency 0 without an offset even when the spread offset is %i', async (frequencyOffset) => {
      // A spread offset of 10, 20 or 30 must not silently become the sub-minute interval.
      const created = await create(minimal({ frequency: 10, frequencyOffset }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { frequency: 0 })
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain('frequencyOffset')
      expect(await get(created.id)).toEqual(created)
    })

    it('gives a spread offset when leaving frequency 0 without an offset', async () => {
      const created = await create(minimal({ frequency: 0, frequencyOffset: 30 }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { frequency: 1 })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().frequency).toBe(1)
      expect(res.json().frequencyOffset).toBeGreaterThanOrEqual(1)
      expect(res.json().frequencyOffset).toBeLessThanOrEqual(10)
    })

    it.each<[string, Json, string]>([
      ['frequency 7', { frequency: 7 }, 'frequency'],
      ['a URL without scheme', { request: { url: 'example.com' } }, 'request.url'],
      ['a request without url', { request: { method: 'GET' } }, 'request.url'],
      ['method FOO', { request: { url: 'https://example.com', method: 'FOO' } }, 'request.method'],
      ['degradedResponseTime 30001', { degradedResponseTime: 30001 }, 'degradedResponseTime'],
      ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description'],
      ['name 5', { name: 5 }, 'name'],
      ['location mars', { locations: ['mars'] }, 'locations[0]'],
      ['a STATUS_CODE target "abc"', { request: { url: 'https://example.com', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }] } }, 'request.assertions[0].target'],
    ])('rejects an update with %s and leaves the stored check unchanged', async (_label, body, field) => {
      const created = await create(minimal({ description: 'original' }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Changed', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expectErrorBody(res.json(), 400, 'Bad Request')
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(created.id)).toEqual(created)
    })

    it('accepts the GET document as a PUT body (read-only fields ignored) and changes nothing but updated_at', async () => {
      const created = await create(withRequest({ method: 'POST', body: '{}', bodyType: 'JSON', headers: [{ key: 'A', value: 'b' }], assertions: [{ source: 'JSON_BODY', property: '$.ok', comparison: 'NOT_EMPTY' }] }, { tags: ['t'], locations: ['eu-west-1'], retryStrategy: { type: 'FIXED' }, environmentVariables: [{ key: 'K', value: 'v' }] }))
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

    it('answers 404 when the check is updated through the segment of another type', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/tcp/${created.id}`, { name: 'Wrong type' })
      expect(res.statusCode, res.body).toBe(404)
      expectErrorBody(res.json(), 404, 'Not Found')
      expect(await get(created.id)).toEqual(created)
    })
  })

  describe('read, list and delete', () => {
    it('GET /v1/checks/{id} returns the created document', async () => {
      const created = await create(withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }, { tags: ['read'] }))
      expect(await get(created.id)).toEqual(created)
    })

    it('lists the check with its type', async () => {
      const created = await create(minimal({ name: 'Listed API check' }))
      const res = await t.call('GET', '/v1/checks?checkType=API&limit=100')
      expect(res.statusCode, res.body).toBe(200)
      const listed = (res.json() as Json[]).find((c) => c.id === created.id)
      expect(listed).toMatchObject({ id: created.id, checkType: 'API', name: 'Listed API check' })
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
