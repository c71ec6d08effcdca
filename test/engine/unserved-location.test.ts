/**
 * A run of a data-center location that no runner takes (no engine instance serves it, or the runners are far
 * behind) does not wait forever: 10 minutes after its due time it is recorded as a failing FINAL result that says
 * why, so the check alerts instead of going silent, and the queue does not grow by one job each interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { DATA_CENTER_EXPIRY_MS } from '../../src/services/private-locations/unleased-expiry.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

describe.each(testDbs)('runs of a location nobody serves ($name)', (db) => {
  let t: TestApp
  let e: TestEngine
  let checkId = ''
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))
  const queued = async () => (await t.store.db.selectFrom('run_jobs').select('id').where('check_id', '=', checkId).execute()).length

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'unserved',
      frequency: 1,
      locations: ['ap-southeast-2'],
      request: { url: 'http://127.0.0.1:9/' },
    })
    expect(res.statusCode, res.body).toBe(201)
    checkId = res.json().id as string
    clock.set(Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').executeTakeFirstOrThrow()).next_due_at))
    expect(await scheduleDue(e.deps)).toHaveLength(1)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  it('stays queued until 10 minutes after its due time', async () => {
    clock.advance(DATA_CENTER_EXPIRY_MS - 1_000)
    expect(await t.services.agentJobs.expireUnleased()).toBe(0)
    expect(await queued()).toBe(1)
  })

  it('then fails with a result that names the location, and leaves the queue', async () => {
    clock.advance(2_000)
    expect(await t.services.agentJobs.expireUnleased()).toBe(1)
    expect(await queued()).toBe(0)
    const results = (await t.call('GET', `/v1/check-results/${checkId}?limit=10`)).json() as Array<Record<string, unknown>>
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ resultType: 'FINAL', runLocation: 'ap-southeast-2', hasFailures: true })
    const detail = (await t.call('GET', `/v1/check-results/${checkId}/${String(results[0]?.id)}`)).json() as Record<string, unknown>
    expect(JSON.stringify(detail)).toContain('No runner took this run in ap-southeast-2 within 10 minutes')
    expect((await t.call('GET', `/v1/check-statuses/${checkId}`)).json()).toMatchObject({ status: 'failing' })
    // A second pass finds nothing more.
    expect(await t.services.agentJobs.expireUnleased()).toBe(0)
  })
})
