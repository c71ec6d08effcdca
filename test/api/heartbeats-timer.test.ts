/** Heartbeat timers on a fake clock: on-time, early, grace, late and missing pings; /fail and /start; restarts. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { FakeClock } from '../../src/lib/clock.js'
import { periodicWork } from '../../src/main/periodic.js'

type Json = Record<string, unknown>
const S = 1000
const MIN = 60 * S
const H = 60 * MIN
const HOURLY = { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }

describe.each(testDbs)('heartbeat timers on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(Date.UTC(2026, 4, 1, 0, 0, 0))
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(() => t.close())
  // Each test deletes its heartbeats, so that every scan sees only the current test's timers.
  const created: string[] = []
  afterEach(async () => {
    for (const id of created.splice(0)) expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
  })

  const create = async (heartbeat: Json = HOURLY, extra: Json = {}) => {
    const res = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', { name: 'Hourly import', script: '', heartbeat, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    const check = res.json<Json>()
    created.push(String(check.id))
    return { id: String(check.id), path: new URL(String((check.heartbeat as Json).pingUrl)).pathname }
  }
  const ping = async (path: string, suffix = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${path}${suffix}`, headers: { 'user-agent': 'curl/8' } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ recorded: boolean; state: string; eventId: string }>()
  }
  /** The scanner the engine runs every second as periodic work (src/main/periodic.ts); returns the failures it recorded. */
  const scan = async (): Promise<number> => {
    expect(periodicWork(t.services).find((w) => w.name === 'heartbeat-deadlines')?.everyMs).toBeLessThanOrEqual(1000)
    return t.services.heartbeats.checkDeadlines()
  }
  const status = async (id: string) => (await t.call('GET', `/v1/check-statuses/${id}`)).json<Json>().status
  const results = async (id: string) => (await t.call('GET', `/v1/check-results/${id}?limit=100`)).json<Json[]>()
  const events = async (id: string) => (await t.call('GET', `/v1/checks/heartbeats/${id}/events`)).json<Array<{ events: Json[] }>>()[0]?.events ?? []

  it('does not start before the first ping', async () => {
    const { id } = await create()
    clock.advance(10 * 24 * H)
    await scan()
    expect(await results(id)).toEqual([])
    expect(await status(id)).toBe('pending')
  })

  it('fails when no ping comes by last ping + period + grace, once per period after that, and recovers on the next ping', async () => {
    const { id, path } = await create()
    const t0 = clock.now()
    expect((await ping(path)).state).toBe('RECEIVED')

    // The deadline is t0 + 70 min; the scanner counts it once it is a second old (a ping may still be in flight).
    clock.set(t0 + 70 * MIN + 1000)
    expect(await scan()).toBe(0)
    expect(await status(id)).toBe('passing')

    clock.set(t0 + 70 * MIN + 1001)
    expect(await scan()).toBe(1)
    expect(await status(id)).toBe('failing')
    const [missed] = await results(id)
    expect(missed).toMatchObject({
      status: 'failing',
      hasFailures: true,
      errorKind: 'HEARTBEAT_MISSED',
      error: 'No ping received within period + grace (1h + 10m)',
      startedAt: new Date(t0 + 70 * MIN).toISOString(),
      trigger: 'HEARTBEAT',
    })
    expect((await events(id))[0]).toMatchObject({ state: 'FAILING', type: 'DEADLINE', timestamp: new Date(t0 + 70 * MIN).toISOString(), resultId: missed?.id })

    // The miss resets the timer: the next failure comes one period later, not on every tick.
    clock.advance(30 * MIN)
    expect(await scan()).toBe(0)
    clock.set(t0 + 130 * MIN + 2002)
    expect(await scan()).toBe(1)
    expect((await results(id)).filter((r) => r.status === 'failing')).toHaveLength(2)

    clock.advance(5 * MIN)
    expect((await ping(path)).state).toBe('RECEIVED')
    expect(await status(id)).toBe('passing')
    clock.advance(60 * MIN)
    expect(await scan()).toBe(0)
  })

  it('classifies early, on-time, grace and late pings; none of them fails the check', async () => {
    const { id, path } = await create()
    await ping(path)
    clock.advance(20 * MIN)
    expect((await ping(path)).state).toBe('EARLY')
    clock.advance(55 * MIN)
    expect((await ping(path)).state).toBe('RECEIVED')
    clock.advance(H + 5 * MIN)
    expect((await ping(path)).state).toBe('GRACE')
    clock.advance(H + 10 * MIN + 2 * S)
    // Past the deadline, before the scanner ran: late, not failing.
    expect((await ping(path)).state).toBe('LATE')
    expect(await scan()).toBe(0)
    expect((await results(id)).every((r) => r.status === 'passing')).toBe(true)
    expect((await events(id)).map((e) => e.state)).toEqual(['LATE', 'GRACE', 'RECEIVED', 'EARLY', 'RECEIVED'])
  })

  it('/fail fails the check at once; /start lets the next ping record the job duration', async () => {
    const { id, path } = await create()
    await ping(path)
    clock.advance(H)
    const fail = await ping(path, '/fail')
    expect(fail).toMatchObject({ recorded: true, state: 'FAILING' })
    expect(await status(id)).toBe('failing')
    expect((await results(id))[0]).toMatchObject({ status: 'failing', errorKind: 'HEARTBEAT_FAIL_SIGNAL' })

    clock.advance(57 * MIN)
    expect(await ping(path, '/start')).toMatchObject({ recorded: true, state: 'RECEIVED' })
    expect(await results(id)).toHaveLength(2)
    expect(await status(id)).toBe('failing')
    clock.advance(2 * MIN + 250)
    expect((await ping(path)).state).toBe('RECEIVED')
    expect(await status(id)).toBe('passing')
    const [done, start] = await events(id)
    expect(start).toMatchObject({ type: 'START', resultId: null })
    expect(done).toMatchObject({ type: 'PING', durationMs: 2 * MIN + 250 })
    expect((await results(id))[0]).toMatchObject({ status: 'passing', responseTime: 2 * MIN + 250 })
  })

  it('restarts the timer at save time when the period or grace changes', async () => {
    const { id, path } = await create()
    await ping(path)
    clock.advance(50 * MIN)
    const res = await t.call('PUT', `/v1/checks/heartbeat/${id}`, { heartbeat: { ...HOURLY, period: 2 } })
    expect(res.statusCode, res.body).toBe(200)
    clock.advance(2 * H + 10 * MIN + 1000)
    expect(await scan()).toBe(0)
    clock.advance(1)
    expect(await scan()).toBe(1)
  })

  it('deactivation clears the deadline; reactivation restarts the timer at save time', async () => {
    const { id, path } = await create()
    await ping(path)
    expect((await t.call('PUT', `/v1/checks/heartbeat/${id}`, { activated: false })).statusCode).toBe(200)
    clock.advance(5 * H)
    expect(await scan()).toBe(0)
    expect(await ping(path)).toMatchObject({ recorded: false })
    expect((await t.call('PUT', `/v1/checks/heartbeat/${id}`, { activated: true })).statusCode).toBe(200)
    clock.advance(70 * MIN + 1000)
    expect(await scan()).toBe(0)
    clock.advance(1)
    expect(await scan()).toBe(1)
    expect(await status(id)).toBe('failing')
  })

  it('a deactivated group pauses the deadlines of its heartbeats', async () => {
    const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Paused jobs', activated: false })
    expect(group.statusCode, group.body).toBe(201)
    const { id, path } = await create(HOURLY, { groupId: group.json().id })
    await ping(path)
    clock.advance(3 * H)
    expect(await scan()).toBe(0)
    expect((await results(id)).filter((r) => r.status === 'failing')).toEqual([])
  })

  it('fires each missed deadline once across many overdue heartbeats', async () => {
    const checks = await Promise.all(Array.from({ length: 12 }, () => create({ period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'seconds' })))
    await Promise.all(checks.map((c) => ping(c.path)))
    clock.advance(32 * S)
    const [a, b] = await Promise.all([scan(), scan()])
    expect((a ?? 0) + (b ?? 0)).toBe(12)
    for (const c of checks) expect((await results(c.id)).filter((r) => r.status === 'failing')).toHaveLength(1)
  })
})
