import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

describe.each(testDbs)('several engine instances on one database ($name)', (db) => {
  let t: TestApp
  let a: TestEngine
  let b: TestEngine
  let url = ''
  let server: http.Server
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))

  beforeAll(async () => {
    // /hang answers after 10 s: a run in flight when its instance stops.
    server = http.createServer((req, res) => (req.url === '/hang' ? setTimeout(() => res.end('late'), 10_000).unref() : res.end('ok')))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    t = await startTestApp(db, { clock })
    a = startTestEngine(t.store, clock, { instanceId: 'instance-a', leaseMs: 60_000 })
    b = startTestEngine(t.store, clock, { instanceId: 'instance-b', leaseMs: 60_000 })
  })
  afterAll(async () => {
    await a.engine.stop()
    await b.engine.stop()
    await t.close()
    await new Promise((r) => server.close(r))
  })

  const createChecks = async (n: number, frequency = 1) => {
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: `c${i}`, frequency, frequencyOffset: 1, doubleCheck: false, request: { url } })
      expect(res.statusCode).toBe(201)
      ids.push(res.json().id as string)
    }
    return ids
  }

  it('claims each due run exactly once when two instances schedule at the same moment', async () => {
    const ids = await createChecks(40)
    const dues = await t.store.db.selectFrom('check_schedules').select('next_due_at').execute()
    clock.set(Math.max(...dues.map((d) => Number(d.next_due_at))))
    const [fromA, fromB] = await Promise.all([scheduleDue(a.deps), scheduleDue(b.deps)])
    expect(fromA.length + fromB.length).toBe(40)
    const jobs = await t.store.db.selectFrom('run_jobs').select('check_id').execute()
    expect(jobs).toHaveLength(40)
    expect(new Set(jobs.map((j) => j.check_id))).toEqual(new Set(ids))
    await Promise.all([a.engine.runOnce(), b.engine.runOnce()])
    const results = await t.store.db.selectFrom('check_results').select('check_id').where('result_type', '=', 'FINAL').execute()
    expect(results).toHaveLength(40)
    expect(new Set(results.map((r) => r.check_id)).size).toBe(40)
  })

  it('runs again, on another instance, a job whose holder died, once its lease expires', async () => {
    // Every 5 minutes: the lease (60 s) ends long before the check's next slot, so the job is not stale yet (a job
    // still queued when its next slot comes is skipped instead: test/engine/overload.test.ts).
    const [id] = await createChecks(1, 5)
    const due = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id!).executeTakeFirstOrThrow()
    clock.set(Number(due.next_due_at))
    await scheduleDue(a.deps)
    // Instance A leases the job and dies before running it.
    const leased = await a.deps.stores.jobs.lease({ now: clock.now(), limit: 100, leasedBy: 'instance-a', leaseUntil: clock.now() + 60_000, privateLocationId: null })
    const job = leased.find((j) => j.check_id === id)
    expect(job).toBeDefined()
    const before = await b.engine.runOnce()
    expect(before.reaped).toBe(0)
    const count = async () => (await t.store.db.selectFrom('check_results').select('id').where('run_job_id', '=', job!.id).execute()).length
    expect(await count()).toBe(0)
    clock.advance(61_000)
    const after = await b.engine.runOnce()
    expect(after.reaped).toBeGreaterThanOrEqual(1)
    expect(await count()).toBe(1)
    const row = await t.store.db.selectFrom('check_results').selectAll().where('run_job_id', '=', job!.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('passing')
  })

  it('an API run cut short by its instance stopping goes back to the queue for another instance, with no failing result (runs last: it stops instance A)', async () => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'hangs',
      frequency: 1,
      frequencyOffset: 1,
      doubleCheck: false,
      request: { url: `${url}hang` },
    })
    const id = String(res.json().id)
    const due = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
    clock.set(Number(due.next_due_at))
    const running = a.engine.runOnce()
    const jobOf = () => t.store.db.selectFrom('run_jobs').select(['status', 'attempt']).where('check_id', '=', id).execute()
    for (let i = 0; i < 100 && (await jobOf())[0]?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 200)) // the request is out
    await a.engine.stop()
    await running
    expect(await jobOf()).toEqual([{ status: 'queued', attempt: 1 }])
    expect(a.finals.filter((r) => r.check_id === id)).toEqual([])
    expect(await t.store.db.selectFrom('check_results').select('id').where('check_id', '=', id).execute()).toEqual([])
  })
})
