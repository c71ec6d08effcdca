import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

/** A target whose status the test sets. */
function startTarget() {
  let status = 200
  const server = http.createServer((req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ok: status < 400, path: req.url }))
  })
  return new Promise<{ url: string; setStatus: (s: number) => void; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}`, setStatus: (s) => (status = s), close: () => new Promise((r) => server.close(() => r())) })
    }),
  )
}

describe.each(testDbs)('the engine runs checks on schedule on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Awaited<ReturnType<typeof startTarget>>
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    target = await startTarget()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  const create = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'engine check',
      frequency: 1,
      frequencyOffset: 1,
      doubleCheck: false,
      request: { method: 'GET', url: `${target.url}/health`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      ...body,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  const results = async (id: string, query = '') => {
    const res = await t.call('GET', `/v1/check-results/${id}?limit=100${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Array<Record<string, unknown>>
  }
  const nextDue = async (id: string) =>
    Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)
  /** Moves the fake clock to the check's next slot. */
  const dueNow = async (id: string) => clock.set(Math.max(clock.now(), await nextDue(id)))

  it('runs a new check at its first slot, round-robin over its locations, and records real results', async () => {
    const id = await create({ locations: ['us-east-1', 'eu-west-1'] })
    const first = await nextDue(id)
    expect(first - clock.now()).toBeLessThan(60_000)
    await dueNow(id)
    expect((await e.engine.runOnce()).started).toBe(1)
    expect((await e.engine.runOnce()).started).toBe(0)
    expect(await nextDue(id)).toBe(first + 60_000)
    await dueNow(id)
    expect((await e.engine.runOnce()).started).toBe(1)
    const list = await results(id)
    expect(list).toHaveLength(2)
    expect(list.map((r) => r.runLocation).sort()).toEqual(['eu-west-1', 'us-east-1'])
    const one = list[0]!
    expect(one).toMatchObject({ checkId: id, resultType: 'FINAL', status: 'passing', hasFailures: false, statusCode: 200, attempts: 1 })
    const phases = (one.apiCheckResult as { timingPhases: Record<string, number> }).timingPhases
    for (const phase of ['wait', 'dns', 'tcp', 'firstByte', 'download', 'total']) expect(phases[phase], phase).toBeGreaterThanOrEqual(0)
    const detail = await t.call('GET', `/v1/check-results/${id}/${String(one.id)}`)
    expect(detail.json().id).toBe(one.id)
    const status = await t.call('GET', `/v1/check-statuses/${id}`)
    expect(status.json()).toMatchObject({ checkId: id, status: 'passing', hasFailures: false })
    const passing = (await t.call('GET', '/v1/checks?status=passing&limit=100')).json() as Array<{ id: string }>
    expect(passing.map((c) => c.id)).toContain(id)
  })

  it('retries a failing run as attempts linked to it; only the final one is the outcome', async () => {
    const id = await create({ retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true } })
    target.setStatus(500)
    try {
      await dueNow(id)
      for (let i = 0; i < 3; i++) await e.engine.runOnce()
    } finally {
      target.setStatus(200)
    }
    const all = await results(id, '&resultType=ALL')
    expect(all).toHaveLength(3)
    expect(new Set(all.map((r) => r.sequenceId)).size).toBe(1)
    expect(all.filter((r) => r.resultType === 'ATTEMPT')).toHaveLength(2)
    const finals = await results(id)
    expect(finals).toHaveLength(1)
    expect(finals[0]).toMatchObject({ status: 'failing', hasFailures: true, attempts: 3, statusCode: 500 })
    expect((await t.call('GET', '/v1/checks?status=failing&limit=100')).json().map((c: { id: string }) => c.id)).toContain(id)
    expect(e.finals.filter((r) => r.check_id === id)).toHaveLength(1)
  })

  it('runs every location at once with runParallel', async () => {
    const id = await create({ locations: ['us-east-1', 'eu-west-1', 'ap-south-1'], runParallel: true })
    await dueNow(id)
    await e.engine.runOnce()
    expect((await results(id)).map((r) => r.runLocation).sort()).toEqual(['ap-south-1', 'eu-west-1', 'us-east-1'])
  })

  it('makes up at most one missed run after a pause, and stops running a deactivated check', async () => {
    const id = await create({})
    await dueNow(id)
    await e.engine.runOnce()
    clock.advance(30 * 60_000)
    await e.engine.runOnce()
    await e.engine.runOnce()
    expect(await results(id)).toHaveLength(2)
    expect((await t.call('PUT', `/v1/checks/api/${id}`, { activated: false })).statusCode).toBe(200)
    expect(await t.store.db.selectFrom('check_schedules').select('check_id').where('check_id', '=', id).executeTakeFirst()).toBeUndefined()
    clock.advance(60_000)
    await e.engine.runOnce()
    expect(await results(id)).toHaveLength(2)
  })

  it('applies a changed frequency from the next run', async () => {
    const id = await create({})
    await dueNow(id)
    await e.engine.runOnce()
    expect((await t.call('PUT', `/v1/checks/api/${id}`, { frequency: 10, frequencyOffset: 1 })).statusCode).toBe(200)
    const due = await nextDue(id)
    expect(due - clock.now()).toBeLessThanOrEqual(600_000)
    await dueNow(id)
    await e.engine.runOnce()
    expect(await results(id)).toHaveLength(2)
    expect((await nextDue(id)) - due).toBe(600_000)
  })

  it("applies the group's settings: its locations replace the check's, and an inactive group stops its checks", async () => {
    const group = await t.call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'g', locations: ['ap-northeast-1'] })
    expect(group.statusCode, group.body).toBe(201)
    const groupId = group.json().id as number
    const id = await create({ groupId, locations: ['us-east-1'] })
    await dueNow(id)
    await e.engine.runOnce()
    expect((await results(id)).map((r) => r.runLocation)).toEqual(['ap-northeast-1'])
    expect((await t.call('PUT', `/v2/check-groups/${groupId}`, { name: 'g', activated: false })).statusCode).toBe(200)
    await dueNow(id)
    await e.engine.runOnce()
    expect(await results(id)).toHaveLength(1)
  })

  it('runs a check now through a check session and waits for its completion', async () => {
    const id = await create({ activated: false })
    const trigger = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })
    expect(trigger.statusCode, trigger.body).toBe(201)
    const sessionId = trigger.json().sessions[0].checkSessionId as string
    const pending = await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)
    expect(pending.statusCode).toBe(408)
    expect(pending.headers['retry-after']).toBeDefined()
    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ checkSessionId: sessionId, status: 'PASSED', checkId: id })
    expect((await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: ['00000000-0000-0000-0000-000000000000'] } })).statusCode).toBe(404)
  })
})
