/**
 * RUN_LOCATIONS: engine instances restricted to some data-center locations, on one database, each run only their
 * locations' jobs; the jobs of a location no instance serves stay queued.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { startEngine, type Engine } from '../../src/engine/index.js'
import type { EngineDeps } from '../../src/engine/engine-deps.js'
import { scheduleDue } from '../../src/engine/scheduler.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

const CHECKS = [
  { name: 'eu only', locations: ['eu-west-1'] },
  { name: 'us only', locations: ['us-east-1'] },
  { name: 'eu and us', locations: ['eu-west-1', 'us-east-1'], runParallel: true },
  { name: 'asia only', locations: ['ap-south-1'] },
]

describe.each(testDbs)('runners restricted to locations ($name)', (db) => {
  let t: TestApp
  let base: TestEngine
  let server: http.Server
  const engines: Record<string, { deps: EngineDeps; engine: Engine }> = {}
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 30))

  /** An engine like the test helper's, with its own instance id and RUN_LOCATIONS. */
  const engineFor = (name: string, runLocations: string[]) => {
    const deps: EngineDeps = { ...base.deps, instanceId: `instance-${name}`, runLocations }
    return { deps, engine: startEngine(deps, { loops: false }) }
  }

  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    t = await startTestApp(db, { clock })
    base = startTestEngine(t.store, clock, { instanceId: 'scheduler-only' })
    engines.eu = engineFor('eu', ['eu-west-1'])
    engines.us = engineFor('us', ['us-east-1'])
    for (const c of CHECKS) {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { ...c, frequency: 1, frequencyOffset: 1, doubleCheck: false, request: { url } })
      expect(res.statusCode).toBe(201)
    }
    const dues = await t.store.db.selectFrom('check_schedules').select('next_due_at').execute()
    clock.set(Math.max(...dues.map((d) => Number(d.next_due_at))))
    expect((await scheduleDue(base.deps)).length).toBe(5) // one job per location, the parallel check's two included
  })
  afterAll(async () => {
    for (const e of Object.values(engines)) await e.engine.stop()
    await base.engine.stop()
    await t.close()
    await new Promise((r) => server.close(r))
  })

  const resultsBy = async (runner: string) => {
    const rows = await t.store.db
      .selectFrom('check_results')
      .innerJoin('checks', 'checks.id', 'check_results.check_id')
      .select(['checks.name', 'check_results.location'])
      .where('check_results.result_type', '=', 'FINAL')
      .execute()
    return { runner, runs: rows.map((r) => `${r.name}@${r.location}`).sort() }
  }

  it.each([
    { runner: 'eu', expected: ['eu and us@eu-west-1', 'eu only@eu-west-1'] },
    { runner: 'us', expected: ['eu and us@eu-west-1', 'eu and us@us-east-1', 'eu only@eu-west-1', 'us only@us-east-1'] },
  ])("the $runner runner takes only its own location's jobs", async ({ runner, expected }) => {
    const pass = await engines[runner]!.engine.runOnce()
    expect(pass.started).toBe(2)
    expect(await resultsBy(runner)).toEqual({ runner, runs: expected })
  })

  it('leaves the jobs of a location no runner serves queued', async () => {
    for (const e of Object.values(engines)) expect((await e.engine.runOnce()).started).toBe(0)
    const left = await t.store.db.selectFrom('run_jobs').select(['location', 'status']).execute()
    expect(left).toEqual([{ location: 'ap-south-1', status: 'queued' }])
  })
})
