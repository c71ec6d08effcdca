/**
 * BROWSER and MULTI_STEP checks through the HTTP API (they share their fields): defaults,
 * validation, update, read and delete, each at its own path and with its own checkType.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

type Json = Record<string, unknown>

const VARIANTS = [
  {
    segment: 'browser',
    checkType: 'BROWSER',
    name: 'Browser check',
    description: 'Home page journey',
    script: "const { test } = require('@playwright/test')\ntest('home', async ({ page }) => { await page.goto('https://example.com') })",
  },
  {
    segment: 'multistep',
    checkType: 'MULTI_STEP',
    name: 'Multi-step check',
    description: 'Order API flow',
    script: "const { test, expect } = require('@playwright/test')\ntest('api', async ({ request }) => { expect((await request.get('https://example.com/api')).ok()).toBe(true) })",
  },
]

const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: `value ${i}` }))

const CASES = testDbs.flatMap((db) => VARIANTS.map((v) => ({ db, v, label: `${v.checkType} checks on ${db.name}` })))

describe.each(CASES)('$label', ({ db, v }) => {
  const SCRIPT = v.script
  const minimal = (extra: Json = {}): Json => ({ name: v.name, script: SCRIPT, ...extra })
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

  const create = async (extra: Json = {}): Promise<Json> => {
    const res = await t.call('POST', `/v1/checks/${v.segment}`, minimal(extra))
    expect(res.statusCode, res.body).toBe(201)
    return res.json<Json>()
  }

  /** A create that must fail with 400 naming `field`, and must store nothing. */
  const expectCreateRejected = async (body: Json, field: string) => {
    const before = await total()
    const res = await t.call('POST', `/v1/checks/${v.segment}`, body)
    expect(res.statusCode, res.body).toBe(400)
    const err = res.json<{ statusCode: number; error: string; message: string; attributes: Json }>()
    expect(err.statusCode).toBe(400)
    expect(err.error).toBe('Bad Request')
    expect(typeof err.message).toBe('string')
    expect(Object.keys(err.attributes)).toContain(field)
    expect(await total()).toBe(before)
  }

  describe('create', () => {
    it('returns 201 with every default for the minimal body', async () => {
      const res = await t.call('POST', `/v1/checks/${v.segment}`, minimal())
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json<Json>()
      expect(body).toMatchObject({
        checkType: v.checkType,
        name: v.name,
        script: SCRIPT,
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
        scriptPath: null,
        sslCheckDomain: null,
        dependencies: [],
        alertChannels: { email: [], webhook: [], slack: [], sms: [] },
        updated_at: null,
      })
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

    it('returns the given optional fields', async () => {
      const body = await create({
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-west-1', 'us-east-1'],
        tags: ['web', 'critical'],
        description: v.description,
        frequency: 60,
        frequencyOffset: 42,
        runtimeId: '2025.04',
        runParallel: true,
        useGlobalAlertSettings: false,
        alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 }, reminders: { amount: 2, interval: 10 } },
        scriptPath: 'tests/home.spec.ts',
        sslCheckDomain: 'www.example.com',
        dependencies: [{ path: 'helpers/login.ts', content: 'export const login = () => 1' }],
        groupOrder: 0,
      })
      expect(body).toMatchObject({
        checkType: v.checkType,
        activated: false,
        muted: true,
        doubleCheck: false,
        shouldFail: true,
        locations: ['eu-west-1', 'us-east-1'],
        tags: ['web', 'critical'],
        description: v.description,
        frequency: 60,
        frequencyOffset: 42,
        runtimeId: '2025.04',
        runParallel: true,
        useGlobalAlertSettings: false,
        scriptPath: 'tests/home.spec.ts',
        sslCheckDomain: 'www.example.com',
        dependencies: [{ path: 'helpers/login.ts', content: 'export const login = () => 1' }],
        groupOrder: 0,
      })
      expect(body.alertSettings).toEqual({
        ...DEFAULT_ALERT_SETTINGS,
        runBasedEscalation: { failedRunThreshold: 3 },
        reminders: { amount: 2, interval: 10 },
      })
    })

    it('accepts frequency 1 and every other allowed frequency except 0', async () => {
      const one = await create({ frequency: 1 })
      expect(one.frequency).toBe(1)
      expect(one.frequencyOffset as number).toBeGreaterThanOrEqual(1)
      expect(one.frequencyOffset as number).toBeLessThanOrEqual(10)
      const daily = await create({ frequency: 1440 })
      expect(daily.frequency).toBe(1440)
      expect(daily.frequencyOffset as number).toBeGreaterThanOrEqual(1)
      expect(daily.frequencyOffset as number).toBeLessThanOrEqual(24)
    })

    it('defaults environment variable entries to locked false and secret false, and never returns a secret value', async () => {
      const body = await create({
        environmentVariables: [
          { key: 'BASE_URL', value: 'https://example.com' },
          { key: '_TOKEN', value: 's3cret', locked: true, secret: true },
        ],
      })
      expect(body.environmentVariables).toEqual([
        { key: 'BASE_URL', value: 'https://example.com', locked: false, secret: false },
        { key: '_TOKEN', value: null, locked: true, secret: true },
      ])
    })

    it('treats null lists on create as empty', async () => {
      const body = await create({ environmentVariables: null, locations: null, tags: null, dependencies: null })
      expect(body).toMatchObject({ environmentVariables: [], locations: [], tags: [], dependencies: [] })
    })

    it('accepts 50 environment variables', async () => {
      const body = await create({ environmentVariables: envVars(50) })
      expect(body.environmentVariables).toHaveLength(50)
      expect((body.environmentVariables as Json[])[49]).toEqual({ key: 'VAR_49', value: 'value 49', locked: false, secret: false })
    })
  })

  describe('create validation', () => {
    it('requires name', async () => {
      await expectCreateRejected({ script: SCRIPT }, 'name')
    })

    it('requires script', async () => {
      await expectCreateRejected({ name: 'no script' }, 'script')
    })

    it('rejects an empty script', async () => {
      await expectCreateRejected(minimal({ script: '' }), 'script')
    })

    it('rejects frequency 0', async () => {
      await expectCreateRejected(minimal({ frequency: 0 }), 'frequency')
      await expectCreateRejected(minimal({ frequency: 0, frequencyOffset: 10 }), 'frequency')
    })

    it('rejects a frequency outside the allowed values', async () => {
      await expectCreateRejected(minimal({ frequency: 3 }), 'frequency')
      await expectCreateRejected(minimal({ frequency: '10' }), 'frequency')
    })

    it('rejects a frequencyOffset outside the bounds of its frequency', async () => {
      await expectCreateRejected(minimal({ frequencyOffset: 0 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequency: 10, frequencyOffset: 101 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequency: 1, frequencyOffset: 11 }), 'frequencyOffset')
      await expectCreateRejected(minimal({ frequency: 120, frequencyOffset: 3 }), 'frequencyOffset')
    })

    it('rejects 51 environment variables', async () => {
      await expectCreateRejected(minimal({ environmentVariables: envVars(51) }), 'environmentVariables')
    })

    it('rejects environment variable keys that are not identifiers', async () => {
      for (const key of ['1ST', 'MY-VAR', 'has space', '']) {
        await expectCreateRejected(minimal({ environmentVariables: [{ key, value: 'x' }] }), 'environmentVariables[0].key')
      }
    })

    it('requires an environment variable value', async () => {
      await expectCreateRejected(minimal({ environmentVariables: [{ key: 'A' }] }), 'environmentVariables[0].value')
    })

    it('rejects a description over 500 characters', async () => {
      await expectCreateRejected(minimal({ description: 'x'.repeat(501) }), 'description')
      expect((await create({ description: 'x'.repeat(500) })).description).toBe('x'.repeat(500))
    })

    it('rejects a negative groupOrder', async () => {
      await expectCreateRejected(minimal({ groupOrder: -1 }), 'groupOrder')
    })

    it('rejects unknown locations and runtimes', async () => {
      await expectCreateRejected(minimal({ locations: ['mars-north-1'] }), 'locations[0]')
      await expectCreateRejected(minimal({ runtimeId: '2019.01' }), 'runtimeId')
    })

    it('rejects dependencies without path or content', async () => {
      await expectCreateRejected(minimal({ dependencies: [{ content: 'x' }] }), 'dependencies[0].path')
      await expectCreateRejected(minimal({ dependencies: [{ path: 'a.ts' }] }), 'dependencies[0].content')
    })

    it('names every offending field at once', async () => {
      const res = await t.call('POST', `/v1/checks/${v.segment}`, { name: 'x', frequency: 0, description: 'x'.repeat(501) })
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toEqual(expect.arrayContaining(['script', 'frequency', 'description']))
    })
  })

  describe('update', () => {
    it('changes the given fields, keeps the absent ones and sets updated_at', async () => {
      const created = await create({ tags: ['a'], environmentVariables: [{ key: 'K', value: 'v' }], frequency: 30 })
      const res = await t.call('PUT', `/v1/checks/${v.segment}/${String(created.id)}`, { name: 'Renamed', script: 'console.log(1)' })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json<Json>()
      expect(updated).toEqual({ ...created, name: 'Renamed', script: 'console.log(1)', updated_at: expect.any(String) })
      expect(new Date(String(updated.updated_at)).toISOString()).toBe(updated.updated_at)
      const read = await t.call('GET', `/v1/checks/${String(created.id)}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toEqual(updated)
    })

    it('keeps lists when they are sent as null', async () => {
      const created = await create({ tags: ['keep'], environmentVariables: [{ key: 'K', value: 'v' }] })
      const res = await t.call('PUT', `/v1/checks/${v.segment}/${String(created.id)}`, { tags: null, environmentVariables: null })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ tags: ['keep'], environmentVariables: [{ key: 'K', value: 'v', locked: false, secret: false }] })
    })

    it('accepts frequency 1 and keeps a valid offset', async () => {
      const created = await create({ frequency: 10, frequencyOffset: 5 })
      const res = await t.call('PUT', `/v1/checks/${v.segment}/${String(created.id)}`, { frequency: 1 })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ frequency: 1, frequencyOffset: 5 })
    })

    it('moves an offset that the new frequency no longer allows back into its range', async () => {
      const created = await create({ frequency: 10, frequencyOffset: 42 })
      const res = await t.call('PUT', `/v1/checks/${v.segment}/${String(created.id)}`, { frequency: 120 })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json<Json>()
      expect(updated.frequency).toBe(120)
      expect([1, 2]).toContain(updated.frequencyOffset)
    })

    it('rejects an invalid update and leaves the check unchanged', async () => {
      const created = await create()
      const url = `/v1/checks/${v.segment}/${String(created.id)}`
      for (const [body, field] of [
        [{ frequency: 0 }, 'frequency'],
        [{ script: '' }, 'script'],
        [{ environmentVariables: envVars(51) }, 'environmentVariables'],
        [{ description: 'x'.repeat(501) }, 'description'],
        [{ name: 'ok', frequencyOffset: 500 }, 'frequencyOffset'],
      ] as const) {
        const res = await t.call('PUT', url, body)
        expect(res.statusCode, res.body).toBe(400)
        expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toContain(field)
      }
      const read = await t.call('GET', `/v1/checks/${String(created.id)}`)
      expect(read.json()).toEqual(created)
    })

    it('returns 404 for an unknown id and creates nothing', async () => {
      const before = await total()
      const res = await t.call('PUT', `/v1/checks/${v.segment}/${randomUUID()}`, minimal())
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect(await total()).toBe(before)
    })

    it('returns 404 when the id is a check of another type', async () => {
      const created = await create()
      const other = v.segment === 'browser' ? 'multistep' : 'browser'
      const res = await t.call('PUT', `/v1/checks/${other}/${String(created.id)}`, { name: 'other type' })
      expect(res.statusCode, res.body).toBe(404)
      const read = await t.call('GET', `/v1/checks/${String(created.id)}`)
      expect(read.json()).toEqual(created)
    })
  })

  describe('read and delete', () => {
    it('reads, deletes with 204 and then 404s', async () => {
      const created = await create({ tags: ['gone'] })
      const id = String(created.id)
      const read = await t.call('GET', `/v1/checks/${id}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toEqual(created)

      const listed = await t.call('GET', `/v1/checks?checkType=${v.checkType}&limit=100&tag=gone`)
      expect(listed.json<Json[]>().map((c) => c.id)).toContain(id)

      const before = await total()
      const del = await t.call('DELETE', `/v1/checks/${id}`)
      expect(del.statusCode).toBe(204)
      expect(del.body).toBe('')
      expect(await total()).toBe(before - 1)

      const after = await t.call('GET', `/v1/checks/${id}`)
      expect(after.statusCode).toBe(404)
      expect(after.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(404)
      expect((await t.call('PUT', `/v1/checks/${v.segment}/${id}`, { name: 'back' })).statusCode).toBe(404)
    })
  })
})
