/**
 * Reporting and the analytics batch agree with each check's own analytics for the same window (before and after
 * the roll-up), count runs, failures and degraded runs as stored, and split a window into calendar buckets of a time
 * zone; the v2 result list walks every result once by cursor; results name their run (traceId, checkRunId).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_ROUTES, routeOfType } from '../../src/domain/analytics/catalogue.js'
import { extractRunMetrics } from '../../src/domain/analytics/extract.js'
import { mainTimingName } from '../../src/analytics/summary.js'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { MONITORED_ROUTES, setUpMonitoring, type MonitoringFixtures } from '../helpers/monitoring-fixtures.js'
import { finalResultRow } from '../helpers/result-rows.js'

type Json = Record<string, unknown>
const NOW = Date.UTC(2026, 5, 3, 15, 30)
const unix = (ms: number) => String(Math.floor(ms / 1000))
const FROM = NOW - 6 * 3_600_000

/** Each route's batch fields and the analytics metric each one equals. */
const BATCH_METRICS: Array<[route: string, pairs: Array<[string, string]>]> = [
  [
    'api-checks',
    [
      ['responseTime_avg', 'responseTime_avg'],
      ['responseTime_p50', 'responseTime_p50'],
      ['responseTime_p95', 'responseTime_p95'],
      ['responseTime_p99', 'responseTime_p99'],
    ],
  ],
  [
    'url-monitors',
    [
      ['responseTime_avg', 'responseTime_avg'],
      ['responseTime_p99', 'responseTime_p99'],
    ],
  ],
  [
    'tcp-checks',
    [
      ['responseTime_avg', 'total_avg'],
      ['responseTime_p95', 'total_p95'],
    ],
  ],
  ['dns', [['responseTime_p50', 'total_p50']]],
  [
    'icmp',
    [
      ['latency_avg', 'latencyAvg_avg'],
      ['latency_p95', 'latencyAvg_p95'],
      ['packetLoss_avg', 'packetLoss_avg'],
      ['packetLoss_p99', 'packetLoss_p99'],
    ],
  ],
  ['heartbeat-checks', []],
  ['browser-checks', [['responseTime_p95', 'responseTime_p95']]],
  [
    'ssl',
    [
      ['responseTime_avg', 'handshakeTimeMs_avg'],
      ['responseTime_p99', 'handshakeTimeMs_p99'],
    ],
  ],
]

/** A run's figure of each of 4 runs (newest first; the third failed): its response time, phases and details. */
type SeededRun = (i: number) => { responseTime: number; timingPhases: Record<string, number>; details: Record<string, unknown> }
const MS = [100, 200, 300, 400]
/**
 * Types without an analytics route of their own: their checks, 4 runs each as their runners record them, and the
 * item's figures over them: averages exact, percentiles (nearest rank) within the sketches' 1%.
 */
const SEEDED: Array<[checkType: string, createUrl: string, body: Record<string, unknown>, run: SeededRun, figures: Record<string, number>]> = [
  [
    'GRPC',
    '/v1/checks/grpc',
    { name: 'Items gRPC', request: { url: 'grpc.example.com', port: 443 } },
    (i) => ({ responseTime: MS[i] ?? 0, timingPhases: { total: MS[i] ?? 0, dns: 2, connection: 5 }, details: {} }),
    { responseTime_avg: 250, responseTime_p50: 200, responseTime_p95: 400, responseTime_p99: 400 },
  ],
  [
    'SSL',
    '/v1/checks/ssl',
    { name: 'Second certificate', request: { sslConfig: { hostname: 'api.example.com' } } },
    (i) => ({ responseTime: MS[i] ?? 0, timingPhases: { handshakeTimeMs: MS[i] ?? 0 }, details: { daysUntilExpiry: 30 - i, keySizeBits: 2048 } }),
    { responseTime_avg: 250, responseTime_p50: 200, responseTime_p95: 400, responseTime_p99: 400 },
  ],
  [
    'TRACEROUTE',
    '/v1/checks/traceroute',
    { name: 'Route to the shop', request: { url: 'shop.example.com' } },
    // The final hop's latency is the run's response time; its packet loss and the hop count are in the details.
    (i) => ({ responseTime: (i + 1) * 10, timingPhases: {}, details: { packetLoss: [0, 0, 25, 50][i], hopCount: 8 + i } }),
    { latency_avg: 25, latency_p50: 20, latency_p95: 40, latency_p99: 40, packetLoss_avg: 18.75, packetLoss_p95: 50, packetLoss_p99: 50, hopCount_avg: 9.5 },
  ],
  [
    'AGENTIC',
    '/v1/checks/agentic',
    { name: 'Order history', prompt: 'Check that the order history lists an order', startUrl: 'https://shop.example.com/' },
    (i) => ({ responseTime: MS[i] ?? 0, timingPhases: { total: MS[i] ?? 0 }, details: { steps: [{}, {}], usage: { modelTurns: 3, totalTokens: 900 } } }),
    { responseTime_avg: 250, responseTime_p50: 200, responseTime_p95: 400, responseTime_p99: 400 },
  ],
]

describe.each(testDbs)('reporting, analytics batch and result cursors on $name', (db) => {
  let t: TestApp
  let f: MonitoringFixtures
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<unknown>()
  }
  const analytics = async (route: string, metrics: string, window = `from=${unix(FROM)}&to=${unix(NOW)}`) =>
    ((await ok('GET', `/v1/analytics/${route}/${f.checks[route] ?? ''}?metrics=${metrics}&${window}`)) as { series: Array<{ data: Json }> }).series[0]?.data ?? {}

  const seeded: Record<string, string> = {}

  beforeAll(async () => {
    // An agentic check is made only where a model is configured; none is called here.
    t = await startTestApp(db, { clock: new FakeClock(NOW), agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null } })
    f = await setUpMonitoring(t, NOW)
    for (const [checkType, url, body, run] of SEEDED) {
      const res = await t.call('POST', `${url}?autoAssignAlerts=false`, { activated: false, ...body })
      expect(res.statusCode, res.body).toBe(201)
      const id = String(res.json<{ id: string }>().id)
      seeded[checkType] = id
      const rows = MS.map((_, i) => {
        const r = run(i)
        const row = finalResultRow(
          t.accountId,
          id,
          { location: 'eu-west-1', startedAt: NOW - (i + 1) * 15 * 60_000, status: i === 2 ? 'failing' : 'passing', responseTime: r.responseTime, checkType },
          i,
        )
        row.run_job_id = crypto.randomUUID()
        row.doc = JSON.stringify({ timingPhases: r.timingPhases, details: r.details })
        row.metrics = JSON.stringify(extractRunMetrics({ checkType, ...r }))
        return row
      })
      await buildStores(t.store).results.insertMany(rows)
    }
  }, 120_000)
  afterAll(() => t.close())

  for (const phase of ['read raw', 'rolled up'] as const) {
    describe(phase, () => {
      beforeAll(async () => {
        if (phase === 'rolled up') await t.services.analyticsRollup.rollUp()
      })

      it.each(MONITORED_ROUTES)('the report of %s equals its analytics over the same window and counts its runs', async (route) => {
        const report = (await ok('GET', `/v1/reporting?from=${unix(FROM)}&to=${unix(NOW)}`)) as Array<Json & { aggregate: Json }>
        const item = report.find((r) => r.checkId === f.checks[route])
        const checkType = ANALYTICS_ROUTES[route]?.checkType ?? ''
        const base = mainTimingName(checkType)
        const data = await analytics(route, ['availability', ...(base ? [`${base}_avg`, `${base}_p95`, `${base}_p99`] : [])].join(','))
        expect(item?.aggregate).toEqual({
          successRatio: data.availability,
          avg: base ? data[`${base}_avg`] : 0,
          p95: base ? data[`${base}_p95`] : 0,
          p99: base ? data[`${base}_p99`] : 0,
          // 12 runs: the 6th and 12th failed, the 4th and 8th were degraded.
          runs: 12,
          failedRuns: 2,
          degradedRuns: 2,
        })
        expect(data.availability).toBe(83.3333)
      })

      it.each(BATCH_METRICS)('the batch item of %s equals its analytics over the same range', async (route, pairs) => {
        const items = (await ok('POST', '/v1/analytics/checks?quickRange=last24Hours', { checkIds: [f.checks[route], f.checks['api-checks']] })) as Json[]
        expect(items.map((i) => i.checkId)).toEqual([...new Set([f.checks[route], f.checks['api-checks']])])
        const data = await analytics(route, ['availability', ...pairs.map(([, m]) => m)].join(','), 'quickRange=last24Hours')
        const expected: Json = { availability: data.availability }
        for (const [field, metric] of pairs) expected[field] = data[metric]
        expect(items[0]).toMatchObject(expected)
        for (const value of Object.values(expected)) expect(value).not.toBeNull()
      })

      it.each(SEEDED.map(([type]) => type))('the analytics route of a %s check answers availability and its main timing', async (type) => {
        const route = routeOfType(type) ?? ''
        const base = mainTimingName(type) ?? ''
        const res = await t.call('GET', `/v1/analytics/${route}/${seeded[type] ?? ''}?metrics=availability,${base}_avg&quickRange=last24Hours`)
        expect(res.statusCode, res.body).toBe(200)
        const data = res.json<{ series: Array<{ data: Json }> }>().series[0]?.data ?? {}
        // 4 runs, the third failed; the main timing of the seeded runs averages 250 ms (25 ms for the final hop).
        expect(data).toMatchObject({ availability: 75, [`${base}_avg`]: type === 'TRACEROUTE' ? 25 : 250 })
      })

      it.each(SEEDED.map(([type, , , , figures]) => [type, figures] as const))('the batch item of a %s check has its figures', async (type, figures) => {
        const [item] = (await ok('POST', '/v1/analytics/checks?quickRange=last24Hours', { checkIds: [seeded[type]] })) as Json[]
        expect(Object.keys(item ?? {}).sort()).toEqual(['availability', 'checkId', 'checkType', ...Object.keys(figures)].sort())
        expect(item).toMatchObject({ checkId: seeded[type], checkType: type, availability: 75 })
        for (const [field, value] of Object.entries(figures)) {
          const actual = Number(item?.[field])
          if (field.endsWith('_avg')) expect(actual, field).toBe(value)
          else expect(Math.abs(actual - value), `${field}: ${actual}`).toBeLessThanOrEqual(value * 0.01)
        }
      })
    })
  }

  it('leaves out of the batch what does not apply to a type, and ids of no check', async () => {
    const items = (await ok('POST', '/v1/analytics/checks', { checkIds: [f.checks['heartbeat-checks'], '00000000-0000-4000-8000-000000000000', f.checks.icmp] })) as Json[]
    expect(items.map((i) => Object.keys(i).sort())).toEqual([
      ['availability', 'checkId', 'checkType'],
      ['availability', 'checkId', 'checkType', 'latency_avg', 'latency_p50', 'latency_p95', 'latency_p99', 'packetLoss_avg', 'packetLoss_p95', 'packetLoss_p99'],
    ])
  })

  it('filters the report by tag and activation, and leaves out the aggregate of a check without runs', async () => {
    const tagged = (await ok('GET', '/v1/reporting?filterByTags=shop')) as Json[]
    expect(tagged.map((r) => r.checkId).sort()).toEqual([f.checks['api-checks'], f.checks['url-monitors']].sort())
    expect(await ok('GET', '/v1/reporting?deactivated=false')).toEqual([])
    const old = (await ok('GET', '/v1/reporting?quickRange=lastMonth&filterByTags=production')) as Json[]
    expect(old).toEqual([{ name: 'Orders API', checkId: f.checks['api-checks'], checkType: 'API', deactivated: true, tags: ['shop', 'production'] }])
  })

  it('splits the report into days of a time zone, whose runs add up to the whole window', async () => {
    const window = `from=${unix(NOW - 2 * 86_400_000)}&to=${unix(NOW)}`
    const [item] = (await ok('GET', `/v1/reporting?${window}&filterByTags=production&granularity=day&timezone=America/New_York`)) as Array<{ aggregates: Json[] }>
    // The runs span 12:45 to 15:15 UTC on 3 June: 08:45 to 11:15 in New York (UTC-4), one local day.
    expect(item?.aggregates).toEqual([expect.objectContaining({ from: '2026-06-03T04:00:00.000Z', to: '2026-06-03T15:30:00.000Z', runs: 12, failedRuns: 2 })])
    const [whole] = (await ok('GET', `/v1/reporting?${window}&filterByTags=production`)) as Array<{ aggregate: Json }>
    expect(item?.aggregates[0]).toMatchObject(whole?.aggregate ?? {})
    const res = await t.call('GET', '/v1/reporting?granularity=day&timezone=%2B05:00')
    expect(res.statusCode).toBe(400)
    expect(res.json<Json>().attributes).toHaveProperty('timezone')
    const long = await t.call('GET', `/v1/reporting?granularity=day&from=${unix(NOW - 200 * 86_400_000)}&to=${unix(NOW)}`)
    expect(long.statusCode).toBe(400)
  })

  it('walks every v2 result once by cursor, newest first, as the v1 list orders them', async () => {
    const all = (await ok('GET', `/v1/check-results/${f.apiCheckId}?limit=100`)) as Json[]
    expect(all).toHaveLength(12)
    const walked: unknown[] = []
    let nextId: string | null = null
    let pages = 0
    do {
      const page = (await ok('GET', `/v2/check-results/${f.apiCheckId}?limit=5${nextId ? `&nextId=${nextId}` : ''}`)) as { length: number; entries: Json[]; nextId: string | null }
      expect(page.length).toBe(page.entries.length)
      walked.push(...page.entries.map((e) => e.id))
      nextId = page.nextId
      pages++
    } while (nextId !== null && pages < 10)
    expect(pages).toBe(3)
    expect(walked).toEqual(all.map((r) => r.id))
    const failures = (await ok('GET', `/v2/check-results/${f.apiCheckId}?hasFailures=true&fields=id,hasFailures`)) as { entries: Json[] }
    expect(failures.entries).toEqual([expect.objectContaining({ hasFailures: true }), expect.objectContaining({ hasFailures: true })])
    expect(Object.keys(failures.entries[0] ?? {}).sort()).toEqual(['hasFailures', 'id'])
    expect(await ok('GET', `/v2/check-results/${f.apiCheckId}?checkType=TCP`)).toEqual({ length: 0, entries: [], nextId: null })
  })

  it("shows another account none of this account's checks, results or figures", async () => {
    const other = await t.otherAccount()
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) })
    const batch = await as('POST', '/v1/analytics/checks', { checkIds: Object.values(f.checks) })
    expect([batch.statusCode, batch.json()]).toEqual([200, []])
    const report = await as('GET', '/v1/reporting')
    expect([report.statusCode, report.json()]).toEqual([200, []])
    expect((await as('GET', `/v2/check-results/${f.apiCheckId}`)).statusCode).toBe(404)
  })

  it('names the run of a result: traceId is its run job id in hex, checkRunId the number of its first 13 digits', async () => {
    const [row] = await t.store.db.selectFrom('check_results').select(['id', 'run_job_id']).where('check_id', '=', f.apiCheckId).limit(1).execute()
    const result = (await ok('GET', `/v1/check-results/${f.apiCheckId}/${row?.id ?? ''}`)) as Json & { apiCheckResult: { jobLog: Json } }
    const hex = String(row?.run_job_id).replaceAll('-', '')
    expect(result.traceId).toBe(hex)
    expect(result.checkRunId).toBe(Number.parseInt(hex.slice(0, 13), 16))
    expect(result.apiCheckResult.jobLog).toEqual({ lines: ['log setup: token loaded', expect.stringMatching(/^GET https:\/\/shop\.example\.com\/api\/orders -> (200|503|0)$/)] })
    const [browser] = (await ok('GET', `/v1/check-results/${f.checks['browser-checks'] ?? ''}?limit=1`)) as Array<{ browserCheckResult: { jobLog: unknown } }>
    expect(browser?.browserCheckResult.jobLog).toEqual([])
  })
})
