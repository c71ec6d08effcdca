/**
 * Analytics of real runs: an API check against a local target, run by the engine on a fake clock, and what the
 * analytics API says about it agrees with the results it recorded, before and after the roll-up.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roundDecimal } from '../../src/analytics/series.js'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

const STATUSES = [200, 200, 503, 200, 500, 200]

function startTarget(): Promise<{ url: string; close: () => Promise<void> }> {
  let i = 0
  const server = http.createServer((_req, res) => {
    res.writeHead(STATUSES[i++ % STATUSES.length] as number, { 'content-type': 'text/plain' })
    res.end('x'.repeat(2000))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) })
    }),
  )
}

interface ResultItem {
  responseTime: number
  status?: string
  hasFailures: boolean
  runLocation: string
  apiCheckResult: { timingPhases: Record<string, number> }
}

describe.each(testDbs)('analytics of real runs on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Awaited<ReturnType<typeof startTarget>>
  let id: string
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const analytics = async (q: string) => {
    const res = await t.call('GET', `/v1/analytics/api-checks/${id}?quickRange=last24Hours&${q}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    target = await startTarget()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'real runs',
      frequency: 1,
      doubleCheck: false,
      locations: ['us-east-1', 'eu-west-1'],
      request: { method: 'GET', url: `${target.url}/` },
    })
    id = res.json().id
    for (let run = 0; run < STATUSES.length; run++) {
      const due = Number((await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()).next_due_at)
      clock.set(Math.max(clock.now(), due))
      expect((await e.engine.runOnce()).started).toBe(1)
    }
    clock.advance(5 * 60_000)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  it('agrees with the recorded results, raw and rolled up', async () => {
    const results = (await t.call('GET', `/v1/check-results/${id}?limit=100`)).json() as ResultItem[]
    expect(results).toHaveLength(STATUSES.length)
    const times = results.map((r) => r.responseTime)
    const failed = results.filter((r) => r.hasFailures).length
    expect(failed).toBe(2)
    const expected = {
      // Half up on the decimal value, as the service rounds (a float just below a tie must not round down).
      responseTime_avg: roundDecimal(times.reduce((a, b) => a + b, 0) / times.length, 2),
      responseTime_max: roundDecimal(Math.max(...times), 2),
      availability: Math.round(((STATUSES.length - failed) / STATUSES.length) * 100 * 10_000) / 10_000,
      retries: 0,
    }
    const query = 'metrics=responseTime_avg,responseTime_max,availability,retries'
    const before = await analytics(query)
    expect(before.series).toEqual([{ data: expected }])
    expect(await t.services.analyticsRollup.rollUp()).toBe(STATUSES.length)
    const after = await analytics(query)
    expect(after.series).toEqual([{ data: expected }])

    const byLocation = await analytics(`${query}&groupBy=runLocation`)
    expect(byLocation.series.map((s: { runLocation: string }) => s.runLocation)).toEqual(['eu-west-1', 'us-east-1'])
  })

  it('gives every run its measured phases as raw points', async () => {
    const results = (await t.call('GET', `/v1/check-results/${id}?limit=100`)).json() as ResultItem[]
    const body = await analytics('metrics=responseTime,wait,dns,tcp,firstByte,download&limit=100')
    const points = body.series[0].data as Array<Record<string, number>>
    expect(points).toHaveLength(results.length)
    // Paired by every value (rounded as compared), not by response time alone: two runs may share one.
    const order = (a: Record<string, number>, b: Record<string, number>) => {
      for (const name of Object.keys(a)) {
        const d = Math.round((a[name] ?? 0) * 100) - Math.round((b[name] ?? 0) * 100)
        if (d !== 0) return d
      }
      return 0
    }
    const fromResults = results.map((r) => ({ responseTime: r.responseTime, ...pick(r.apiCheckResult.timingPhases) })).sort(order)
    const fromAnalytics = points.map((p) => ({ responseTime: Number(p.responseTime), ...pick(p) })).sort(order)
    for (const [i, p] of fromAnalytics.entries()) {
      const r = fromResults[i] as Record<string, number>
      for (const [name, value] of Object.entries(p)) expect(value, name).toBeCloseTo(r[name] as number, 2)
    }
  })
})

function pick(o: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(['wait', 'dns', 'tcp', 'firstByte', 'download'].map((k) => [k, Number(o[k])]))
}
