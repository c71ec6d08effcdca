/**
 * Offered far more runs than it can start, the engine runs what it can and skips the rest: a scheduled run whose
 * check's next slot came due before it started is recorded as skipped, never run late, never run twice, never
 * lost; when the load drops, runs start on time again. Driven on a fake clock, one second a tick, by the real
 * scheduler, expiry pass and worker (two runs at once, each tick: a throttled engine) on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { createWorker, type EngineWorker } from '../../src/engine/worker.js'
import { skipAllStale } from '../../src/engine/stale-runs.js'
import { DEFAULT_TUNING, type EngineDeps } from '../../src/engine/engine-deps.js'
import type { CheckRunner, RunResult } from '../../src/runners/contract.js'
import { buildStores, transactor } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { silentLog } from '../helpers/engine.js'

const CHECKS = 40 // each every 10 s: 4 runs offered a second
const CAPACITY = 2 // runs started a second
const passing = (at: number): RunResult => ({
  status: 'passing',
  hasFailures: false,
  hasErrors: false,
  isDegraded: false,
  overMaxResponseTime: false,
  errorKind: null,
  errorMessage: null,
  networkError: false,
  responseTime: 1,
  startedAt: at,
  stoppedAt: at + 1,
  assertions: [],
  timingPhases: {},
  details: {},
  jobLog: [],
})

interface Slot {
  checkId: string
  scheduledAt: number
  location: string
}
const key = (s: Slot) => `${s.checkId}|${s.scheduledAt}|${s.location}`

describe.each(testDbs)('an engine offered more runs than it can start ($name)', (db) => {
  let t: TestApp
  let deps: EngineDeps
  let worker: EngineWorker
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  /** Every scheduled run the scheduler created, by its sequence id (a superseded run's job carries the next run). */
  const offered = new Map<string, Slot>()
  /** The sequence ids each job carried: more than one when a new run superseded its check's stale queued run. */
  const carried = new Map<string, Set<string>>()
  /** When each run started, by its result id. */
  const startedAt = new Map<string, number>()
  const ids: string[] = []

  const runner: CheckRunner = {
    run: async (spec, ctx) => {
      startedAt.set(String(spec.variables.CHECK_RESULT_ID), ctx.now())
      return passing(ctx.now())
    },
  }

  /** One second of the engine: schedule what is due, skip what went stale, start at most CAPACITY runs. */
  const tick = async () => {
    clock.advance(1_000)
    await scheduleDue(deps)
    const jobs = await t.store.db.selectFrom('run_jobs').select(['id', 'sequence_id', 'check_id', 'scheduled_at', 'location']).where('trigger', '=', 'SCHEDULER').execute()
    for (const j of jobs) {
      offered.set(j.sequence_id, { checkId: j.check_id, scheduledAt: Number(j.scheduled_at), location: j.location })
      carried.set(j.id, (carried.get(j.id) ?? new Set()).add(j.sequence_id))
    }
    await skipAllStale(deps, { privateLocationId: null })
    await worker.pump()
    await worker.drain()
  }
  const ran = async (): Promise<Array<Slot & { delay: number }>> => {
    const rows = await t.store.db.selectFrom('check_results').select(['id', 'sequence_id']).execute()
    return rows.map((r) => {
      const slot = offered.get(r.sequence_id)
      if (!slot) throw new Error(`a result of a run the scheduler never created: ${r.sequence_id}`)
      return { ...slot, delay: (startedAt.get(r.id) ?? NaN) - slot.scheduledAt }
    })
  }
  const skipped = async (): Promise<Array<Slot & { skippedAt: number }>> =>
    (await t.store.db.selectFrom('run_skips').selectAll().execute()).map((r) => ({
      checkId: r.check_id,
      scheduledAt: Number(r.scheduled_at),
      location: r.location,
      skippedAt: Number(r.skipped_at),
    }))

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    deps = {
      stores: buildStores(t.store),
      transact: transactor(t.store),
      clock,
      runners: { API: runner },
      instanceId: 'throttled',
      defaultLocation: 'us-east-1',
      log: silentLog,
      tuning: { ...DEFAULT_TUNING, concurrency: CAPACITY },
    }
    worker = createWorker(deps)
    for (let i = 0; i < CHECKS; i++) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: `busy ${i}`,
        frequency: 0,
        frequencyOffset: 10,
        doubleCheck: false,
        locations: ['eu-west-1'],
        request: { url: 'http://127.0.0.1:9/' },
      })
      expect(res.statusCode, res.body).toBe(201)
      ids.push(String(res.json().id))
    }
  })
  afterAll(async () => {
    await worker.drain()
    await t.close()
  })

  it('runs at its capacity and records the stale slots as skipped, none run late past its next slot', async () => {
    // Every check's first slot (spread over its 10 s by a hash of its id) comes due by the first tick, so that work
    // waits from the start: in a first second that holds fewer slots than the capacity, the engine rightly idles.
    // The first tick comes 1 ms before the first period ends: a slot at the very start (a hash of 0) would otherwise
    // be claimed a whole period late, which the scheduler rightly makes up once with its next slot a period on.
    clock.advance(8_999)
    for (let i = 0; i < 60; i++) await tick()
    const runs = await ran()
    const skips = await skipped()
    expect(runs.length).toBe(60 * CAPACITY) // never idle while work waits
    expect(skips.length).toBeGreaterThan(60) // about half the offered runs
    // Most stale runs were superseded in place by their check's next run (their job carried it).
    const superseded = [...carried.values()].reduce((n, seqs) => n + seqs.size - 1, 0)
    expect(superseded).toBeGreaterThan(skips.length / 2)
    // A run started before its check's next slot (10 s later); a skip happened at or after it, never before.
    for (const r of runs) expect(r.delay).toBeLessThan(10_000)
    for (const s of skips) expect(s.skippedAt - s.scheduledAt).toBeGreaterThanOrEqual(10_000)
    // The queue holds at most one pending run a check: the backlog does not grow.
    const queued = await t.store.db.selectFrom('run_jobs').select('check_id').execute()
    expect(queued.length).toBeLessThanOrEqual(CHECKS)
  })

  it('when the load drops, runs start on time again and nothing is skipped', async () => {
    // Two checks are left, as many as the engine starts a second: even when both slots fall in one second (slots
    // are spread by a hash of the random check ids), both start in that second's tick.
    for (const id of ids.slice(CAPACITY)) expect((await t.call('PUT', `/v1/checks/api/${id}`, { activated: false })).statusCode).toBe(200)
    const recovered = clock.now() + 20_000
    for (let i = 0; i < 40; i++) await tick()
    const late = (await ran()).filter((r) => r.scheduledAt >= recovered)
    expect(late.length).toBeGreaterThanOrEqual(CAPACITY * 2) // each check at least twice
    for (const r of late) expect(r.delay).toBeLessThan(1_000) // started in the tick its slot came due
    expect((await skipped()).filter((s) => s.scheduledAt >= recovered)).toEqual([])
  })

  it('ran or skipped every offered run exactly once', async () => {
    expect(await t.store.db.selectFrom('run_jobs').select('id').execute()).toEqual([]) // drained
    const runs = (await ran()).map(key)
    const skips = (await skipped()).map(key)
    expect(new Set(runs).size).toBe(runs.length) // no slot ran twice
    expect(new Set(skips).size).toBe(skips.length) // nor was skipped twice
    expect(runs.filter((k) => skips.includes(k))).toEqual([]) // nor both ran and skipped
    const all = new Set([...runs, ...skips])
    expect([...offered.values()].map(key).filter((k) => !all.has(k))).toEqual([]) // nothing lost
    expect(all.size).toBe(offered.size)
  })
})
