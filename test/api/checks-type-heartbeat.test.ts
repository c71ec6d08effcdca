/** HEARTBEAT checks through the HTTP API: defaults, ping tokens, validation, update, read, delete. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { PUBLIC_BASE_URL, startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>
interface HeartbeatView { period: number; periodUnit: string; grace: number; graceUnit: string; pingToken: string; pingUrl: string }

const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }
const minimal = (extra: Json = {}): Json => ({ name: 'Nightly backup', heartbeat: HOURLY, script: '', ...extra })
const withHeartbeat = (heartbeat: Json, extra: Json = {}): Json => minimal({ heartbeat: { ...HOURLY, ...heartbeat }, ...extra })

/** Tokens unique to this run, so that the PostgreSQL run and reruns never collide with each other. */
const uniqueToken = (label: string) => `${label}_${randomUUID().replace(/-/g, '')}`

const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

describe.each(testDbs)('HEARTBEAT checks on $name', (db) => {
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
    const res = await t.call('POST', '/v1/checks/heartbeat', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json<Json>()
  }

  const heartbeatOf = (check: Json) => check.heartbeat as HeartbeatView

  /** A create that must fail with `status` naming `field`, and must store nothing. */
  const expectCreateRejected = async (body: Json, field: string, status = 400) => {
    const before = await total()
    const res = await t.call('POST', '/v1/checks/heartbeat', body)
    expect(res.statusCode, res.body).toBe(status)
    const err = res.json<{ statusCode: number; error: string; message: string; attributes: Json }>()
    expect(err.statusCode).toBe(status)
    expect(err.error).toBe(status === 400 ? 'Bad Request' : 'Conflict')
    expect(typeof err.message).toBe('string')
    expect(Object.keys(err.attributes)).toContain(field)
    expect(await total()).toBe(before)
  }

  const expectUpdateRejected = async (id: string, body: Json, field: string, status = 400) => {
    const res = await t.call('PUT', `/v1/checks/heartbeat/${id}`, body)
    expect(res.statusCode, res.body).toBe(status)
    expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toContain(field)
  }

  describe('create', () => {
    it('returns 201 with every default for the minimal body', async () => {
      const res = await t.call('POST', '/v1/checks/heartbeat', minimal())
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json<Json>()
      expect(body).toMatchObject({
        checkType: 'HEARTBEAT',
        name: 'Nightly backup',
        script: '',
        request: {},
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
        triggerIncident: null,
        runParallel: false,
        description: null,
        frequency: 10,
        environmentVariables: [],
        degradedResponseTime: 10000,
        maxResponseTime: 20000,
        scriptPath: null,
        sslCheckDomain: null,
        setupSnippetId: null,
        tearDownSnippetId: null,
        localSetupScript: null,
        localTearDownScript: null,
        alertChannels: { email: [], webhook: [], slack: [], sms: [] },
        updated_at: null,
      })
      expect(body.request).toEqual({})
      expect(body).not.toHaveProperty('retryStrategy')
      expect(body.alertSettings).toEqual(DEFAULT_ALERT_SETTINGS)
      expect(body.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] })
      expect(body.id).toEqual(expect.any(String))
      expect(Number.isInteger(body.frequencyOffset)).toBe(true)
      expect(body.frequencyOffset as number).toBeGreaterThanOrEqual(1)
      expect(body.frequencyOffset as number).toBeLessThanOrEqual(100)
      expect(new Date(String(body.created_at)).toISOString()).toBe(body.created_at)

      const hb = heartbeatOf(body)
      expect(hb).toMatchObject(HOURLY)
      expect(hb.pingToken).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
      expect(hb.pingUrl).toBe(`${PUBLIC_BASE_URL}/ping/${hb.pingToken}`)
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('generates a different token for every heartbeat', async () => {
      const a = heartbeatOf(await create()).pingToken
      const b = heartbeatOf(await create()).pingToken
      expect(a).not.toBe(b)
    })

    it('uses a given pingToken as is', async () => {
      const token = uniqueToken('backup-job')
      const body = await create(withHeartbeat({ pingToken: token }))
      expect(heartbeatOf(body).pingToken).toBe(token)
      expect(heartbeatOf(body).pingUrl).toBe(`http://picket.test/ping/${token}`)
      const read = await t.call('GET', `/v1/checks/${String(body.id)}`)
      expect(heartbeatOf(read.json<Json>())).toEqual(heartbeatOf(body))
    })

    it('accepts tokens of 8 and 128 characters', async () => {
      const short = `a${randomUUID().slice(0, 7)}`
      expect(heartbeatOf(await create(withHeartbeat({ pingToken: short }))).pingToken).toBe(short)
      const long = `${randomUUID()}${'x'.repeat(92)}`
      expect(long).toHaveLength(128)
      expect(heartbeatOf(await create(withHeartbeat({ pingToken: long }))).pingToken).toBe(long)
    })

    it('generates a token when pingToken is null', async () => {
      const hb = heartbeatOf(await create(withHeartbeat({ pingToken: null })))
      expect(hb.pingToken).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('ignores a pingUrl sent in the body', async () => {
      const hb = heartbeatOf(await create(withHeartbeat({ pingUrl: 'https://elsewhere.example/ping/abc' })))
      expect(hb.pingUrl).toBe(`http://picket.test/ping/${hb.pingToken}`)
    })

    it('accepts every unit and the bounds of period and grace', async () => {
      const cases: Json[] = [
        { period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' },
        { period: 0.5, periodUnit: 'minutes', grace: 0, graceUnit: 'minutes' },
        { period: 365, periodUnit: 'days', grace: 365, graceUnit: 'days' },
        { period: 8760, periodUnit: 'hours', grace: 8760, graceUnit: 'hours' },
        { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'hours' },
      ]
      for (const heartbeat of cases) {
        const hb = heartbeatOf(await create(minimal({ heartbeat })))
        expect(hb).toMatchObject(heartbeat)
      }
    })

    it('ignores retryStrategy, whatever it holds', async () => {
      const fixed = await create(minimal({ retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 3 } }))
      expect(fixed).not.toHaveProperty('retryStrategy')
      const odd = await create(minimal({ retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 5 } }))
      expect(odd).not.toHaveProperty('retryStrategy')
      const read = await t.call('GET', `/v1/checks/${String(odd.id)}`)
      expect(read.json()).not.toHaveProperty('retryStrategy')
    })

    it('always returns request as the empty object', async () => {
      expect((await create(minimal({ request: null }))).request).toEqual({})
      const created = await create(minimal({ request: { url: 'https://example.com', method: 'GET' } }))
      expect(created.request).toEqual({})
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { request: null })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<Json>().request).toEqual({})
    })

    it('returns the given optional fields', async () => {
      const body = await create(
        minimal({
          degradedResponseTime: 0,
          maxResponseTime: 300000,
          frequency: 7,
          tags: ['cron'],
          description: 'Pinged by the backup job',
          muted: true,
          environmentVariables: [{ key: 'JOB', value: 'backup' }],
          request: {},
        }),
      )
      expect(body).toMatchObject({
        degradedResponseTime: 0,
        maxResponseTime: 300000,
        frequency: 7,
        tags: ['cron'],
        description: 'Pinged by the backup job',
        muted: true,
        environmentVariables: [{ key: 'JOB', value: 'backup', locked: false, secret: false }],
        request: {},
      })
      expect(body.frequencyOffset as number).toBeGreaterThanOrEqual(1)
      expect(body.frequencyOffset as number).toBeLessThanOrEqual(70)
    })
  })

  describe('create validation', () => {
    it('requires name, heartbeat and script', async () => {
      const { name: _n, ...noName } = minimal()
      const { heartbeat: _h, ...noHeartbeat } = minimal()
      const { script: _s, ...noScript } = minimal()
      await expectCreateRejected(noName, 'name')
      await expectCreateRejected(noHeartbeat, 'heartbeat')
      await expectCreateRejected(noScript, 'script')
    })

    it('requires period, periodUnit, grace and graceUnit', async () => {
      for (const field of ['period', 'periodUnit', 'grace', 'graceUnit'] as const) {
        const { [field]: _omitted, ...heartbeat } = HOURLY
        await expectCreateRejected(minimal({ heartbeat }), `heartbeat.${field}`)
      }
    })

    it('rejects units other than seconds, minutes, hours and days', async () => {
      await expectCreateRejected(withHeartbeat({ periodUnit: 'weeks' }), 'heartbeat.periodUnit')
      await expectCreateRejected(withHeartbeat({ periodUnit: 'Hours' }), 'heartbeat.periodUnit')
      await expectCreateRejected(withHeartbeat({ graceUnit: 'months' }), 'heartbeat.graceUnit')
    })

    it('rejects a period under 30 seconds', async () => {
      await expectCreateRejected(withHeartbeat({ period: 29, periodUnit: 'seconds' }), 'heartbeat.period')
      await expectCreateRejected(withHeartbeat({ period: 0.4, periodUnit: 'minutes' }), 'heartbeat.period')
      await expectCreateRejected(withHeartbeat({ period: 0 }), 'heartbeat.period')
      await expectCreateRejected(withHeartbeat({ period: -1 }), 'heartbeat.period')
    })

    it('rejects a period over 365 days', async () => {
      await expectCreateRejected(withHeartbeat({ period: 366, periodUnit: 'days' }), 'heartbeat.period')
      await expectCreateRejected(withHeartbeat({ period: 8761, periodUnit: 'hours' }), 'heartbeat.period')
    })

    it('rejects a grace below 0 or over 365 days', async () => {
      await expectCreateRejected(withHeartbeat({ grace: -1 }), 'heartbeat.grace')
      await expectCreateRejected(withHeartbeat({ grace: 366, graceUnit: 'days' }), 'heartbeat.grace')
    })

    it('rejects non-numeric period and grace', async () => {
      await expectCreateRejected(withHeartbeat({ period: '1' }), 'heartbeat.period')
      await expectCreateRejected(withHeartbeat({ grace: '10' }), 'heartbeat.grace')
    })

    it('rejects ping tokens that do not match the pattern', async () => {
      await expectCreateRejected(withHeartbeat({ pingToken: 'short' }), 'heartbeat.pingToken')
      await expectCreateRejected(withHeartbeat({ pingToken: 'abcdefg' }), 'heartbeat.pingToken')
      await expectCreateRejected(withHeartbeat({ pingToken: 'x'.repeat(129) }), 'heartbeat.pingToken')
      await expectCreateRejected(withHeartbeat({ pingToken: 'has spaces in it' }), 'heartbeat.pingToken')
      await expectCreateRejected(withHeartbeat({ pingToken: 'slash/in/token' }), 'heartbeat.pingToken')
    })

    it('rejects a pingToken already used by another heartbeat with 409', async () => {
      const token = uniqueToken('shared')
      await create(withHeartbeat({ pingToken: token }))
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('rejects a generated token reused by a second heartbeat with 409', async () => {
      const token = heartbeatOf(await create()).pingToken
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('rejects a pingToken used by a heartbeat of another account with 409', async () => {
      const token = uniqueToken('cross')
      const other = await t.otherAccount()
      const first = await t.call('POST', '/v1/checks/heartbeat', withHeartbeat({ pingToken: token }), other.headers)
      expect(first.statusCode, first.body).toBe(201)
      await expectCreateRejected(withHeartbeat({ pingToken: token }), 'heartbeat.pingToken', 409)
    })

    it('frees the token when its heartbeat is deleted', async () => {
      const token = uniqueToken('freed')
      const first = await create(withHeartbeat({ pingToken: token }))
      expect((await t.call('DELETE', `/v1/checks/${String(first.id)}`)).statusCode).toBe(204)
      expect(heartbeatOf(await create(withHeartbeat({ pingToken: token }))).pingToken).toBe(token)
    })

    it('rejects response times outside 0..300000', async () => {
      await expectCreateRejected(minimal({ degradedResponseTime: 300001 }), 'degradedResponseTime')
      await expectCreateRejected(minimal({ maxResponseTime: 300001 }), 'maxResponseTime')
      await expectCreateRejected(minimal({ degradedResponseTime: -1 }), 'degradedResponseTime')
      await expectCreateRejected(minimal({ maxResponseTime: -1 }), 'maxResponseTime')
    })

    it('rejects a non-integer frequency and bad offsets', async () => {
      await expectCreateRejected(minimal({ frequency: 1.5 }), 'frequency')
      await expectCreateRejected(minimal({ frequency: -1 }), 'frequency')
      await expectCreateRejected(minimal({ frequencyOffset: 0 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequency: 10, frequencyOffset: 101 }), 'frequencyOffset')
    })

    it('rejects 51 environment variables and accepts 50', async () => {
      const vars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `HB_${i}`, value: String(i) }))
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
      const created = await create(minimal({ tags: ['nightly'] }))
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { name: 'Renamed', maxResponseTime: 250000 })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json<Json>()
      expect(updated).toEqual({ ...created, name: 'Renamed', maxResponseTime: 250000, updated_at: expect.any(String) })
      expect(new Date(String(updated.updated_at)).toISOString()).toBe(updated.updated_at)
      const read = await t.call('GET', `/v1/checks/${String(created.id)}`)
      expect(read.json()).toEqual(updated)
    })

    it('keeps the token and pingUrl when a new period omits pingToken', async () => {
      const created = await create()
      const before = heartbeatOf(created)
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, {
        heartbeat: { period: 2, periodUnit: 'days', grace: 1, graceUnit: 'hours' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const after = heartbeatOf(res.json<Json>())
      expect(after).toEqual({ period: 2, periodUnit: 'days', grace: 1, graceUnit: 'hours', pingToken: before.pingToken, pingUrl: before.pingUrl })
    })

    it('keeps the token when pingToken is null', async () => {
      const created = await create(withHeartbeat({ pingToken: uniqueToken('keep') }))
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { heartbeat: { ...HOURLY, pingToken: null } })
      expect(res.statusCode, res.body).toBe(200)
      expect(heartbeatOf(res.json<Json>()).pingToken).toBe(heartbeatOf(created).pingToken)
    })

    it('changes the token and pingUrl when a new one is given, and accepts its own token again', async () => {
      const created = await create()
      const token = uniqueToken('renewed')
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { heartbeat: { ...HOURLY, pingToken: token } })
      expect(res.statusCode, res.body).toBe(200)
      expect(heartbeatOf(res.json<Json>())).toMatchObject({ pingToken: token, pingUrl: `http://picket.test/ping/${token}` })
      const again = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { heartbeat: { ...HOURLY, period: 3, pingToken: token } })
      expect(again.statusCode, again.body).toBe(200)
      expect(heartbeatOf(again.json<Json>())).toMatchObject({ period: 3, pingToken: token })
      // The old token is free again.
      const reuse = await create(withHeartbeat({ pingToken: heartbeatOf(created).pingToken }))
      expect(heartbeatOf(reuse).pingToken).toBe(heartbeatOf(created).pingToken)
    })

    it('accepts the body it returned (pingUrl included) as an update', async () => {
      const created = await create()
      const { id: _id, checkType: _ct, created_at: _c, updated_at: _u, alertChannels: _a, ...editable } = created
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { ...editable, name: 'Round trip' })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ ...created, name: 'Round trip', updated_at: expect.any(String) })
    })

    it('ignores retryStrategy on update', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/heartbeat/${String(created.id)}`, { retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 4 } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).not.toHaveProperty('retryStrategy')
    })

    it('rejects a token used by another heartbeat with 409 and leaves the check unchanged', async () => {
      const taken = heartbeatOf(await create()).pingToken
      const created = await create()
      await expectUpdateRejected(String(created.id), { heartbeat: { ...HOURLY, pingToken: taken } }, 'heartbeat.pingToken', 409)
      expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toEqual(created)
    })

    it('rejects an invalid update and leaves the check unchanged', async () => {
      const created = await create()
      const id = String(created.id)
      await expectUpdateRejected(id, { heartbeat: { ...HOURLY, period: 29, periodUnit: 'seconds' } }, 'heartbeat.period')
      await expectUpdateRejected(id, { heartbeat: { ...HOURLY, period: 366, periodUnit: 'days' } }, 'heartbeat.period')
      await expectUpdateRejected(id, { heartbeat: { ...HOURLY, grace: -1 } }, 'heartbeat.grace')
      await expectUpdateRejected(id, { heartbeat: { ...HOURLY, periodUnit: 'fortnights' } }, 'heartbeat.periodUnit')
      await expectUpdateRejected(id, { heartbeat: { period: 2, periodUnit: 'hours' } }, 'heartbeat.grace')
      await expectUpdateRejected(id, { heartbeat: { ...HOURLY, pingToken: 'short' } }, 'heartbeat.pingToken')
      await expectUpdateRejected(id, { maxResponseTime: 300001 }, 'maxResponseTime')
      await expectUpdateRejected(id, { description: 'x'.repeat(501) }, 'description')
      expect((await t.call('GET', `/v1/checks/${id}`)).json()).toEqual(created)
    })

    it('returns 404 for an unknown id and creates nothing', async () => {
      const before = await total()
      const res = await t.call('PUT', `/v1/checks/heartbeat/${randomUUID()}`, withHeartbeat({ pingToken: uniqueToken('ghost') }))
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect(await total()).toBe(before)
    })

    it('returns 404 when the id is a check of another type', async () => {
      const created = await create()
      const res = await t.call('PUT', `/v1/checks/icmp/${String(created.id)}`, { name: 'other type' })
      expect(res.statusCode, res.body).toBe(404)
      expect((await t.call('GET', `/v1/checks/${String(created.id)}`)).json()).toEqual(created)
    })
  })

  describe('read and delete', () => {
    it('reads, deletes with 204 and then 404s', async () => {
      const created = await create(minimal({ tags: ['hb-gone'] }))
      const id = String(created.id)
      const read = await t.call('GET', `/v1/checks/${id}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toEqual(created)

      const listed = await t.call('GET', '/v1/checks?checkType=HEARTBEAT&limit=100&tag=hb-gone')
      const items = listed.json<Json[]>()
      expect(items.map((c) => c.id)).toEqual([id])
      expect(heartbeatOf(items[0] as Json).pingUrl).toBe(heartbeatOf(created).pingUrl)

      const before = await total()
      const del = await t.call('DELETE', `/v1/checks/${id}`)
      expect(del.statusCode).toBe(204)
      expect(del.body).toBe('')
      expect(await total()).toBe(before - 1)

      const after = await t.call('GET', `/v1/checks/${id}`)
      expect(after.statusCode).toBe(404)
      expect(after.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(404)
      expect((await t.call('PUT', `/v1/checks/heartbeat/${id}`, { name: 'back' })).statusCode).toBe(404)
    })
  })
})
