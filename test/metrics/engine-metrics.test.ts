/** The engine's counters after real runs against a local target, and the run queue read on scrape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Registry } from 'prom-client'
import { FakeClock } from '../../src/lib/clock.js'
import { startEngine, type Engine } from '../../src/engine/index.js'
import type { EngineDeps } from '../../src/engine/engine-deps.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine } from '../helpers/engine.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { startMetricsApp, type MetricsApp } from './metrics-wiring-kit.js'
import { countOf, valueOf } from './scrape.js'

describe.each(testDbs)('engine metrics on $name', (db) => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  let m: MetricsApp
  let target: Target
  let deps: EngineDeps
  let engine: Engine
  let registry: Registry

  beforeAll(async () => {
    target = await startHttpTarget()
    m = await startMetricsApp(db, { enabled: true, port: null, token: undefined }, { clock })
    registry = m.wiring.registry!
    const base = startTestEngine(m.t.store, clock)
    await base.engine.stop()
    deps = { ...base.deps, metrics: m.wiring.engineMetrics }
    engine = startEngine(deps, { loops: false })
  })
  afterAll(async () => {
    await engine.stop()
    await m.close()
    await target.close()
  })

  const create = async (path: string, locations: string[], extra: Record<string, unknown> = {}) => {
    const res = await m.t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: `metrics ${path}`,
      frequency: 1,
      doubleCheck: false,
      locations,
      request: { method: 'GET', url: `${target.url}${path}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  const nextDue = async (id: string) =>
    Number((await m.t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)

  it('counts runs due, queued, started (late ones too) and finished by location, type and outcome', async () => {
    const passing = await create('/json', ['eu-west-1'])
    const failing = await create('/status/500', ['ap-south-1'], {
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true },
    })
    // Both due at one instant: a check whose slot came up to a minute earlier would have its next slot within
    // the scheduler's claim-ahead and run twice here.
    const due = Math.max(await nextDue(passing), await nextDue(failing))
    await m.t.store.db.updateTable('check_schedules').set({ next_due_at: due }).where('check_id', 'in', [passing, failing]).execute()
    clock.set(due)
    expect((await scheduleDue(deps)).length).toBe(2)
    const api = { check_type: 'API' }
    expect(await valueOf(registry, 'picket_runs_due_total', { location: 'eu-west-1', ...api })).toBe(1)
    expect(await valueOf(registry, 'picket_runs_due_total', { location: 'ap-south-1', ...api })).toBe(1)

    // Queued and 5 s past due when the runners get to them: two late starts.
    clock.advance(5_000)
    expect(await valueOf(registry, 'picket_run_queue_jobs', { location: 'eu-west-1' })).toBe(1)
    expect(await valueOf(registry, 'picket_run_queue_oldest_age_seconds', { location: 'eu-west-1' })).toBeGreaterThanOrEqual(5)

    await engine.runOnce() // first attempts; the failing one is retried
    await engine.runOnce() // the retry
    expect(await valueOf(registry, 'picket_runs_started_total', { location: 'eu-west-1', ...api })).toBe(1)
    expect(await valueOf(registry, 'picket_runs_started_total', { location: 'ap-south-1', ...api })).toBe(2)
    expect(await valueOf(registry, 'picket_runs_late_total', { location: 'eu-west-1', ...api })).toBe(1)
    expect(await valueOf(registry, 'picket_runs_late_total', { location: 'ap-south-1', ...api })).toBe(1)
    expect(await valueOf(registry, 'picket_runs_finished_total', { location: 'eu-west-1', ...api, outcome: 'passing' })).toBe(1)
    expect(await valueOf(registry, 'picket_runs_finished_total', { location: 'ap-south-1', ...api, outcome: 'failing' })).toBe(2)
    expect(await valueOf(registry, 'picket_run_retries_total', { location: 'ap-south-1', ...api })).toBe(1)
    expect(await valueOf(registry, 'picket_run_retries_total', { location: 'eu-west-1', ...api })).toBe(0)
    expect(await countOf(registry, 'picket_run_start_delay_seconds', { location: 'eu-west-1' })).toBe(1)
    expect(await countOf(registry, 'picket_run_start_delay_seconds', { location: 'ap-south-1' })).toBe(2)
    expect(await valueOf(registry, 'picket_run_queue_jobs', { location: 'eu-west-1' })).toBe(0)

    const text = (await m.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(text).toContain('picket_runs_finished_total{location="eu-west-1",check_type="API",outcome="passing"} 1')
    // The delay is at least the 5 s waited; the check's own slot may be earlier than `due` (slots are spread by id).
    expect(Number(/picket_run_start_delay_seconds_sum\{location="eu-west-1"\} ([\d.e+-]+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(5)
    expect(text).toContain('picket_run_start_delay_seconds_bucket{le="+Inf",location="eu-west-1"} 1')
  })

  it('counts the scheduled runs skipped because their next slot came before they started, by location', async () => {
    const id = await create('/json', ['us-west-2'])
    const due = await nextDue(id)
    // The earlier test's checks (every minute) are kept out of this pass, so that only this check's run goes stale.
    await m.t.store.db
      .updateTable('check_schedules')
      .set({ next_due_at: due + 86_400_000 })
      .where('check_id', '!=', id)
      .execute()
    await m.t.store.db.deleteFrom('run_jobs').where('check_id', '!=', id).execute()
    clock.set(due)
    await scheduleDue(deps)
    expect(await valueOf(registry, 'picket_runs_skipped_total', { location: 'us-west-2' })).toBe(0)
    clock.advance(61_000) // past the check's next slot: the queued run is stale
    expect((await engine.runOnce()).skipped).toBe(1)
    expect(await valueOf(registry, 'picket_runs_skipped_total', { location: 'us-west-2' })).toBe(1)
    expect((await m.app.inject({ method: 'GET', url: '/metrics' })).body).toContain('picket_runs_skipped_total{location="us-west-2"} 1')
  })
})
