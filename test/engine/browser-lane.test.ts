/**
 * The browser lane: run jobs of browser, multi-step and Playwright checks are leased apart from the others, with
 * their own cap and a lease longer than their 240 s limit, so queued browser runs neither hold leases they cannot
 * serve nor keep other checks waiting. Without a browser runner an instance does not schedule them at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { BROWSER_CHECK_TYPES, DEFAULT_TUNING } from '../../src/engine/engine-deps.js'
import { firstAttemptJobs } from '../../src/store/engine/run-jobs.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine } from '../helpers/engine.js'

describe.each(testDbs)('the browser lane on $name', (db) => {
  let t: TestApp
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 12, 0, 0))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
  })
  afterAll(async () => {
    await t.close()
  })

  const create = async (segment: string, body: Record<string, unknown>): Promise<string> => {
    const res = await t.call('POST', `/v1/checks/${segment}?autoAssignAlerts=false`, { frequency: 1, activated: false, ...body })
    expect(res.statusCode, res.body).toBe(201)
    return String(res.json().id)
  }

  it('leases browser-type jobs only in the browser lane, and every other job only outside it', async () => {
    const api = await create('api', { name: 'api', request: { url: 'http://127.0.0.1:9/' } })
    const browser = await create('browser', { name: 'browser', script: "const { test } = require('@playwright/test')\ntest('x', async () => {})" })
    const multi = await create('multistep', { name: 'multi', script: "const { test } = require('@playwright/test')\ntest('x', async () => {})" })
    const s = buildStores(t.store)
    const now = clock.now()
    for (const checkId of [api, browser, multi]) {
      await s.jobs.insertMany(
        firstAttemptJobs({
          accountId: t.accountId,
          checkId,
          targets: [{ location: 'eu-west-1', privateLocationId: null }],
          scheduledAt: now,
          now,
          trigger: 'API',
          sessionId: null,
        }),
      )
    }
    const lease = (checkTypes: { only: readonly string[] } | { except: readonly string[] }) =>
      s.jobs.lease({ now, limit: 10, leasedBy: 'me', leaseUntil: now + 1000, privateLocationId: null, checkTypes })
    expect((await lease({ except: BROWSER_CHECK_TYPES })).map((j) => j.check_id)).toEqual([api])
    expect((await lease({ only: BROWSER_CHECK_TYPES })).map((j) => j.check_id).sort()).toEqual([browser, multi].sort())
    expect(DEFAULT_TUNING.browserLane.leaseMs).toBeGreaterThan(240_000)
  })

  it('does not schedule browser checks on an instance without a browser runner', async () => {
    const id = await create('browser', { name: 'no runner here', activated: true, script: "const { test } = require('@playwright/test')\ntest('x', async () => {})" })
    const e = startTestEngine(t.store, clock)
    const due = Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)
    clock.set(due)
    await e.engine.runOnce()
    await e.engine.stop()
    expect(await t.store.db.selectFrom('run_jobs').select('id').where('check_id', '=', id).execute()).toEqual([])
    expect(e.finals.filter((r) => r.check_id === id)).toEqual([])
  })
})
