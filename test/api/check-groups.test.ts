/** Check groups through the HTTP API, and how a group's settings apply to its checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores, type Stores } from '../../src/services/stores.js'

type Json = Record<string, unknown>

const DEFAULT_GROUP = {
  activated: true,
  muted: false,
  tags: [],
  locations: [],
  concurrency: 3,
  apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null },
  browserCheckDefaults: {},
  runtimeId: null,
  environmentVariables: [],
  alertChannelSubscriptions: [],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: null,
  localTearDownScript: null,
  privateLocations: [],
  runParallel: false,
  alertSettings: null,
  retryStrategy: 'FALLBACK',
  useGlobalAlertSettings: null,
  doubleCheck: false,
  updated_at: null,
}

const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

describe.each(testDbs)('check groups on $name', (db) => {
  let t: TestApp
  let stores: Stores
  beforeAll(async () => {
    t = await startTestApp(db)
    stores = buildStores(t.store)
  })
  afterAll(() => t.close())

  const total = async (headers?: Record<string, string>): Promise<number> => {
    const res = await t.call('GET', '/v1/check-groups?limit=1', undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return Number(String(res.headers['content-range']).split('/')[1])
  }
  const create = async (body: Json, query = '') => {
    const res = await t.call('POST', `/v2/check-groups${query}`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const get = async (url: string) => {
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const createCheck = async (body: Json, segment = 'api') => {
    const res = await t.call('POST', `/v1/checks/${segment}`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const addChannel = async (accountId: string, address: string) =>
    (
      await stores.alertChannels.insert(
        accountId,
        { type: 'EMAIL', config: { address }, sendRecovery: true, sendFailure: true, sendDegraded: false, sslExpiry: false, sslExpiryThreshold: 30, autoSubscribe: false },
        Date.now(),
      )
    ).id
  const expectRejected = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string) => {
    const before = await total()
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) })
    expect(Object.keys(res.json().attributes), res.body).toContain(field)
    expect(await total()).toBe(before)
  }

  describe('create and read', () => {
    it('creates with every default for a body holding only a name', async () => {
      const group = await create({ name: 'Defaults' }, '?autoAssignAlerts=false')
      expect(group).toMatchObject({ name: 'Defaults', ...DEFAULT_GROUP })
      expect(Number.isInteger(group.id)).toBe(true)
      expect(isIsoDate(group.created_at)).toBe(true)
      expect(await get(`/v1/check-groups/${String(group.id)}`)).toEqual(group)
    })

    it('stores every field and fills nested defaults', async () => {
      const snippet = await stores.snippets.insert(t.accountId, { name: 's', script: 'x' }, Date.now())
      await stores.privateLocations.insert(t.accountId, { name: 'Office', slugName: 'office-pl' }, Date.now())
      const body = {
        name: 'Full',
        activated: false,
        muted: true,
        tags: ['team', 'prod'],
        locations: ['eu-west-1', 'us-east-1'],
        concurrency: 100,
        apiCheckDefaults: {
          url: 'https://api.example.com/v1',
          headers: [{ key: 'X-Api', value: '1' }],
          queryParameters: [{ key: 'page', value: '1', locked: true }],
          assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 200 }],
          basicAuth: { username: 'u', password: 'p' },
        },
        browserCheckDefaults: { viewport: 'wide' },
        runtimeId: '2025.04',
        environmentVariables: [{ key: 'BASE', value: 'x' }],
        setupSnippetId: snippet.id,
        tearDownSnippetId: snippet.id,
        localSetupScript: 'setup()',
        localTearDownScript: 'teardown()',
        privateLocations: ['office-pl'],
        runParallel: null,
        alertSettings: { reminders: { amount: 2 } },
        retryStrategy: { type: 'FIXED' },
        useGlobalAlertSettings: false,
        doubleCheck: true,
        // read-only and unknown fields are ignored
        id: 42,
        created_at: '2000-01-01',
        colour: 'blue',
      }
      const group = await create(body, '?autoAssignAlerts=false')
      const { id: _id, created_at: _c, colour: _colour, apiCheckDefaults: _a, alertSettings: _s, retryStrategy: _r, environmentVariables: _e, ...echoed } = body
      expect(group).toMatchObject({
        ...echoed,
        apiCheckDefaults: {
          url: 'https://api.example.com/v1',
          headers: [{ key: 'X-Api', value: '1', locked: false }],
          queryParameters: [{ key: 'page', value: '1', locked: true }],
          assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', property: '', regex: null }],
          basicAuth: { username: 'u', password: 'p' },
        },
        environmentVariables: [{ key: 'BASE', value: 'x', locked: false, secret: false }],
        alertSettings: { ...DEFAULT_ALERT_SETTINGS, reminders: { amount: 2, interval: 5 } },
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] },
      })
      expect(group.id).not.toBe(42)
      expect(group.created_at).not.toBe('2000-01-01')
      expect(group).not.toHaveProperty('colour')
    })

    it('accepts null for lists and settings on create, meaning their defaults', async () => {
      const group = await create(
        { name: 'Nulls', tags: null, locations: null, privateLocations: null, environmentVariables: null, apiCheckDefaults: null, retryStrategy: null, alertSettings: null },
        '?autoAssignAlerts=false',
      )
      expect(group).toMatchObject({ ...DEFAULT_GROUP, name: 'Nulls' })
    })

    it('accepts {{GROUP_BASE_URL}}-free empty base URL and a FALLBACK retry strategy', async () => {
      const group = await create({ name: 'Fallback', apiCheckDefaults: { url: '' }, retryStrategy: 'FALLBACK' }, '?autoAssignAlerts=false')
      expect(group.retryStrategy).toBe('FALLBACK')
      expect(group.apiCheckDefaults).toEqual(DEFAULT_GROUP.apiCheckDefaults)
    })

    it('also answers the deprecated POST /v1/check-groups', async () => {
      const res = await t.call('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Via v1' })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ name: 'Via v1', ...DEFAULT_GROUP })
    })
  })

  describe('validation', () => {
    const base = { name: 'Invalid' }
    const cases: Array<[string, Json, string]> = [
      ['name missing', { tags: [] }, 'name'],
      ['name empty', { name: '' }, 'name'],
      ['name blank', { name: '   ' }, 'name'],
      ['name too long', { name: 'x'.repeat(256) }, 'name'],
      ['name not a string', { name: 7 }, 'name'],
      ['activated not a boolean', { ...base, activated: 'yes' }, 'activated'],
      ['muted not a boolean', { ...base, muted: 1 }, 'muted'],
      ['tags not a list', { ...base, tags: 'prod' }, 'tags'],
      ['unknown location', { ...base, locations: ['mars-1'] }, 'locations[0]'],
      ['concurrency 0', { ...base, concurrency: 0 }, 'concurrency'],
      ['concurrency above 100', { ...base, concurrency: 101 }, 'concurrency'],
      ['concurrency fractional', { ...base, concurrency: 1.5 }, 'concurrency'],
      ['concurrency as text', { ...base, concurrency: '3' }, 'concurrency'],
      ['base URL with another scheme', { ...base, apiCheckDefaults: { url: 'ftp://example.com' } }, 'apiCheckDefaults.url'],
      ['base URL not a URL', { ...base, apiCheckDefaults: { url: 'example.com/api' } }, 'apiCheckDefaults.url'],
      ['header with an empty key', { ...base, apiCheckDefaults: { headers: [{ key: '', value: 'x' }] } }, 'apiCheckDefaults.headers[0].key'],
      [
        'assertion source unknown',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'BODY_SIZE', comparison: 'EQUALS', target: '1' }] } },
        'apiCheckDefaults.assertions[0].source',
      ],
      [
        'assertion STATUS_CODE target not a number',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: 'abc' }] } },
        'apiCheckDefaults.assertions[0].target',
      ],
      [
        'assertion JSON_BODY property not a JSONPath',
        { ...base, apiCheckDefaults: { assertions: [{ source: 'JSON_BODY', comparison: 'EQUALS', property: 'id', target: '1' }] } },
        'apiCheckDefaults.assertions[0].property',
      ],
      ['basicAuth without a password', { ...base, apiCheckDefaults: { basicAuth: { username: 'u' } } }, 'apiCheckDefaults.basicAuth.password'],
      ['browserCheckDefaults a number', { ...base, browserCheckDefaults: 5 }, 'browserCheckDefaults'],
      ['runtimeId unknown', { ...base, runtimeId: '1999.01' }, 'runtimeId'],
      ['101 environment variables', { ...base, environmentVariables: Array.from({ length: 101 }, (_, i) => ({ key: `V${i}`, value: '' })) }, 'environmentVariables'],
      ['environment variable key with a dash', { ...base, environmentVariables: [{ key: 'BAD-KEY', value: '' }] }, 'environmentVariables[0].key'],
      ['retryStrategy an unknown word', { ...base, retryStrategy: 'ALWAYS' }, 'retryStrategy'],
      ['retryStrategy with maxRetries 11', { ...base, retryStrategy: { type: 'FIXED', maxRetries: 11 } }, 'retryStrategy.maxRetries'],
      ['SINGLE_RETRY with maxRetries', { ...base, retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 3 } }, 'retryStrategy.maxRetries'],
      ['alertSettings reminders amount 7', { ...base, alertSettings: { reminders: { amount: 7 } } }, 'alertSettings.reminders.amount'],
      ['runParallel as text', { ...base, runParallel: 'yes' }, 'runParallel'],
      ['useGlobalAlertSettings as text', { ...base, useGlobalAlertSettings: 'no' }, 'useGlobalAlertSettings'],
      ['doubleCheck as a number', { ...base, doubleCheck: 1 }, 'doubleCheck'],
      ['setupSnippetId 0', { ...base, setupSnippetId: 0 }, 'setupSnippetId'],
      ['localSetupScript a number', { ...base, localSetupScript: 5 }, 'localSetupScript'],
      ['missing setup snippet', { ...base, setupSnippetId: 999999 }, 'setupSnippetId'],
      ['missing teardown snippet', { ...base, tearDownSnippetId: 999999 }, 'tearDownSnippetId'],
      ['missing private location', { ...base, privateLocations: ['nowhere'] }, 'privateLocations[0]'],
      ['missing alert channel', { ...base, alertChannelSubscriptions: [{ alertChannelId: 999999, activated: true }] }, 'alertChannelSubscriptions[0].alertChannelId'],
    ]
    it.each(cases)('rejects %s on create', async (_name, body, field) => {
      await expectRejected('POST', '/v2/check-groups', body, field)
    })

    it('rejects a body that is not an object', async () => {
      const res = await t.call('POST', '/v2/check-groups', [])
      expect(res.statusCode).toBe(400)
    })

    it.each(cases.filter(([name]) => name !== 'name missing'))('rejects %s on update and keeps the stored group', async (_name, body, field) => {
      const group = await create({ name: 'Keep me' }, '?autoAssignAlerts=false')
      const url = `/v2/check-groups/${String(group.id)}`
      const res = await t.call('PUT', url, { name: 'Keep me', ...body })
      expect(res.statusCode, res.body).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain(field)
      expect(await get(`/v1/check-groups/${String(group.id)}`)).toEqual(group)
    })

    it('rejects autoAssignAlerts that is not a boolean', async () => {
      const res = await t.call('POST', '/v2/check-groups?autoAssignAlerts=maybe', { name: 'x' })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().attributes)).toContain('autoAssignAlerts')
    })
  })

  describe('update', () => {
    it('requires name on PUT /v2 and keeps fields left out', async () => {
      const group = await create({ name: 'Before', tags: ['a'], concurrency: 5, muted: true, alertSettings: {} }, '?autoAssignAlerts=false')
      const url = `/v2/check-groups/${String(group.id)}`
      const missing = await t.call('PUT', url, { tags: ['b'] })
      expect(missing.statusCode).toBe(400)
      expect(Object.keys(missing.json().attributes)).toContain('name')

      const res = await t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'After', concurrency: 7, tags: null })
      expect(res.statusCode, res.body).toBe(200)
      const updated = res.json()
      expect(updated).toMatchObject({ id: group.id, name: 'After', concurrency: 7, tags: ['a'], muted: true, alertSettings: DEFAULT_ALERT_SETTINGS })
      expect(updated.created_at).toBe(group.created_at)
      expect(isIsoDate(updated.updated_at)).toBe(true)
      expect(await get(`/v1/check-groups/${String(group.id)}`)).toEqual(updated)
    })

    it('sets nullable settings back to null and FALLBACK', async () => {
      const group = await create(
        { name: 'Settings', alertSettings: {}, useGlobalAlertSettings: false, runParallel: true, retryStrategy: { type: 'LINEAR' }, setupSnippetId: null },
        '?autoAssignAlerts=false',
      )
      const res = await t.call('PUT', `/v2/check-groups/${String(group.id)}?autoAssignAlerts=false`, {
        name: 'Settings',
        alertSettings: null,
        useGlobalAlertSettings: null,
        runParallel: null,
        retryStrategy: 'FALLBACK',
        apiCheckDefaults: { url: 'https://x.example.com' },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        alertSettings: null,
        useGlobalAlertSettings: null,
        runParallel: null,
        retryStrategy: 'FALLBACK',
        apiCheckDefaults: { url: 'https://x.example.com', headers: [], queryParameters: [], assertions: [], basicAuth: null },
      })
    })

    it('lets the deprecated PUT /v1 leave out the name', async () => {
      const group = await create({ name: 'Named' }, '?autoAssignAlerts=false')
      const res = await t.call('PUT', `/v1/check-groups/${String(group.id)}?autoAssignAlerts=false`, { muted: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ name: 'Named', muted: true })
    })
  })

  describe('list', () => {
    // A fresh account of its own, so the other suites' groups do not count.
    let headers: Record<string, string>
    beforeAll(async () => {
      headers = (await t.otherAccount()).headers
      for (const [name, tags] of [
        ['Alpha', ['prod']],
        ['Beta', ['staging']],
        ['Gamma', ['prod', 'eu']],
        ['Alpha', []],
        ['Delta', ['infra']],
      ] as const) {
        const res = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name, tags }, headers)
        expect(res.statusCode, res.body).toBe(201)
      }
    })
    const list = async (query: string) => {
      const res = await t.call('GET', `/v1/check-groups${query}`, undefined, headers)
      expect(res.statusCode, res.body).toBe(200)
      return { names: (res.json() as Json[]).map((g) => g.name), range: res.headers['content-range'] }
    }

    it('pages a bare array with Content-Range', async () => {
      expect(await list('')).toEqual({ names: ['Alpha', 'Beta', 'Gamma', 'Alpha', 'Delta'], range: '0-4/5' })
      expect(await list('?limit=2&page=2')).toEqual({ names: ['Gamma', 'Alpha'], range: '2-3/5' })
      expect(await list('?limit=2&page=4')).toEqual({ names: [], range: '*/5' })
    })

    it('filters by exact name, repeatable', async () => {
      expect(await list('?name=Alpha')).toEqual({ names: ['Alpha', 'Alpha'], range: '0-1/2' })
      expect((await list('?name=Beta&name=Delta')).names).toEqual(['Beta', 'Delta'])
      expect((await list('?name=alpha')).names).toEqual([])
      expect((await list('?name=Alp')).names).toEqual([])
    })

    it('filters by tag (any of) and pages the filtered list', async () => {
      expect((await list('?tag=prod')).names).toEqual(['Alpha', 'Gamma'])
      expect((await list('?tag=staging&tag=infra')).names).toEqual(['Beta', 'Delta'])
      expect(await list('?tag=prod&limit=1&page=2')).toEqual({ names: ['Gamma'], range: '1-1/2' })
      expect((await list('?tag=prod&name=Gamma')).names).toEqual(['Gamma'])
    })

    it('rejects limit and page out of range', async () => {
      for (const q of ['?limit=0', '?limit=101', '?page=0']) {
        const res = await t.call('GET', `/v1/check-groups${q}`, undefined, headers)
        expect(res.statusCode, q).toBe(400)
      }
    })
  })

  describe('404s', () => {
    const bad = ['999999', 'abc', '0', '-1', '1.5', '99999999999']
    it.each(bad)('answers 404 for id %s on every route', async (id) => {
      for (const [method, url, body] of [
        ['GET', `/v1/check-groups/${id}`, undefined],
        ['PUT', `/v2/check-groups/${id}`, { name: 'x' }],
        ['PUT', `/v1/check-groups/${id}`, { name: 'x' }],
        ['DELETE', `/v1/check-groups/${id}`, undefined],
        ['GET', `/v1/check-groups/${id}/checks`, undefined],
        ['GET', `/v2/check-groups/${id}/checks`, undefined],
        ['GET', `/v1/check-groups/${id}/checks/00000000-0000-4000-8000-000000000000`, undefined],
      ] as const) {
        const res = await t.call(method, url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
      }
    })
  })

  describe('delete', () => {
    it('answers 409 while the group holds checks and 204 once it is empty', async () => {
      const group = await create({ name: 'Deletable' }, '?autoAssignAlerts=false')
      const check = await createCheck({ name: 'member', groupId: group.id, request: { url: 'https://example.com' } })
      const url = `/v1/check-groups/${String(group.id)}`
      const conflict = await t.call('DELETE', url)
      expect(conflict.statusCode, conflict.body).toBe(409)
      expect(conflict.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
      expect((await t.call('GET', url)).statusCode).toBe(200)

      const moved = await t.call('PUT', `/v1/checks/api/${String(check.id)}`, { groupId: null })
      expect(moved.statusCode, moved.body).toBe(200)
      const res = await t.call('DELETE', url)
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')
      expect((await t.call('GET', url)).statusCode).toBe(404)
      expect((await t.call('DELETE', url)).statusCode).toBe(404)
      const refer = await t.call('POST', '/v1/checks/api', { name: 'late', groupId: group.id, request: { url: 'https://example.com' } })
      expect(refer.statusCode).toBe(400)
      expect(Object.keys(refer.json().attributes)).toContain('groupId')
    })
  })

  describe('alert channel subscriptions', () => {
    let channels: number[]
    beforeAll(async () => {
      channels = [await addChannel(t.accountId, 'a@example.com'), await addChannel(t.accountId, 'b@example.com')]
    })
    const ids = (g: Json) => (g.alertChannelSubscriptions as Array<{ alertChannelId: number }>).map((s) => s.alertChannelId).sort()

    it('subscribes a new group to every channel by default (autoAssignAlerts=true)', async () => {
      const group = await create({ name: 'Auto' })
      expect(ids(group)).toEqual([...channels].sort())
      expect(group.alertChannelSubscriptions).toEqual(expect.arrayContaining([{ alertChannelId: channels[0], activated: true }]))
    })

    it('subscribes to nothing with autoAssignAlerts=false', async () => {
      expect((await create({ name: 'Manual' }, '?autoAssignAlerts=false')).alertChannelSubscriptions).toEqual([])
    })

    it('uses an explicit list and replaces it on update', async () => {
      const group = await create({ name: 'Explicit', alertChannelSubscriptions: [{ alertChannelId: channels[0], activated: false }] })
      expect(group.alertChannelSubscriptions).toEqual([{ alertChannelId: channels[0], activated: false }])
      const url = `/v2/check-groups/${String(group.id)}`
      const res = await t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'Explicit', alertChannelSubscriptions: [{ alertChannelId: channels[1], activated: true }] })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
      const kept = await t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'Explicit', muted: true })
      expect(kept.json().alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
      expect((await get(`/v1/check-groups/${String(group.id)}`)).alertChannelSubscriptions).toEqual([{ alertChannelId: channels[1], activated: true }])
    })
  })

  describe('checks of a group, and applyGroupSettings', () => {
    let group: Json
    let inGroup: Json
    let viaBase: Json
    let outside: Json
    beforeAll(async () => {
      group = await create(
        {
          name: 'Applied',
          muted: true,
          tags: ['team'],
          locations: ['us-west-2'],
          runtimeId: '2025.04',
          environmentVariables: [
            { key: 'SHARED', value: 'group' },
            { key: 'GROUP_ONLY', value: 'g' },
          ],
          apiCheckDefaults: {
            url: 'https://base.example.com/v1',
            headers: [{ key: 'X-Group', value: 'g' }],
            assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }],
            basicAuth: { username: 'grp', password: 'pw' },
          },
          retryStrategy: { type: 'FIXED', maxRetries: 1 },
          useGlobalAlertSettings: true,
        },
        '?autoAssignAlerts=false',
      )
      inGroup = await createCheck({
        name: 'In group',
        groupId: group.id,
        locations: ['eu-west-1'],
        tags: ['own'],
        useGlobalAlertSettings: false,
        environmentVariables: [{ key: 'SHARED', value: 'check' }],
        request: { url: 'https://own.example.com/health', headers: [{ key: 'X-Own', value: 'c' }] },
      })
      viaBase = await createCheck({ name: 'Via base URL', groupId: group.id, request: { url: '{{GROUP_BASE_URL}}/users' } })
      outside = await createCheck({ name: 'Outside', tags: ['own'], request: { url: 'https://own.example.com' } })
    })

    const expectApplied = (c: Json) => {
      expect(c).toMatchObject({
        muted: true,
        locations: ['us-west-2'],
        tags: ['own', 'team'],
        runtimeId: '2025.04',
        useGlobalAlertSettings: true,
        retryStrategy: { type: 'FIXED', maxRetries: 1 },
        environmentVariables: [
          { key: 'SHARED', value: 'check', locked: false, secret: false },
          { key: 'GROUP_ONLY', value: 'g', locked: false, secret: false },
        ],
      })
      const request = c.request as Json
      expect(request.headers).toEqual([
        { key: 'X-Own', value: 'c', locked: false },
        { key: 'X-Group', value: 'g', locked: false },
      ])
      expect(request.basicAuth).toEqual({ username: 'grp', password: 'pw' })
      expect(request.assertions).toEqual([{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', property: '', regex: null }])
    }

    it('lists the group checks with settings applied on /v1 and /v2, paged', async () => {
      for (const version of ['v1', 'v2']) {
        const res = await t.call('GET', `/${version}/check-groups/${String(group.id)}/checks?limit=1`)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.headers['content-range']).toBe('0-0/2')
        const [first] = res.json() as Json[]
        expect(first?.id).toBe(inGroup.id)
        expectApplied(first as Json)
        const second = await get(`/${version}/check-groups/${String(group.id)}/checks?limit=1&page=2`)
        expect(second[0].request.url).toBe('https://base.example.com/v1/users')
      }
    })

    it('reads one check of the group, and 404s for a check outside it', async () => {
      for (const version of ['v1', 'v2']) {
        expectApplied(await get(`/${version}/check-groups/${String(group.id)}/checks/${String(inGroup.id)}`))
        const res = await t.call('GET', `/${version}/check-groups/${String(group.id)}/checks/${String(outside.id)}`)
        expect(res.statusCode).toBe(404)
      }
    })

    it('applies group settings on GET /v1/checks only when asked', async () => {
      const raw = (await get('/v1/checks?limit=100')) as Json[]
      const rawIn = raw.find((c) => c.id === inGroup.id) as Json
      expect(rawIn).toMatchObject({ muted: false, locations: ['eu-west-1'], tags: ['own'], runtimeId: null })
      const applied = (await get('/v1/checks?limit=100&applyGroupSettings=true')) as Json[]
      expectApplied(applied.find((c) => c.id === inGroup.id) as Json)
      expect((applied.find((c) => c.id === viaBase.id) as Json).request).toMatchObject({ url: 'https://base.example.com/v1/users' })
      expect(applied.find((c) => c.id === outside.id)).toEqual(raw.find((c) => c.id === outside.id))
    })

    it('applies group settings on GET /v1/checks/{id} only when asked', async () => {
      expect(await get(`/v1/checks/${String(inGroup.id)}`)).toMatchObject({ muted: false, locations: ['eu-west-1'] })
      expectApplied(await get(`/v1/checks/${String(inGroup.id)}?applyGroupSettings=true`))
      expect(await get(`/v1/checks/${String(outside.id)}?applyGroupSettings=true`)).toEqual(await get(`/v1/checks/${String(outside.id)}`))
      expect((await t.call('GET', `/v1/checks/${String(inGroup.id)}?applyGroupSettings=perhaps`)).statusCode).toBe(400)
    })

    it('reflects a group change immediately', async () => {
      const res = await t.call('PUT', `/v2/check-groups/${String(group.id)}`, { name: 'Applied', activated: false })
      expect(res.statusCode, res.body).toBe(200)
      expect(await get(`/v1/checks/${String(inGroup.id)}?applyGroupSettings=true`)).toMatchObject({ activated: false })
      expect(await get(`/v1/checks/${String(inGroup.id)}`)).toMatchObject({ activated: true })
    })
  })

  describe('isolation between accounts', () => {
    it('another account cannot read, list, change, delete or reference a group', async () => {
      const other = await t.otherAccount()
      const group = await create({ name: 'Mine' }, '?autoAssignAlerts=false')
      const check = await createCheck({ name: 'mine', groupId: group.id, request: { url: 'https://example.com' } })
      const as = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) => t.call(method, url, body, other.headers)
      const id = String(group.id)
      for (const [method, url, body] of [
        ['GET', `/v1/check-groups/${id}`, undefined],
        ['PUT', `/v2/check-groups/${id}`, { name: 'Theirs' }],
        ['DELETE', `/v1/check-groups/${id}`, undefined],
        ['GET', `/v1/check-groups/${id}/checks`, undefined],
        ['GET', `/v1/check-groups/${id}/checks/${String(check.id)}`, undefined],
      ] as const) {
        expect((await as(method, url, body)).statusCode, `${method} ${url}`).toBe(404)
      }
      const list = await as('GET', '/v1/check-groups?limit=100')
      expect(list.json()).toEqual([])
      expect(await total(other.headers)).toBe(0)
      const refer = await as('POST', '/v1/checks/api', { name: 'sneaky', groupId: group.id, request: { url: 'https://example.com' } })
      expect(refer.statusCode).toBe(400)
      expect(Object.keys(refer.json().attributes)).toContain('groupId')
      expect(await get(`/v1/check-groups/${id}`)).toMatchObject({ name: 'Mine' })
    })

    it("a group cannot reference another account's snippet, private location or alert channel", async () => {
      const other = await t.otherAccount()
      const snippet = await stores.snippets.insert(other.accountId, { name: 'theirs', script: 'x' }, Date.now())
      await stores.privateLocations.insert(other.accountId, { name: 'Theirs', slugName: 'their-pl' }, Date.now())
      const channel = await addChannel(other.accountId, 'them@example.com')
      await expectRejected('POST', '/v2/check-groups', { name: 'x', setupSnippetId: snippet.id }, 'setupSnippetId')
      await expectRejected('POST', '/v2/check-groups', { name: 'x', privateLocations: ['their-pl'] }, 'privateLocations[0]')
      await expectRejected(
        'POST',
        '/v2/check-groups',
        { name: 'x', alertChannelSubscriptions: [{ alertChannelId: channel, activated: true }] },
        'alertChannelSubscriptions[0].alertChannelId',
      )
    })
  })
})
