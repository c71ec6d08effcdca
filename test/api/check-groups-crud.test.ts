/** Check groups through the HTTP API: creating with defaults, reading back, updating and deleting. */
import { describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { checkGroupsApp } from '../helpers/check-groups-api.js'

/** A group without alert settings of its own answers the API's defaults (the reference requires an object). */
const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

const DEFAULT_GROUP = {
  activated: true,
  muted: false,
  tags: [],
  locations: [],
  concurrency: 3,
  apiCheckDefaults: { url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null },
  browserCheckDefaults: '',
  runtimeId: null,
  environmentVariables: [],
  alertChannelSubscriptions: [],
  setupSnippetId: null,
  tearDownSnippetId: null,
  localSetupScript: null,
  localTearDownScript: null,
  privateLocations: [],
  runParallel: false,
  alertSettings: DEFAULT_ALERT_SETTINGS,
  retryStrategy: 'FALLBACK',
  useGlobalAlertSettings: null,
  doubleCheck: false,
  updated_at: null,
}

const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

describe.each(testDbs)('check groups on $name', (db) => {
  const fixture = checkGroupsApp(db)
  const { create, get, createCheck } = fixture

  describe('create and read', () => {
    it('creates with every default for a body holding only a name', async () => {
      const group = await create({ name: 'Defaults' }, '?autoAssignAlerts=false')
      expect(group).toMatchObject({ name: 'Defaults', ...DEFAULT_GROUP })
      expect(Number.isInteger(group.id)).toBe(true)
      expect(isIsoDate(group.created_at)).toBe(true)
      expect(await get(`/v1/check-groups/${String(group.id)}`)).toEqual(group)
    })

    it('stores every field and fills nested defaults', async () => {
      const snippet = await fixture.stores.snippets.insert(fixture.t.accountId, { name: 's', script: 'x' }, Date.now())
      await fixture.stores.privateLocations.insert(fixture.t.accountId, { name: 'Office', slugName: 'office-pl' }, Date.now())
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
        browserCheckDefaults: 'viewport: wide',
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
      const res = await fixture.t.call('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Via v1' })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ name: 'Via v1', ...DEFAULT_GROUP })
    })
  })

  describe('update', () => {
    it('requires name on PUT /v2 and keeps fields left out', async () => {
      const group = await create({ name: 'Before', tags: ['a'], concurrency: 5, muted: true, alertSettings: {} }, '?autoAssignAlerts=false')
      const url = `/v2/check-groups/${String(group.id)}`
      const missing = await fixture.t.call('PUT', url, { tags: ['b'] })
      expect(missing.statusCode).toBe(400)
      expect(Object.keys(missing.json().attributes)).toContain('name')

      const res = await fixture.t.call('PUT', `${url}?autoAssignAlerts=false`, { name: 'After', concurrency: 7, tags: null })
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
      const res = await fixture.t.call('PUT', `/v2/check-groups/${String(group.id)}?autoAssignAlerts=false`, {
        name: 'Settings',
        alertSettings: null,
        useGlobalAlertSettings: null,
        runParallel: null,
        retryStrategy: 'FALLBACK',
        apiCheckDefaults: { url: 'https://x.example.com' },
      })
      expect(res.statusCode, res.body).toBe(200)
      // No settings of its own any more: stored as null, answered as the defaults.
      expect((await fixture.stores.checkGroups.get(fixture.t.accountId, Number(group.id)))?.doc.alertSettings).toBeNull()
      expect(res.json()).toMatchObject({
        alertSettings: DEFAULT_ALERT_SETTINGS,
        useGlobalAlertSettings: null,
        runParallel: null,
        retryStrategy: 'FALLBACK',
        apiCheckDefaults: { url: 'https://x.example.com', headers: [], queryParameters: [], assertions: [], basicAuth: null },
      })
    })

    it('lets the deprecated PUT /v1 leave out the name', async () => {
      const group = await create({ name: 'Named' }, '?autoAssignAlerts=false')
      const res = await fixture.t.call('PUT', `/v1/check-groups/${String(group.id)}?autoAssignAlerts=false`, { muted: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ name: 'Named', muted: true })
    })
  })

  describe('delete', () => {
    it('answers 409 while the group holds checks and 204 once it is empty', async () => {
      const group = await create({ name: 'Deletable' }, '?autoAssignAlerts=false')
      const check = await createCheck({ name: 'member', groupId: group.id, request: { url: 'https://example.com' } })
      const url = `/v1/check-groups/${String(group.id)}`
      const conflict = await fixture.t.call('DELETE', url)
      expect(conflict.statusCode, conflict.body).toBe(409)
      expect(conflict.json()).toMatchObject({ statusCode: 409, error: 'Conflict' })
      expect((await fixture.t.call('GET', url)).statusCode).toBe(200)

      const moved = await fixture.t.call('PUT', `/v1/checks/api/${String(check.id)}`, { groupId: null })
      expect(moved.statusCode, moved.body).toBe(200)
      const res = await fixture.t.call('DELETE', url)
      expect(res.statusCode, res.body).toBe(204)
      expect(res.body).toBe('')
      expect((await fixture.t.call('GET', url)).statusCode).toBe(404)
      expect((await fixture.t.call('DELETE', url)).statusCode).toBe(404)
      const refer = await fixture.t.call('POST', '/v1/checks/api', { name: 'late', groupId: group.id, request: { url: 'https://example.com' } })
      expect(refer.statusCode).toBe(400)
      expect(Object.keys(refer.json().attributes)).toContain('groupId')
    })
  })
})
