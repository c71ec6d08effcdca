/**
 * Stale slots at the store and at a private location, on both databases: the lease and the expiry pass agree with
 * the pure rule (domain/schedule/stale-slots.ts), and a private location whose queue built up while no agent was
 * there hands its returning agent only the current slot; the stale ones are recorded as skipped, not run late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { isStale } from '../../src/domain/schedule/stale-slots.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { skipAllStale } from '../../src/engine/stale-runs.js'
import { buildStores } from '../../src/store/all-stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

const AGENT = '6f1d2c3b-1111-4222-8333-444455556666'
const MIN = 60_000

describe.each(testDbs)('stale slots in the queue ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  const check = async (extra: Record<string, unknown>) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'c', frequency: 1, doubleCheck: false, request: { url: 'http://127.0.0.1:9/' }, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return String(res.json().id)
  }

  it('leases what the rule keeps and skips what it skips, and nothing of another place', async () => {
    const checkId = await check({ locations: ['ap-south-1'], activated: false })
    const now = clock.now()
    const cases = [
      { trigger: 'SCHEDULER', attempt: 1, expiresAt: now - 1 },
      { trigger: 'SCHEDULER', attempt: 1, expiresAt: now },
      { trigger: 'SCHEDULER', attempt: 1, expiresAt: now + 1 },
      { trigger: 'SCHEDULER', attempt: 1, expiresAt: null },
      { trigger: 'API', attempt: 1, expiresAt: null },
      { trigger: 'TEST_SESSION', attempt: 1, expiresAt: null },
    ]
    const stores = buildStores(t.store)
    const rows = cases.map((c) => {
      const [job] = firstAttemptJobs({
        accountId: t.accountId,
        checkId,
        targets: [{ location: 'ap-south-1', privateLocationId: null }],
        scheduledAt: now - MIN,
        now: now - MIN,
        trigger: c.trigger,
        sessionId: null,
        expiresAt: c.expiresAt,
      })
      return { ...job!, attempt: c.attempt }
    })
    await stores.jobs.insertMany(rows)
    // A retry put back in the queue is never stale, whatever the first attempt's expiry was.
    const retry = rows[0]!
    await stores.jobs.requeue(retry.id, { attempt: 2, due_at: now - 1, location: retry.location, private_location_id: null, first_started_at: now - MIN })
    const expected = cases.map((c, i) => isStale({ ...c, attempt: i === 0 ? 2 : c.attempt }, now))
    expect(expected).toEqual([false, true, false, false, false, false])

    const elsewhere = await stores.jobs.takeStale({ now, limit: 10, privateLocationId: null, locations: ['eu-west-1'] })
    expect(elsewhere).toEqual([])
    const leased = await stores.jobs.lease({ now, limit: 10, leasedBy: 'x', leaseUntil: now + MIN, privateLocationId: null, locations: ['ap-south-1'] })
    expect(leased.map((j) => j.id).sort()).toEqual(
      rows
        .filter((_, i) => !expected[i])
        .map((j) => j.id)
        .sort(),
    )
    expect(await skipAllStale(e.deps, { privateLocationId: null, locations: ['ap-south-1'] })).toBe(1)
    const skips = await t.store.db.selectFrom('run_skips').selectAll().where('check_id', '=', checkId).execute()
    expect(skips).toMatchObject([{ account_id: t.accountId, location: 'ap-south-1', private_location_id: null, scheduled_at: now - MIN, skipped_at: now }])
    expect(await skipAllStale(e.deps, { privateLocationId: null, locations: ['ap-south-1'] })).toBe(0) // taken once
    await t.store.db.deleteFrom('run_jobs').where('check_id', '=', checkId).execute()
  })

  it('hands an agent that comes back only the current slot of a backlog, and records the stale ones as skipped', async () => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'stale-office' })
    expect(res.statusCode, res.body).toBe(201)
    const location = res.json() as { id: string; keys: Array<{ rawKey: string }> }
    const checkId = await check({ locations: [], privateLocations: ['stale-office'] })
    const first = Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', checkId).executeTakeFirstOrThrow()).next_due_at)
    // Five minutes without an agent: a run queued each minute, none leased; the engine's own pass leaves them.
    clock.set(first)
    for (let i = 0; i < 6; i++) {
      await scheduleDue(e.deps)
      expect(await skipAllStale(e.deps, { privateLocationId: null })).toBe(0)
      if (i < 5) clock.advance(MIN)
    }
    const queued = await t.store.db.selectFrom('run_jobs').select('scheduled_at').where('check_id', '=', checkId).execute()
    expect(queued).toHaveLength(6)

    const lease = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/jobs/lease',
      headers: { authorization: `Bearer ${location.keys[0]!.rawKey}`, 'x-picket-agent': AGENT, 'x-picket-agent-version': '1.0.0' },
      payload: { capacity: 10, waitSeconds: 0, checkTypes: ['API'] },
    })
    expect(lease.statusCode, lease.body).toBe(200)
    const jobs = (lease.json() as { jobs: Array<{ checkId: string; dueAt: string }> }).jobs
    expect(jobs.map((j) => [j.checkId, Date.parse(j.dueAt)])).toEqual([[checkId, first + 5 * MIN]])
    const skips = await t.store.db.selectFrom('run_skips').select(['scheduled_at', 'private_location_id']).where('check_id', '=', checkId).orderBy('scheduled_at').execute()
    expect(skips).toEqual([0, 1, 2, 3, 4].map((k) => ({ scheduled_at: first + k * MIN, private_location_id: location.id })))
    expect(await t.store.db.selectFrom('run_jobs').select('id').where('check_id', '=', checkId).where('status', '=', 'queued').execute()).toEqual([])
  })
})
