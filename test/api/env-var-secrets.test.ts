/**
 * Secret environment variables of checks and groups never come back from the API. Every route
 * that returns a check or a group shows null (checks) or ***** (groups) for a secret's value; a PUT that sends the
 * entry back without its value keeps the stored one, a new value replaces it, and secret cannot be turned off.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InjectOptions } from 'fastify'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores, type Stores } from '../../src/services/stores.js'

type Json = Record<string, unknown>

const SCRIPT = "const { test } = require('@playwright/test')\ntest('home', async ({ page }) => { await page.goto('https://example.com') })"
const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }

/** The check types with environment variables that this suite drives: their create body and their env key. */
const KINDS = [
  { segment: 'browser', key: 'BROWSER_KEY', body: (): Json => ({ name: 'Browser', script: SCRIPT }) },
  { segment: 'icmp', key: 'ICMP_KEY', body: (): Json => ({ name: 'Ping', request: { hostname: '127.0.0.1' }, heartbeat: {}, script: '' }) },
  { segment: 'heartbeat', key: 'HEARTBEAT_KEY', body: (): Json => ({ name: 'Backup', heartbeat: HOURLY, script: '' }) },
]

const fresh = () => randomBytes(24).toString('hex')
const envOf = (doc: unknown): Json[] => (doc as { environmentVariables: Json[] }).environmentVariables
const entry = (doc: unknown, key: string): Json | undefined => envOf(doc).find((e) => e.key === key)

describe.each(testDbs)('secret environment variables of checks and groups on $name', (db) => {
  let t: TestApp
  let stores: Stores
  beforeAll(async () => {
    t = await startTestApp(db)
    stores = buildStores(t.store)
  })
  afterAll(() => t.close())

  /** Every secret value used, and every response body seen: no body may hold any 6 characters of any secret. */
  const secrets: string[] = []
  const bodies: Array<{ what: string; body: string }> = []
  const call = async (method: InjectOptions['method'], url: string, body?: unknown, status = 200) => {
    const res = await t.call(method, url, body)
    bodies.push({ what: `${String(method)} ${url}`, body: res.body })
    expect(res.statusCode, `${String(method)} ${url}: ${res.body}`).toBe(status)
    return res.json() as unknown
  }
  const newSecret = () => {
    const value = fresh()
    secrets.push(value)
    return value
  }
  const storedCheckEnv = async (id: string) => envOf((await stores.checks.get(t.accountId, id))?.doc)
  const storedGroupEnv = async (id: number) => envOf((await stores.checkGroups.get(t.accountId, id))?.doc)

  let group: Json
  let v1Group: Json
  const checks = new Map<string, Json>()
  const values = new Map<string, string>()

  beforeAll(async () => {
    values.set('GROUP_KEY', newSecret())
    values.set('V1_KEY', newSecret())
    group = (await call(
      'POST',
      '/v2/check-groups?autoAssignAlerts=false',
      {
        name: 'Secret group',
        environmentVariables: [
          { key: 'GROUP_KEY', value: values.get('GROUP_KEY'), secret: true },
          { key: 'GROUP_PLAIN', value: 'plain-group' },
        ],
      },
      201,
    )) as Json
    v1Group = (await call(
      'POST',
      '/v1/check-groups?autoAssignAlerts=false',
      {
        name: 'Secret v1 group',
        environmentVariables: [{ key: 'V1_KEY', value: values.get('V1_KEY'), secret: true, locked: true }],
      },
      201,
    )) as Json
    for (const kind of KINDS) {
      values.set(kind.key, newSecret())
      const body = {
        ...kind.body(),
        groupId: group.id,
        environmentVariables: [
          { key: kind.key, value: values.get(kind.key), secret: true },
          { key: 'OWN_PLAIN', value: 'plain-own' },
        ],
      }
      checks.set(kind.segment, (await call('POST', `/v1/checks/${kind.segment}`, body, 201)) as Json)
    }
  })

  it('shows ***** for a group secret and null for a check secret on create', () => {
    expect(envOf(group)).toEqual([
      { key: 'GROUP_KEY', value: '*****', locked: false, secret: true },
      { key: 'GROUP_PLAIN', value: 'plain-group', locked: false, secret: false },
    ])
    expect(envOf(v1Group)).toEqual([{ key: 'V1_KEY', value: '*****', locked: true, secret: true }])
    for (const kind of KINDS) {
      expect(envOf(checks.get(kind.segment))).toEqual([
        { key: kind.key, value: null, locked: false, secret: true },
        { key: 'OWN_PLAIN', value: 'plain-own', locked: false, secret: false },
      ])
    }
  })

  it('keeps the stored values when the documents read back are sent back whole', async () => {
    const groupRead = (await call('GET', `/v1/check-groups/${String(group.id)}`)) as Json
    expect(entry(groupRead, 'GROUP_KEY')).toEqual({ key: 'GROUP_KEY', value: '*****', locked: false, secret: true })
    const groupPut = await call('PUT', `/v2/check-groups/${String(group.id)}`, groupRead)
    expect(entry(groupPut, 'GROUP_KEY')?.value).toBe('*****')
    const v1Put = await call('PUT', `/v1/check-groups/${String(v1Group.id)}`, { environmentVariables: [{ key: 'V1_KEY', value: null, secret: true }] })
    expect(entry(v1Put, 'V1_KEY')).toEqual({ key: 'V1_KEY', value: '*****', locked: false, secret: true })

    for (const kind of KINDS) {
      const id = String(checks.get(kind.segment)?.id)
      const read = (await call('GET', `/v1/checks/${id}`)) as Json
      expect(entry(read, kind.key)?.value).toBeNull()
      // The whole document for the script checks; the heartbeat sends its entry back with the value left out.
      const body =
        kind.segment === 'heartbeat'
          ? {
              environmentVariables: [
                { key: kind.key, secret: true },
                { key: 'OWN_PLAIN', value: 'plain-own' },
              ],
            }
          : read
      const put = await call('PUT', `/v1/checks/${kind.segment}/${id}`, body)
      expect(entry(put, kind.key)).toEqual({ key: kind.key, value: null, locked: false, secret: true })
      expect(await storedCheckEnv(id)).toContainEqual({ key: kind.key, value: values.get(kind.key), locked: false, secret: true })
    }
    expect(await storedGroupEnv(Number(group.id))).toContainEqual({ key: 'GROUP_KEY', value: values.get('GROUP_KEY'), locked: false, secret: true })
    expect(await storedGroupEnv(Number(v1Group.id))).toEqual([{ key: 'V1_KEY', value: values.get('V1_KEY'), locked: false, secret: true }])
  })

  it('hides the secrets on every read of a check or a group, with or without group settings', async () => {
    const groupId = String(group.id)
    for (const kind of KINDS) {
      const id = String(checks.get(kind.segment)?.id)
      const applied = [
        await call('GET', `/v1/checks/${id}?applyGroupSettings=true`),
        await call('GET', `/v1/check-groups/${groupId}/checks/${id}`),
        await call('GET', `/v2/check-groups/${groupId}/checks/${id}`),
      ]
      for (const doc of applied) {
        expect(entry(doc, kind.key)?.value).toBeNull()
        // The group's secret joins the check's variables, as null like the check's own.
        expect(entry(doc, 'GROUP_KEY')).toEqual({ key: 'GROUP_KEY', value: null, locked: false, secret: true })
        expect(entry(doc, 'GROUP_PLAIN')?.value).toBe('plain-group')
      }
    }
    const lists = [
      await call('GET', '/v1/checks?limit=100'),
      await call('GET', '/v1/checks?limit=100&applyGroupSettings=true'),
      await call('GET', `/v1/check-groups/${groupId}/checks?limit=100`),
      await call('GET', `/v2/check-groups/${groupId}/checks?limit=100`),
    ] as Json[][]
    for (const list of lists) {
      expect(list).toHaveLength(KINDS.length)
      for (const doc of list) for (const e of envOf(doc)) if (e.secret === true) expect(e.value).toBeNull()
    }
    const groups = (await call('GET', '/v1/check-groups?limit=100')) as Json[]
    expect(groups).toHaveLength(2)
    for (const doc of groups) for (const e of envOf(doc)) if (e.secret === true) expect(e.value).toBe('*****')
    expect(entry(await call('GET', `/v1/check-groups/${String(v1Group.id)}`), 'V1_KEY')?.value).toBe('*****')
  })

  it('replaces a secret given a new value, refuses to turn it off, and drops an entry left out', async () => {
    for (const kind of KINDS) {
      const id = String(checks.get(kind.segment)?.id)
      const replaced = newSecret()
      const put = await call('PUT', `/v1/checks/${kind.segment}/${id}`, {
        environmentVariables: [
          { key: kind.key, value: replaced, secret: true },
          { key: 'OWN_PLAIN', value: 'plain-own' },
        ],
      })
      expect(entry(put, kind.key)?.value).toBeNull()
      expect(await storedCheckEnv(id)).toContainEqual({ key: kind.key, value: replaced, locked: false, secret: true })

      const off = (await call('PUT', `/v1/checks/${kind.segment}/${id}`, { environmentVariables: [{ key: kind.key, value: 'now-plain', secret: false }] }, 400)) as Json
      expect(off).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) })
      expect(Object.keys(off.attributes as Json)).toEqual(['environmentVariables[0].secret'])
      expect(await storedCheckEnv(id)).toContainEqual({ key: kind.key, value: replaced, locked: false, secret: true })

      const dropped = await call('PUT', `/v1/checks/${kind.segment}/${id}`, { environmentVariables: [{ key: 'OWN_PLAIN', value: 'plain-own' }] })
      expect(envOf(dropped)).toEqual([{ key: 'OWN_PLAIN', value: 'plain-own', locked: false, secret: false }])
      expect(await storedCheckEnv(id)).toEqual([{ key: 'OWN_PLAIN', value: 'plain-own', locked: false, secret: false }])
    }

    for (const version of ['v1', 'v2']) {
      const replaced = newSecret()
      const url = `/${version}/check-groups/${String(group.id)}`
      const put = await call('PUT', url, {
        name: 'Secret group',
        environmentVariables: [
          { key: 'GROUP_KEY', value: replaced },
          { key: 'GROUP_PLAIN', value: 'plain-group' },
        ],
      })
      expect(entry(put, 'GROUP_KEY')).toEqual({ key: 'GROUP_KEY', value: '*****', locked: false, secret: true })
      expect(await storedGroupEnv(Number(group.id))).toContainEqual({ key: 'GROUP_KEY', value: replaced, locked: false, secret: true })

      const off = (await call(
        'PUT',
        url,
        {
          name: 'Secret group',
          environmentVariables: [
            { key: 'GROUP_PLAIN', value: 'p' },
            { key: 'GROUP_KEY', value: '*****', secret: false },
          ],
        },
        400,
      )) as Json
      expect(off).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(Object.keys(off.attributes as Json)).toEqual(['environmentVariables[1].secret'])
      expect(await storedGroupEnv(Number(group.id))).toContainEqual({ key: 'GROUP_KEY', value: replaced, locked: false, secret: true })
    }
    const dropped = await call('PUT', `/v2/check-groups/${String(v1Group.id)}`, { name: 'Secret v1 group', environmentVariables: [] })
    expect(envOf(dropped)).toEqual([])
    expect(await storedGroupEnv(Number(v1Group.id))).toEqual([])
  })

  it('needs a value for a new secret, on create and on update', async () => {
    const cases: Array<[string, string, Json, string, number]> = [
      ['POST', '/v1/checks/browser', { name: 'No value', script: SCRIPT, environmentVariables: [{ key: 'S', secret: true }] }, 'environmentVariables[0].value', 400],
      ['POST', '/v2/check-groups', { name: 'No value', environmentVariables: [{ key: 'S', value: null, secret: true }] }, 'environmentVariables[0].value', 400],
      [
        'PUT',
        `/v2/check-groups/${String(group.id)}`,
        {
          name: 'Secret group',
          environmentVariables: [
            { key: 'NEW_KEY', value: '*****', secret: true },
            { key: 'OTHER', secret: true },
          ],
        },
        'environmentVariables[1].value',
        400,
      ],
    ]
    for (const [method, url, body, field, status] of cases) {
      const res = (await call(method as InjectOptions['method'], url, body, status)) as Json
      expect(Object.keys(res.attributes as Json)).toEqual([field])
    }
  })

  // Last: every response of this suite, the 400s included.
  it('never returned any piece of a secret value', () => {
    expect(secrets.length).toBeGreaterThan(KINDS.length)
    expect(bodies.length).toBeGreaterThan(30)
    const leaks: string[] = []
    for (const value of secrets) {
      for (let i = 0; i + 6 <= value.length; i++) {
        const piece = value.slice(i, i + 6)
        for (const { what, body } of bodies) if (body.includes(piece)) leaks.push(`${what}: "${piece}"`)
      }
    }
    expect(leaks).toEqual([])
  })
})
