/**
 * Check statuses: every check that exists has one. Before its first final result a check is `pending` (no
 * failure, error or degradation; run fields and updated_at null); 404 is only for a check that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'

type Json = Record<string, unknown>
const T0 = Date.UTC(2026, 4, 1, 9, 0, 0)

describe.each(testDbs)('check statuses on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(T0)
  const ids = { api: '', heartbeat: '' }
  let pingPath = ''
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const api = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Shop API', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    expect(api.statusCode, api.body).toBe(201)
    ids.api = String(api.json().id)
    clock.advance(1000)
    const hb = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Nightly export',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 0, graceUnit: 'seconds' },
    })
    expect(hb.statusCode, hb.body).toBe(201)
    ids.heartbeat = String(hb.json().id)
    pingPath = new URL(String(hb.json().heartbeat.pingUrl)).pathname
  })
  afterAll(() => t.close())

  const pending = (checkId: string, name: string, createdAt: number): Json => ({
    checkId,
    name,
    status: 'pending',
    hasFailures: false,
    hasErrors: false,
    isDegraded: false,
    longestRun: null,
    shortestRun: null,
    lastRunLocation: null,
    lastCheckRunId: null,
    lastRunAt: null,
    sslDaysRemaining: null,
    created_at: new Date(createdAt).toISOString(),
    updated_at: null,
  })

  it('answers 200 pending for a check that has not run yet', async () => {
    for (const [id, name, at] of [
      [ids.api, 'Shop API', T0],
      [ids.heartbeat, 'Nightly export', T0 + 1000],
    ] as const) {
      const res = await t.call('GET', `/v1/check-statuses/${id}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual(pending(id, name, at))
    }
  })

  it('lists every check, those without a result as pending, oldest check first', async () => {
    const res = await t.call('GET', '/v1/check-statuses')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([pending(ids.api, 'Shop API', T0), pending(ids.heartbeat, 'Nightly export', T0 + 1000)])
  })

  it('reports the latest result once there is one, in the list as well', async () => {
    clock.advance(60_000)
    const ping = await t.app.inject({ method: 'GET', url: pingPath, headers: { 'user-agent': 'curl/8' } })
    expect(ping.statusCode, ping.body).toBe(200)
    const res = await t.call('GET', `/v1/check-statuses/${ids.heartbeat}`)
    expect(res.statusCode, res.body).toBe(200)
    const status = res.json<Json>()
    expect(status).toMatchObject({ checkId: ids.heartbeat, status: 'passing', hasFailures: false, lastRunLocation: 'heartbeat', lastCheckRunId: expect.any(String) })
    expect(status.updated_at).toEqual(expect.any(String))
    const list = (await t.call('GET', '/v1/check-statuses')).json<Json[]>()
    expect(list.map((s) => [s.checkId, s.status])).toEqual([
      [ids.api, 'pending'],
      [ids.heartbeat, 'passing'],
    ])
  })

  it('answers 404 only for a check that does not exist here', async () => {
    const other = await t.otherAccount()
    for (const [id, headers] of [
      ['7d0e4a63-0000-4000-8000-000000000000', t.headers],
      [ids.api, other.headers],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/check-statuses/${id}`, headers })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', attributes: {} })
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/check-statuses', headers: other.headers })).json()).toEqual([])
  })

  it('forgets a deleted check', async () => {
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Short-lived', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    const id = String(created.json().id)
    expect((await t.call('GET', `/v1/check-statuses/${id}`)).statusCode).toBe(200)
    expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
    expect((await t.call('GET', `/v1/check-statuses/${id}`)).statusCode).toBe(404)
    expect((await t.call('GET', '/v1/check-statuses')).json<Json[]>().map((s) => s.checkId)).not.toContain(id)
  })
})
