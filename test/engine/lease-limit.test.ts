/**
 * A lease takes at most as many queued jobs as asked for, on both databases (on PostgreSQL the pick once ran again
 * inside the update and leased more), and two leases at once never take the same job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

describe.each(testDbs)('leasing run jobs ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { instanceId: 'instance-a', leaseMs: 60_000 })
    for (let i = 0; i < 12; i++) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: `c${i}`, frequency: 1, frequencyOffset: 1, request: { url: 'http://127.0.0.1:9/' } })
      expect(res.statusCode).toBe(201)
    }
    const dues = await t.store.db.selectFrom('check_schedules').select('next_due_at').execute()
    clock.set(Math.max(...dues.map((d) => Number(d.next_due_at))))
    expect((await scheduleDue(e.deps)).length).toBe(12)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  it.each([1, 3, 5])('takes exactly as many jobs as asked for (%i)', async (limit) => {
    const jobs = buildStores(t.store).jobs
    const now = clock.now()
    const leased = await jobs.lease({ now, limit, leasedBy: `lease-${limit}`, leaseUntil: now + 60_000, privateLocationId: null })
    expect(leased).toHaveLength(limit)
    const held = await t.store.db.selectFrom('run_jobs').select('id').where('leased_by', '=', `lease-${limit}`).execute()
    expect(held.map((r) => r.id).sort()).toEqual(leased.map((r) => r.id).sort())
  })

  it('gives two leases at once different jobs, and no more than are left', async () => {
    const jobs = buildStores(t.store).jobs
    const now = clock.now()
    const [a, b] = await Promise.all([
      jobs.lease({ now, limit: 2, leasedBy: 'x', leaseUntil: now + 60_000, privateLocationId: null }),
      jobs.lease({ now, limit: 2, leasedBy: 'y', leaseUntil: now + 60_000, privateLocationId: null }),
    ])
    const ids = [...a, ...b].map((r) => r.id)
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(3)
  })
})
