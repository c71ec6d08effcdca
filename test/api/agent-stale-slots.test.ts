/**
 * An agent back after an outage gets the current slots of its location, not the backlog its outage built up: the
 * slots of a check every minute queued during five minutes without an agent are stale (each one's next slot came
 * due), so its lease hands out only the newest, on both stores. Expired slots are the store's skip rule; this test
 * is about the agent's lease path using it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/services/stores.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'

const MINUTE = 60_000

describe.each(testDbs)('an agent back after an outage on $name', (db) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(() => t.close())

  it('leases only the current slot of each check, not the ones its outage left behind', async () => {
    const res = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })
    const { id: locationId, keys } = res.json<{ id: string; keys: Array<{ rawKey: string }> }>()
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'every minute',
      frequency: 1,
      activated: false,
      doubleCheck: false,
      locations: [],
      privateLocations: ['office'],
      request: { url: 'http://target.test/' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const checkId = created.json<{ id: string }>().id
    const start = clock.now()
    // Five slots, one a minute, while no agent was there; each is stale once the next one is due.
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const at = start + i * MINUTE
      const [job] = firstAttemptJobs({
        accountId: t.accountId,
        checkId,
        targets: [{ location: 'office', privateLocationId: locationId }],
        scheduledAt: at,
        now: at,
        trigger: 'SCHEDULE',
        sessionId: null,
        expiresAt: at + MINUTE,
        checkType: 'API',
      })
      await buildStores(t.store).jobs.insertMany([job!])
      ids.push(job!.id)
    }
    clock.set(start + 4 * MINUTE + 10_000)
    const lease = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/jobs/lease',
      headers: { authorization: `Bearer ${String(keys[0]?.rawKey)}`, 'x-picket-agent': '6f1d2c3b-1111-4222-8333-000000000001', 'x-picket-agent-version': '1.0.0' },
      payload: { capacity: 10, waitSeconds: 0, checkTypes: ['API'] },
    })
    expect(lease.statusCode, lease.body).toBe(200)
    expect(lease.json<{ jobs: Array<{ jobId: string }> }>().jobs.map((j) => j.jobId)).toEqual([ids[4]])
  })
})
