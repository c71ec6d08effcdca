/** DNS monitors through the HTTP API: defaults, validation, update, read and delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { DEFAULT_ALERT_SETTINGS, EMPTY_ALERT_CHANNELS, UUID, checkApi, envVars, isIsoDate, type Json } from '../helpers/check-contract.js'


const SEGMENT = 'dns'
const CREATE_URL = `/v1/checks/${SEGMENT}`

const minimal = (extra: Json = {}): Json => ({ name: 'DNS monitor', request: { query: 'example.com', recordType: 'A' }, ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { query: 'example.com', recordType: 'A', ...request }, ...extra })
const withAssertion = (assertion: Json): Json => withRequest({ assertions: [assertion] })

const DEFAULT_REQUEST = {
  query: 'example.com',
  recordType: 'A',
  nameServer: null,
  port: 53,
  protocol: 'UDP',
  assertions: [],
}

describe.each(testDbs)('DNS monitors on $name', (db) => {
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
        checkType: 'DNS',
        name: 'DNS monitor',
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
        degradedResponseTime: 500,
        maxResponseTime: 1000,
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
        name: 'Full DNS monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-central-1', 'ap-northeast-1'],
        tags: ['dns'],
        useGlobalAlertSettings: false,
        groupOrder: 3,
        runtimeId: '2023.09',
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: false, onlyOn: [] },
        runParallel: true,
        description: 'Mail exchangers',
        frequency: 15,
        frequencyOffset: 150,
        degradedResponseTime: 200,
        maxResponseTime: 400,
        request: {
          query: 'example.org',
          recordType: 'MX',
          nameServer: '1.1.1.1',
          port: 5353,
          protocol: 'TCP',
          assertions: [
            { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
            { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 300 },
            { source: 'JSON_ANSWER', property: '$.Answer[0].data', comparison: 'CONTAINS', target: 'mx.example.org' },
            { source: 'TEXT_ANSWER', property: 'MX\\s+(\\d+)', comparison: 'EQUALS', target: '10' },
          ],
        },
      })
      expect(check).toMatchObject({
        checkType: 'DNS',
        name: 'Full DNS monitor',
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-central-1', 'ap-northeast-1'],
        tags: ['dns'],
        useGlobalAlertSettings: false,
        groupOrder: 3,
        runtimeId: '2023.09',
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: false, onlyOn: [] },
        runParallel: true,
        description: 'Mail exchangers',
        frequency: 15,
        frequencyOffset: 150,
        degradedResponseTime: 200,
        maxResponseTime: 400,
      })
      expect(check.request).toEqual({
        query: 'example.org',
        recordType: 'MX',
        nameServer: '1.1.1.1',
        port: 5353,
        protocol: 'TCP',
        assertions: [
          { source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR', regex: null },
          { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '300', regex: null },
          { source: 'JSON_ANSWER', comparison: 'CONTAINS', property: '$.Answer[0].data', target: 'mx.example.org', regex: null },
          { source: 'TEXT_ANSWER', comparison: 'EQUALS', property: 'MX\\s+(\\d+)', target: '10', regex: null },
        ],
      })
    })

    it.each(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'])('accepts recordType %s', async (recordType) => {
      const check = await create(withRequest({ recordType }))
      expect(check.request.recordType).toBe(recordType)
    })

    it.each(['8.8.8.8', '8.8.8.8:5353', 'ns1.example.com', 'ns1.example.com:53', '2001:4860:4860::8888', '[2001:4860:4860::8888]:53'])(
      'accepts the name server %s',
      async (nameServer) => {
        const check = await create(withRequest({ nameServer }))
        expect(check.request.nameServer).toBe(nameServer)
      },
    )

    it('fills port 53 and protocol UDP when port is null and protocol absent', async () => {
      const check = await create(withRequest({ port: null, nameServer: null }))
      expect(check.request).toEqual(DEFAULT_REQUEST)
    })

    it('accepts boundary values: query 100, port 1 and 65535, response times 0 and 5000, description 500, 50 variables', async () => {
      const query = `${'a'.repeat(96)}.com`
      const check = await create(
        withRequest(
          { query, port: 1 },
          { degradedResponseTime: 0, maxResponseTime: 5000, description: 'd'.repeat(500), groupOrder: 0, environmentVariables: envVars(50) },
        ),
      )
      expect(check.request.query).toBe(query)
      expect(check.request.port).toBe(1)
      expect(check.degradedResponseTime).toBe(0)
      expect(check.maxResponseTime).toBe(5000)
      expect(check.description).toHaveLength(500)
      expect(check.groupOrder).toBe(0)
      expect(check.environmentVariables).toHaveLength(50)
      const high = await create(withRequest({ port: 65535 }, { degradedResponseTime: 5000, maxResponseTime: 0 }))
      expect(high.request.port).toBe(65535)
      expect(high.degradedResponseTime).toBe(5000)
      expect(high.maxResponseTime).toBe(0)
    })
  })

  describe('frequency and frequencyOffset', () => {
    it('frequency 0 accepts offset 10 (DNS monitors accept frequency 0)', async () => {
      const check = await create(minimal({ frequency: 0, frequencyOffset: 10 }))
      expect(check).toMatchObject({ frequency: 0, frequencyOffset: 10 })
    })

    it.each([
      [5, 50],
      [10, 100],
      [120, 2],
      [180, 3],
    ])('frequency %i accepts offset %i', async (frequency, frequencyOffset) => {
      const check = await create(minimal({ frequency, frequencyOffset }))
      expect(check).toMatchObject({ frequency, frequencyOffset })
    })

    it.each([
      [5, 50],
      [30, 300],
      [360, 6],
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
      ['frequency 180 with offset 4', { frequency: 180, frequencyOffset: 4 }],
      ['offset 0', { frequencyOffset: 0 }],
    ])('rejects %s', async (_label, extra) => {
      await expectCreateRejected(minimal(extra), 'frequencyOffset')
    })

    it.each([7, 20, '5'])('rejects frequency %j', async (frequency) => {
      await expectCreateRejected(minimal({ frequency }), 'frequency')
    })
  })

  describe('validation', () => {
    it.each<[string, unknown, string]>([
      ['a missing name', { request: { query: 'example.com', recordType: 'A' } }, 'name'],
      ['a missing request', { name: 'x' }, 'request'],
      ['a missing request.query', { name: 'x', request: { recordType: 'A' } }, 'request.query'],
      ['a missing request.recordType', { name: 'x', request: { query: 'example.com' } }, 'request.recordType'],
      ['an empty query', withRequest({ query: '' }), 'request.query'],
      ['a query of 101 characters', withRequest({ query: `${'a'.repeat(97)}.com` }), 'request.query'],
      ['recordType PTR', withRequest({ recordType: 'PTR' }), 'request.recordType'],
      ['a lower-case recordType', withRequest({ recordType: 'a' }), 'request.recordType'],
      ['protocol HTTP', withRequest({ protocol: 'HTTP' }), 'request.protocol'],
      ['a lower-case protocol', withRequest({ protocol: 'udp' }), 'request.protocol'],
      ['port 0', withRequest({ port: 0 }), 'request.port'],
      ['port 65536', withRequest({ port: 65536 }), 'request.port'],
      ['a string port', withRequest({ port: '53' }), 'request.port'],
      ['a name server URL', withRequest({ nameServer: 'https://dns.google/dns-query' }), 'request.nameServer'],
      ['a name server with a path', withRequest({ nameServer: 'dns.google/resolve' }), 'request.nameServer'],
      ['a name server with a space', withRequest({ nameServer: '8.8.8.8 8.8.4.4' }), 'request.nameServer'],
      ['a name server of 101 characters', withRequest({ nameServer: `${'n'.repeat(97)}.com` }), 'request.nameServer'],
      ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }), 'request.assertions[0].source'],
      ['assertion source FOO', withAssertion({ source: 'FOO', comparison: 'EQUALS', target: '1' }), 'request.assertions[0].source'],
      ['assertion comparison FOO', withAssertion({ source: 'RESPONSE_CODE', comparison: 'FOO', target: 'NOERROR' }), 'request.assertions[0].comparison'],
      ['a RESPONSE_TIME target "abc"', withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'abc' }), 'request.assertions[0].target'],
      ['a RESPONSE_TIME with comparison CONTAINS', withAssertion({ source: 'RESPONSE_TIME', comparison: 'CONTAINS', target: '100' }), 'request.assertions[0].comparison'],
      ['a JSON_ANSWER property without $', withAssertion({ source: 'JSON_ANSWER', property: 'Answer[0].data', comparison: 'EQUALS', target: '1.2.3.4' }), 'request.assertions[0].property'],
      ['a TEXT_ANSWER property that is not a regex', withAssertion({ source: 'TEXT_ANSWER', property: '([a-z', comparison: 'EQUALS', target: 'x' }), 'request.assertions[0].property'],
      ['a RESPONSE_CODE EQUALS without target', withAssertion({ source: 'RESPONSE_CODE', comparison: 'EQUALS' }), 'request.assertions[0].target'],
      ['location mars', minimal({ locations: ['mars'] }), 'locations[0]'],
      ['runtimeId 2025.01', minimal({ runtimeId: '2025.01' }), 'runtimeId'],
      ['a description of 501 characters', minimal({ description: 'd'.repeat(501) }), 'description'],
      ['degradedResponseTime -1', minimal({ degradedResponseTime: -1 }), 'degradedResponseTime'],
      ['degradedResponseTime 5001', minimal({ degradedResponseTime: 5001 }), 'degradedResponseTime'],
      ['maxResponseTime 5001', minimal({ maxResponseTime: 5001 }), 'maxResponseTime'],
      ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder'],
      ['name 5', minimal({ name: 5 }), 'name'],
      ['activated "yes"', minimal({ activated: 'yes' }), 'activated'],
      ['shouldFail null', minimal({ shouldFail: null }), 'shouldFail'],
      ['tags "x"', minimal({ tags: 'x' }), 'tags'],
      ['a tag that is not a string', minimal({ tags: ['ok', 5] }), 'tags[1]'],
      ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables'],
      ['an environment variable with a bad key', minimal({ environmentVariables: [{ key: '1-bad key', value: 'v' }] }), 'environmentVariables[0].key'],
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
        withRequest({ nameServer: '9.9.9.9', protocol: 'TCP' }, { description: 'keep me', locations: ['us-west-1'], tags: ['a'], frequency: 60, frequencyOffset: 600 }),
      )
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Renamed', degradedResponseTime: 250, tags: ['b', 'c'] })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({
        id: created.id,
        checkType: 'DNS',
        name: 'Renamed',
        degradedResponseTime: 250,
        maxResponseTime: 1000,
        tags: ['b', 'c'],
        description: 'keep me',
        locations: ['us-west-1'],
        frequency: 60,
        frequencyOffset: 600,
        created_at: created.created_at,
      })
      expect(updated.request).toEqual({ ...DEFAULT_REQUEST, nameServer: '9.9.9.9', protocol: 'TCP' })
      expect(isIsoDate(updated.updated_at)).toBe(true)
      expect(await get(created.id)).toEqual(updated)

      const newRequest = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { request: { query: 'example.net', recordType: 'AAAA' } })
      expect(newRequest.statusCode, newRequest.body).toBe(200)
      expect(newRequest.json().request).toEqual({ ...DEFAULT_REQUEST, query: 'example.net', recordType: 'AAAA' })
      expect(newRequest.json()).toMatchObject({ name: 'Renamed', degradedResponseTime: 250 })
    })

    it('keeps locations when they are sent as null', async () => {
      const created = await create(minimal({ locations: ['ap-east-1', 'ap-southeast-3'] }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { locations: null })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().locations).toEqual(['ap-east-1', 'ap-southeast-3'])
      expect((await get(created.id)).locations).toEqual(['ap-east-1', 'ap-southeast-3'])
    })

    it.each<[string, Json, string]>([
      ['recordType PTR', { request: { query: 'example.com', recordType: 'PTR' } }, 'request.recordType'],
      ['a request without recordType', { request: { query: 'example.com' } }, 'request.recordType'],
      ['a query of 101 characters', { request: { query: 'q'.repeat(101), recordType: 'A' } }, 'request.query'],
      ['maxResponseTime 5001', { maxResponseTime: 5001 }, 'maxResponseTime'],
      ['frequency 5 with offset 51', { frequency: 5, frequencyOffset: 51 }, 'frequencyOffset'],
      ['tags "x"', { tags: 'x' }, 'tags'],
    ])('rejects an update with %s and leaves the stored check unchanged', async (_label, body, field) => {
      const created = await create(minimal({ description: 'original' }))
      const res = await t.call('PUT', `/v1/checks/${SEGMENT}/${created.id}`, { name: 'Changed', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expectErrorBody(res.json(), 400, 'Bad Request')
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(created.id)).toEqual(created)
    })

    it('accepts the GET document as a PUT body (read-only fields ignored) and changes nothing but updated_at', async () => {
      const created = await create(withRequest({ nameServer: '1.1.1.1', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }] }, { tags: ['t'], locations: ['eu-west-1'] }))
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
      const res = await t.call('PUT', `/v1/checks/url/${created.id}`, { name: 'Wrong type' })
      expect(res.statusCode, res.body).toBe(404)
      expectErrorBody(res.json(), 404, 'Not Found')
      expect(await get(created.id)).toEqual(created)
    })
  })

  describe('read, list and delete', () => {
    it('GET /v1/checks/{id} returns the created document', async () => {
      const created = await create(withRequest({ recordType: 'TXT', assertions: [{ source: 'TEXT_ANSWER', property: 'v=spf1', comparison: 'NOT_EMPTY' }] }))
      expect(await get(created.id)).toEqual(created)
    })

    it('lists the monitor with its type', async () => {
      const created = await create(minimal({ name: 'Listed DNS monitor' }))
      const res = await t.call('GET', '/v1/checks?checkType=DNS&limit=100')
      expect(res.statusCode, res.body).toBe(200)
      const items = res.json() as Json[]
      expect(items.every((c) => c.checkType === 'DNS')).toBe(true)
      expect(items.find((c) => c.id === created.id)).toMatchObject({ id: created.id, checkType: 'DNS', name: 'Listed DNS monitor' })
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
