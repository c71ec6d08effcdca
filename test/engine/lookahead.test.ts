/**
 * The scheduler claims checks due within its lookahead together, but each job waits for its own slot: nothing is
 * leased (so nothing runs) before the check's due time, and the start delay is counted from that slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

describe.each(testDbs)('scheduling ahead ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))
  let due = 0

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { instanceId: 'instance-a' })
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'ahead', frequency: 1, request: { url: 'http://127.0.0.1:9/' } })
    expect(res.statusCode).toBe(201)
    due = Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').executeTakeFirstOrThrow()).next_due_at)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  it('claims nothing due beyond the lookahead', async () => {
    clock.set(due - 1_500)
    expect(await scheduleDue(e.deps, 1_000)).toEqual([])
  })

  it('queues a check due within the lookahead for its own slot, and no lease takes it before then', async () => {
    clock.set(due - 600)
    const created = await scheduleDue(e.deps, 1_000)
    expect(created).toEqual([expect.objectContaining({ dueAt: due, privateLocation: false, checkType: 'API' })])
    const job = await t.store.db.selectFrom('run_jobs').select(['scheduled_at', 'due_at', 'status']).executeTakeFirstOrThrow()
    expect({ scheduled: Number(job.scheduled_at), due: Number(job.due_at), status: job.status }).toEqual({ scheduled: due, due, status: 'queued' })
    const jobs = buildStores(t.store).jobs
    const lease = (now: number) => jobs.lease({ now, limit: 10, leasedBy: 'instance-a', leaseUntil: now + 60_000, privateLocationId: null })
    expect(await lease(due - 1)).toEqual([])
    expect(await lease(due)).toHaveLength(1)
    // The schedule moved on to the slot after: the next pass does not claim the same run again.
    expect(await scheduleDue(e.deps, 1_000)).toEqual([])
  })
})
