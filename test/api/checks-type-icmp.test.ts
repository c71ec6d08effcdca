/** ICMP monitors through the HTTP API: defaults, validation, update, read and delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>

const minimal = (extra: Json = {}): Json => ({ name: 'Ping', request: { hostname: '127.0.0.1' }, heartbeat: {}, script: '', ...extra })
const withRequest = (request: Json, extra: Json = {}): Json => minimal({ request: { hostname: '127.0.0.1', ...request }, ...extra })
const latency = (property: string, target = '200') => ({ source: 'LATENCY', property, comparison: 'LESS_THAN', target })

const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

describe.each(testDbs)('ICMP monitors on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  /** Total number of checks of the account, from the Content-Range header of GET /v1/checks. */
  const total = async (): Promise<number> => {
    const res = await t.call('GET', '/v1/checks?limit=1')
    expect(res.statusCode, res.body).toBe(200)
    const range = String(res.headers['content-range'])
    expect(range).toMatch(/\/\d+$/)
    return Number(range.split('/')[1])
  }

  const create = async (body: Json = minimal()): Promise<Json> => {
    const res = await t.call('POST', '/v1/checks/icmp', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json<Json>()
  }

  /** A create that must fail with 400 naming `field`, and must store nothing. */
  const expectCreateRejected = async (body: Json, field: string) => {
    const before = await total()
    const res = await t.call('POST', '/v1/checks/icmp', body)
    expect(res.statusCode, res.body).toBe(400)
    const err = res.json<{ statusCode: number; error: string; message: string; attributes: Json }>()
    expect(err.statusCode).toBe(400)
    expect(err.error).toBe('Bad Request')
    expect(typeof err.message).toBe('string')
    expect(Object.keys(err.attributes)).toContain(field)
    expect(await total()).toBe(before)
  }

  const expectUpdateRejected = async (id: string, body: Json, field: string) => {
    const res = await t.call('PUT', `/v1/checks/icmp/${id}`, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toContain(field)
  }

  describe('create', () => {
    it('returns 201 with every default for the minimal body', async () => {
      const res = await t.call('POST', '/v1/checks/icmp', minimal())
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json<Json>()
      expect(body).toMatchObject({
        checkType: 'ICMP',
        name: 'Ping',
        request: { hostname: '127.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] },
        heartbeat: {},
        script: '',
        activated: true,
        muted: false,
        doubleCheck: true,
        shouldFail: false,
        locations: [],
        privateLocations: [],
        tags: [],
        alertSettings: DEFAULT_ALERT_SETTINGS,
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
        degradedResponseTime: 10000,
        maxResponseTime: 20000,
        degradedPacketLossThreshold: 10,
        maxPacketLossThreshold: 20,
        scriptPath: null,
        sslCheckDomain: null,
        setupSnippetId: null,
        tearDownSnippetId: null,
        localSetupScript: null,
        localTearDownScript: null,
        alertChannels: { email: [], webhook: [], slack: [], sms: [] },
        updated_at: null,
      })
      expect(body.request).toEqual({ hostname: '127.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] })
      expect(body.alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
      expect(body.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] })
      expect(body.id).toEqual(expect.any(String))
      expect(String(body.id).length).toBeGreaterThan(0)
      expect(Number.isInteger(body.frequencyOffset)).toBe(true)
      expect(body.frequencyOffset as number).toBeGreaterThanOrEqual(1)
      expect(body.frequencyOffset as number).toBeLessThanOrEqual(100)
      expect(typeof body.created_at).toBe('string')
      expect(new Date(String(body.created_at)).toISOString()).toBe(body.created_at)
    })

    it('returns the given request, thresholds and other fields', async () => {
      const body = await create(
        minimal({
          request: { hostname: 'example.com', ipFamily: 'IPv6', pingCount: 50, assertions: [latency('avg', '150'), latency('max', '400')] },
          degradedResponseTime: 0,
          maxResponseTime: 300000,
          degradedPacketLossThreshold: 5,
          maxPacketLossThreshold: 100,
          locations: ['eu-central-1'],
          tags: ['network'],
          muted: true,
          scriptPath: 'ping.js',
          sslCheckDomain: 'example.com',
          environmentVariables: [{ key: 'TARGET', value: 'example.com' }],
        }),
      )
      expect(body).toMatchObject({
        checkType: 'ICMP',
        request: {
          hostname: 'example.com',
          ipFamily: 'IPv6',
          pingCount: 50,
          assertions: [
            { source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '150' },
            { source: 'LATENCY', property: 'max', comparison: 'LESS_THAN', target: '400' },
          ],
        },
        degradedResponseTime: 0,
        maxResponseTime: 300000,
        degradedPacketLossThreshold: 5,
        maxPacketLossThreshold: 100,
        locations: ['eu-central-1'],
        tags: ['network'],
        muted: true,
        scriptPath: 'ping.js',
        sslCheckDomain: 'example.com',
        environmentVariables: [{ key: 'TARGET', value: 'example.com', locked: false, secret: false }],
      })
    })

    it('accepts pingCount 1 and 50', async () => {
      expect(((await create(withRequest({ pingCount: 1 }))).request as Json).pingCount).toBe(1)
      expect(((await create(withRequest({ pingCount: 50 }))).request as Json).pingCount).toBe(50)
    })

    it('accepts every documented LATENCY property and a JSON_RESPONSE assertion', async () => {
      for (const property of ['avg', 'min', 'max', 'stdDev']) {
        const body = await create(withRequest({ assertions: [latency(property)] }))
        expect((body.request as { assertions: Json[] }).assertions[0]).toMatchObject({ source: 'LATENCY', property, comparison: 'LESS_THAN', target: '200' })
      }
      const json = await create(withRequest({ assertions: [{ source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'LESS_THAN', target: '5' }] }))
      expect((json.request as { assertions: Json[] }).assertions[0]).toMatchObject({ source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'LESS_THAN', target: '5' })
    })

    it('accepts equal packet loss thresholds and fractional percentages', async () => {
      const equal = await create(minimal({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 30 }))
      expect(equal).toMatchObject({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 30 })
      const fractional = await create(minimal({ degradedPacketLossThreshold: 0.5, maxPacketLossThreshold: 12.5 }))
      expect(fractional).toMatchObject({ degradedPacketLossThreshold: 0.5, maxPacketLossThreshold: 12.5 })
    })

    it('accepts frequency 0 with frequencyOffset 10, 20 or 30', async () => {
      for (const offset of [10, 20, 30]) {
        const body = await create(minimal({ frequency: 0, frequencyOffset: offset }))
        expect(body).toMatchObject({ frequency: 0, frequencyOffset: offset })
      }
    })

    it('returns heartbeat as an object when it is sent as null', async () => {
      const body = await create(minimal({ heartbeat: null }))
      expect(body.heartbeat).toEqual({})
    })

    it('accepts an IPv6 address as hostname', async () => {
      const body = await create(withRequest({ hostname: '2001:db8::1', ipFamily: 'IPv6' }))
      expect(body.request).toMatchObject({ hostname: '2001:db8::1', ipFamily: 'IPv6' })
    })
  })

  describe('create validation', () => {
    it('requires name, request, heartbeat and script', async () => {
      const { name: _n, ...noName } = minimal()
      const { request: _r, ...noRequest } = minimal()
      const { heartbeat: _h, ...noHeartbeat } = minimal()
      const { script: _s, ...noScript } = minimal()
      await expectCreateRejected(noName, 'name')
      await expectCreateRejected(noRequest, 'request')
      await expectCreateRejected(noHeartbeat, 'heartbeat')
      await expectCreateRejected(noScript, 'script')
    })

    it('requires request.hostname and rejects addresses with scheme, path or port', async () => {
      await expectCreateRejected(minimal({ request: {} }), 'request.hostname')
      await expectCreateRejected(withRequest({ hostname: '' }), 'request.hostname')
      await expectCreateRejected(withRequest({ hostname: 'h'.repeat(2049) }), 'request.hostname')
      await expectCreateRejected(withRequest({ hostname: 'https://example.com' }), 'request.hostname')
      await expectCreateRejected(withRequest({ hostname: 'example.com/path' }), 'request.hostname')
      await expectCreateRejected(withRequest({ hostname: 'example.com:80' }), 'request.hostname')
    })

    it('rejects an unknown ipFamily', async () => {
      await expectCreateRejected(withRequest({ ipFamily: 'IPv5' }), 'request.ipFamily')
    })

    it('rejects pingCount outside 1..50', async () => {
      await expectCreateRejected(withRequest({ pingCount: 0 }), 'request.pingCount')
      await expectCreateRejected(withRequest({ pingCount: 51 }), 'request.pingCount')
      await expectCreateRejected(withRequest({ pingCount: 2.5 }), 'request.pingCount')
    })

    it('rejects response times outside 0..300000', async () => {
      await expectCreateRejected(minimal({ maxResponseTime: 300001 }), 'maxResponseTime')
      await expectCreateRejected(minimal({ degradedResponseTime: 300001 }), 'degradedResponseTime')
      await expectCreateRejected(minimal({ maxResponseTime: -1 }), 'maxResponseTime')
      await expectCreateRejected(minimal({ degradedResponseTime: -1 }), 'degradedResponseTime')
    })

    it('rejects packet loss thresholds that are 0 or above 100', async () => {
      await expectCreateRejected(minimal({ degradedPacketLossThreshold: 0 }), 'degradedPacketLossThreshold')
      await expectCreateRejected(minimal({ maxPacketLossThreshold: 0 }), 'maxPacketLossThreshold')
      await expectCreateRejected(minimal({ degradedPacketLossThreshold: -5 }), 'degradedPacketLossThreshold')
      await expectCreateRejected(minimal({ degradedPacketLossThreshold: 101 }), 'degradedPacketLossThreshold')
      await expectCreateRejected(minimal({ maxPacketLossThreshold: 101 }), 'maxPacketLossThreshold')
    })

    it('rejects maxPacketLossThreshold below degradedPacketLossThreshold', async () => {
      await expectCreateRejected(minimal({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 20 }), 'maxPacketLossThreshold')
      // Against the defaults: degraded 10.
      await expectCreateRejected(minimal({ maxPacketLossThreshold: 5 }), 'maxPacketLossThreshold')
      // Against the defaults: max 20.
      await expectCreateRejected(minimal({ degradedPacketLossThreshold: 50 }), 'maxPacketLossThreshold')
    })

    it('rejects LATENCY assertions with an unknown property', async () => {
      await expectCreateRejected(withRequest({ assertions: [latency('median')] }), 'request.assertions[0].property')
      await expectCreateRejected(withRequest({ assertions: [latency('avg'), latency('p99')] }), 'request.assertions[1].property')
    })

    it('rejects assertion sources and comparisons that ICMP does not have', async () => {
      await expectCreateRejected(withRequest({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }), 'request.assertions[0].source')
      await expectCreateRejected(withRequest({ assertions: [{ source: 'LATENCY', property: 'avg', comparison: 'HAS_KEY', target: '1' }] }), 'request.assertions[0].comparison')
    })

    it('rejects a non-numeric LATENCY target', async () => {
      await expectCreateRejected(withRequest({ assertions: [latency('avg', 'fast')] }), 'request.assertions[0].target')
    })

    it('rejects frequencies outside the allowed values and bad offsets', async () => {
      await expectCreateRejected(minimal({ frequency: 7 }), 'frequency')
      await expectCreateRejected(minimal({ frequency: 0, frequencyOffset: 15 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequency: 10, frequencyOffset: 101 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequencyOffset: 0 }), 'frequencyOffset')
    })

    it('rejects 51 environment variables and accepts 50', async () => {
      const vars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `V${i}`, value: String(i) }))
      await expectCreateRejected(minimal({ environmentVariables: vars(51) }), 'environmentVariables')
      expect((await create(minimal({ environmentVariables: vars(50) }))).environmentVariables).toHaveLength(50)
    })

    it('rejects a description over 500 characters and a negative groupOrder', async () => {
      await expectCreateRejected(minimal({ description: 'd'.repeat(501) }), 'description')
      await expectCreateRejected(minimal({ groupOrder: -1 }), 'groupOrder')
    })
  })

  describe('update', () => {
    it('changes the given fields, keeps the absent ones and sets updated_at', async () => {
      const created = await create(minimal({ request: { hostname: 'example.org', pingCount: 5 }, tags: ['t'] }))
      const res = await t.call('PUT', `/v1/checks/icmp/${String(created.id)}`, { name: 'Renamed', maxPacketLossThreshold: 40 })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json<Json>()
      expect(updated).toEqual({ ...created, name: 'Renamed', maxPacketLossThreshold: 40, updated_at: expect.any(String) })
      expect(new Date(String(updated.updated_at)).toISOString()).toBe(updated.updated_at)
      const read = await t.call('GET', `/v1/checks/${String(created.id)}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toEqual(updated)
    })

    it('replaces the request as a whole, filling its defaults', async () => {
      const created = await create(withRequest({ pingCount: 5, ipFamily: 'IPv6', assertions: [latency('avg')] }))
      const res = await t.call('PUT', `/v1/checks/icmp/${String(created.id)}`, { request: { hostname: '10.0.0.1' } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<Json>().request).toEqual({ hostname: '10.0.0.1', ipFamily: 'IPv4', pingCount: 10, assertions: [] })
    })

    it('validates the packet loss thresholds against the stored values', async () => {
      const created = await create()
      const id = String(created.id)
      await expectUpdateRejected(id, { degradedPacketLossThreshold: 50 }, 'maxPacketLossThreshold')
      await expectUpdateRejected(id, { maxPacketLossThreshold: 9 }, 'maxPacketLossThreshold')
      expect((await t.call('GET', `/v1/checks/${id}`)).json()).toEqual(created)

      const both = await t.call('PUT', `/v1/checks/icmp/${id}`, { degradedPacketLossThreshold: 50, maxPacketLossThreshold: 60 })
      expect(both.statusCode, both.body).toBe(200)
      expect(both.json()).toMatchObject({ degradedPacketLossThreshold: 50, maxPacketLossThreshold: 60 })
    })

    it('rejects an invalid update and leaves the check unchanged', async () => {
      const created = await create()
      const id = String(created.id)
      await expectUpdateRejected(id, { maxResponseTime: 300001 }, 'maxResponseTime')
      await expectUpdateRejected(id, { maxPacketLossThreshold: 101 }, 'maxPacketLossThreshold')
      await expectUpdateRejected(id, { degradedPacketLossThreshold: 0 }, 'degradedPacketLossThreshold')
      await expectUpdateRejected(id, { request: { hostname: '127.0.0.1', pingCount: 51 } }, 'request.pingCount')
      await expectUpdateRejected(id, { request: { hostname: '127.0.0.1', assertions: [latency('median')] } }, 'request.assertions[0].property')
      await expectUpdateRejected(id, { frequency: 0 }, 'frequencyOffset')
      await expectUpdateRejected(id, { frequency: 3 }, 'frequency')
      const read = await t.call('GET', `/v1/checks/${id}`)
      expect(read.json()).toEqual(created)
    })

    it('accepts frequency 0 with frequencyOffset 20 on update', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/icmp/${String(created.id)}`, { frequency: 0, frequencyOffset: 20 })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ frequency: 0, frequencyOffset: 20 })
    })

    it('returns 404 for an unknown id and creates nothing', async () => {
      const before = await total()
      const res = await t.call('PUT', `/v1/checks/icmp/${randomUUID()}`, minimal())
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect(await total()).toBe(before)
    })

    it('returns 404 when the id is a check of another type', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/tcp/${String(created.id)}`, { name: 'other type' })
      expect(res.statusCode, res.body).toBe(404)
      expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toEqual(created)
    })
  })

  describe('read and delete', () => {
    it('reads, deletes with 204 and then 404s', async () => {
      const created = await create(minimal({ tags: ['icmp-gone'] }))
      const id = String(created.id)
      const read = await t.call('GET', `/v1/checks/${id}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toEqual(created)

      const listed = await t.call('GET', '/v1/checks?checkType=ICMP&limit=100&tag=icmp-gone')
      expect(listed.json<Json[]>().map((c) => c.id)).toEqual([id])

      const before = await total()
      const del = await t.call('DELETE', `/v1/checks/${id}`)
      expect(del.statusCode).toBe(204)
      expect(del.body).toBe('')
      expect(await total()).toBe(before - 1)

      const after = await t.call('GET', `/v1/checks/${id}`)
      expect(after.statusCode).toBe(404)
      expect(after.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(404)
      expect((await t.call('PUT', `/v1/checks/icmp/${id}`, { name: 'back' })).statusCode).toBe(404)
    })
  })
})
