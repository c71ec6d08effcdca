/**
 * A check's next run supersedes its previous scheduled run when that run is still queued and stale by the time the
 * new one is due: the previous run is recorded as skipped and its job carries the new run, in the scheduler's own
 * transaction. Every other queued run (leased, a retry, a triggered run, a private location's, a location this
 * instance does not serve) is left for its own path, and the new run gets a job of its own. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { RunJobRow } from '../../src/store/run-rows.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

const EVERY = 10_000

describe.each(testDbs)("a new run superseding its check's stale queued run ($name)", (db) => {
  let t: TestApp
  let e: TestEngine
  let officeId = ''
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { loops: false, instanceId: 'scheduler' })
    const office = await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'superseded-office' })
    expect(office.statusCode, office.body).toBe(201)
    officeId = String(office.json().id)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
  })

  const jobsOf = (checkId: string) => t.store.db.selectFrom('run_jobs').selectAll().where('check_id', '=', checkId).orderBy('scheduled_at').execute()
  const skipsOf = (checkId: string) => t.store.db.selectFrom('run_skips').selectAll().where('check_id', '=', checkId).execute()

  it.each<[string, Partial<RunJobRow>, readonly string[] | null, boolean]>([
    ['a queued run', {}, null, true],
    ['a queued run in a location this instance serves', {}, ['eu-west-1'], true],
    ['a queued run in a location this instance does not serve', {}, ['us-east-1'], false],
    ['a leased run', { status: 'running', leased_by: 'elsewhere', lease_until: Date.UTC(2027, 0, 1) }, null, false],
    ['a retry', { attempt: 2, expires_at: null }, null, false],
    ['a triggered run', { trigger: 'API' }, null, false],
    ["a private location's run", { private_location_id: 'office' }, null, false],
  ])('%s: superseded %s', async (_name, change, runLocations, superseded) => {
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'every ten seconds',
      frequency: 0,
      frequencyOffset: 10,
      doubleCheck: false,
      locations: ['eu-west-1'],
      request: { url: 'http://127.0.0.1:9/' },
    })
    expect(created.statusCode, created.body).toBe(201)
    const checkId = String(created.json().id)
    const schedule = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', checkId).executeTakeFirstOrThrow()
    const first = Number(schedule.next_due_at)

    clock.set(first)
    await scheduleDue(e.deps)
    const [previous] = await jobsOf(checkId)
    if (!previous) throw new Error('the first slot was not queued')
    expect(Number(previous.expires_at)).toBe(first + EVERY)
    const changed = { ...change, ...(change.private_location_id ? { private_location_id: officeId } : {}) }
    if (Object.keys(changed).length > 0) await t.store.db.updateTable('run_jobs').set(changed).where('id', '=', previous.id).execute()

    // Half a second before the next slot, within the scheduler's lookahead: the previous run cannot start in time.
    clock.set(first + EVERY - 500)
    await scheduleDue({ ...e.deps, runLocations }, 1_000)
    const jobs = await jobsOf(checkId)
    const skips = await skipsOf(checkId)
    if (superseded) {
      expect(jobs).toEqual([expect.objectContaining({ id: previous.id, status: 'queued', location: 'eu-west-1', trigger: 'SCHEDULER', attempt: 1 })])
      const [job] = jobs
      expect([Number(job?.scheduled_at), Number(job?.due_at), Number(job?.expires_at)]).toEqual([first + EVERY, first + EVERY, first + 2 * EVERY])
      expect(job?.sequence_id).not.toBe(previous.sequence_id)
      expect(skips.map((s) => [s.location, Number(s.scheduled_at), Number(s.skipped_at)])).toEqual([['eu-west-1', first, clock.now()]])
    } else {
      // The previous job as it was, and a job of its own for the new run.
      const view = (j: RunJobRow | undefined) =>
        j && { id: j.id, status: j.status, attempt: j.attempt, trigger: j.trigger, place: j.private_location_id, slot: Number(j.scheduled_at) }
      expect(jobs.map(view)).toEqual([
        view({ ...previous, ...changed }),
        { id: expect.not.stringMatching(previous.id), status: 'queued', attempt: 1, trigger: 'SCHEDULER', place: null, slot: first + EVERY },
      ])
      expect(skips).toEqual([])
    }
    expect((await t.call('DELETE', `/v1/checks/${checkId}`)).statusCode).toBe(204)
  })

  it('leaves a job that is no longer queued when it comes to replace it (a lease took it since it was read)', async () => {
    const stores = buildStores(t.store)
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'raced', locations: ['eu-west-1'], request: { url: 'http://127.0.0.1:9/' } })
    const checkId = String(created.json().id)
    const schedule = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', checkId).executeTakeFirstOrThrow()
    clock.set(Number(schedule.next_due_at))
    await scheduleDue(e.deps)
    const [queued] = await jobsOf(checkId)
    if (!queued) throw new Error('not queued')
    const leased = await stores.jobs.lease({ now: clock.now(), limit: 100, leasedBy: 'racer', leaseUntil: clock.now() + 60_000, privateLocationId: null })
    expect(leased.map((j) => j.id)).toContain(queued.id)
    const replaced = await stores.jobs.replaceQueued([{ ...queued, scheduled_at: queued.scheduled_at + 60_000 }])
    expect([...replaced]).toEqual([])
    const after = await jobsOf(checkId)
    expect(after.map((j) => [j.id, j.status, j.leased_by, Number(j.scheduled_at)])).toEqual([[queued.id, 'running', 'racer', Number(queued.scheduled_at)]])
  })
})
