/**
 * Analytics through the HTTP API on both databases, against results with hand-computed aggregates. Every case is
 * asked twice: before the roll-up (everything read raw) and after it (read from the hour and minute buckets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { CheckResultRow } from '../../src/store/run-rows.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow } from '../helpers/result-rows.js'

const T0 = Date.UTC(2026, 0, 5) // a Monday, 00:00 UTC
const NOW = T0 + 2 * 3_600_000
const unix = (ms: number) => String(Math.floor(ms / 1000))

interface Run {
  location: string
  at: number // seconds after T0
  status: 'passing' | 'degraded' | 'failing'
  attempt: number
  responseTime: number
  statusCode: number | null
  dns?: number
}

// The data set of every expectation below (values sorted: 50 100 150 200 300 400).
const RUNS: Run[] = [
  { location: 'us-east-1', at: 10, status: 'passing', attempt: 1, responseTime: 100, statusCode: 200, dns: 10 },
  { location: 'us-east-1', at: 70, status: 'degraded', attempt: 1, responseTime: 200, statusCode: 200, dns: 20 },
  { location: 'us-east-1', at: 3605, status: 'failing', attempt: 2, responseTime: 300, statusCode: 500, dns: 30 },
  { location: 'us-east-1', at: 3665, status: 'passing', attempt: 1, responseTime: 400, statusCode: 200, dns: 40 },
  { location: 'eu-west-1', at: 20, status: 'passing', attempt: 1, responseTime: 50, statusCode: 200, dns: 5 },
  { location: 'eu-west-1', at: 3610, status: 'failing', attempt: 3, responseTime: 150, statusCode: null },
]

const resultRow = (t: TestApp, checkId: string, r: Run, i: number): CheckResultRow =>
  finalResultRow(t.accountId, checkId, { ...r, startedAt: T0 + r.at * 1000, ...(r.dns === undefined ? {} : { phases: { dns: r.dns } }) }, i)

/** A percentile: within 1% of the exact (nearest-rank) value. */
const pct = (exact: number) => ({
  asymmetricMatch: (v: unknown) => typeof v === 'number' && Math.abs(v - exact) <= exact * 0.01,
  toString: () => `within 1% of ${exact}`,
})

const ALL =
  'responseTime_avg,responseTime_min,responseTime_max,responseTime_sum,responseTime_stddev,responseTime_median,responseTime_p50,responseTime_p90,responseTime_p95,responseTime_p99,availability,retries,dns_avg'

// [name, query, expected series]
const CASES: Array<[string, string, unknown[]]> = [
  [
    'every aggregate over the whole window',
    `metrics=${ALL}`,
    [
      {
        data: {
          responseTime_avg: 200,
          responseTime_min: 50,
          responseTime_max: 400,
          responseTime_sum: 1200,
          responseTime_stddev: 119.02,
          responseTime_median: pct(150),
          responseTime_p50: pct(150),
          responseTime_p90: pct(400),
          responseTime_p95: pct(400),
          responseTime_p99: pct(400),
          availability: 66.6667,
          retries: 3,
          dns_avg: 21,
        },
      },
    ],
  ],
  [
    'grouped by location',
    'metrics=responseTime_avg,availability,retries&groupBy=runLocation',
    [
      { runLocation: 'eu-west-1', data: { responseTime_avg: 100, availability: 50, retries: 2 } },
      { runLocation: 'us-east-1', data: { responseTime_avg: 250, availability: 75, retries: 1 } },
    ],
  ],
  [
    'grouped by status code (none last)',
    'metrics=responseTime_avg&groupBy=statusCode',
    [
      { statusCode: 200, data: { responseTime_avg: 187.5 } },
      { statusCode: 500, data: { responseTime_avg: 300 } },
      { statusCode: null, data: { responseTime_avg: 150 } },
    ],
  ],
  [
    'hourly buckets',
    'metrics=responseTime_avg,availability&aggregationInterval=60',
    [
      {
        data: [
          { timestamp: '2026-01-05T00:00:00.000Z', responseTime_avg: 116.67, availability: 100 },
          { timestamp: '2026-01-05T01:00:00.000Z', responseTime_avg: 283.33, availability: 33.3333 },
        ],
      },
    ],
  ],
  [
    'five-minute buckets',
    'metrics=responseTime_avg,retries&aggregationInterval=5',
    [
      {
        data: [
          { timestamp: '2026-01-05T00:00:00.000Z', responseTime_avg: 116.67, retries: 0 },
          { timestamp: '2026-01-05T01:00:00.000Z', responseTime_avg: 283.33, retries: 3 },
        ],
      },
    ],
  ],
  [
    'minute buckets (read raw; empty ones left out)',
    'metrics=responseTime_avg&aggregationInterval=1',
    [
      {
        data: [
          { timestamp: '2026-01-05T00:00:00.000Z', responseTime_avg: 75 },
          { timestamp: '2026-01-05T00:01:00.000Z', responseTime_avg: 200 },
          { timestamp: '2026-01-05T01:00:00.000Z', responseTime_avg: 225 },
          { timestamp: '2026-01-05T01:01:00.000Z', responseTime_avg: 400 },
        ],
      },
    ],
  ],
  [
    'a window that cuts through minute and hour buckets',
    `metrics=responseTime_avg,availability&from=${unix(T0 + 15_000)}&to=${unix(T0 + 3_606_000)}`,
    [{ data: { responseTime_avg: 183.33, availability: 66.6667 } }],
  ],
  [
    'the same window in hourly buckets',
    `metrics=responseTime_avg&aggregationInterval=60&from=${unix(T0 + 15_000)}&to=${unix(T0 + 3_606_000)}`,
    [
      {
        data: [
          { timestamp: '2026-01-05T00:00:00.000Z', responseTime_avg: 125 },
          { timestamp: '2026-01-05T01:00:00.000Z', responseTime_avg: 300 },
        ],
      },
    ],
  ],
  [
    'a window of whole days (read from the day buckets once rolled up)',
    `metrics=responseTime_avg,responseTime_p95,availability,retries&from=${unix(T0 - 86_400_000)}&to=${unix(T0 + 26 * 3_600_000)}`,
    [{ data: { responseTime_avg: 200, responseTime_p95: pct(400), availability: 66.6667, retries: 3 } }],
  ],
  [
    'daily buckets',
    `metrics=responseTime_avg,availability&aggregationInterval=1440&from=${unix(T0 - 86_400_000)}&to=${unix(T0 + 26 * 3_600_000)}`,
    [{ data: [{ timestamp: '2026-01-05T00:00:00.000Z', responseTime_avg: 200, availability: 66.6667 }] }],
  ],
  ['failures only', 'metrics=responseTime_avg,availability&filterByStatus=failure', [{ data: { responseTime_avg: 225, availability: 0 } }]],
  ['successes only (degraded counts as up)', 'metrics=responseTime_avg,availability&filterByStatus=success', [{ data: { responseTime_avg: 187.5, availability: 100 } }]],
  [
    'both statuses, repeated parameters',
    'metrics=responseTime_avg&metrics=retries&filterByStatus=success&filterByStatus=failure',
    [{ data: { responseTime_avg: 200, retries: 3 } }],
  ],
  ['second page of series', 'metrics=availability&groupBy=runLocation&limit=1&page=2', [{ runLocation: 'us-east-1', data: { availability: 75 } }]],
  ['a page past the last series', 'metrics=availability&groupBy=runLocation&limit=1&page=3', []],
  [
    'a window with no runs',
    `metrics=responseTime_p95,availability,retries&from=${unix(T0 - 7_200_000)}&to=${unix(T0 - 3_600_000)}`,
    [{ data: { responseTime_p95: null, availability: null, retries: 0 } }],
  ],
  ['lastWeek has no runs on Monday of this week', 'metrics=availability&quickRange=lastWeek', [{ data: { availability: null } }]],
  ['thisWeek has them all', 'metrics=retries&quickRange=thisWeek', [{ data: { retries: 3 } }]],
]

const pointsOf = (body: { series: Array<{ data: Array<Record<string, unknown>> }> }) =>
  body.series.flatMap((s) => s.data.map((p) => [p.timestamp, p.runLocation, p.responseTime, p.dns, p.availability, p.retries]))

describe.each(testDbs)('analytics API ($name)', (db) => {
  let t: TestApp
  let checkId: string
  const clock = new FakeClock(NOW)
  const get = (q: string, id = checkId, route = 'api-checks') => t.call('GET', `/v1/analytics/${route}/${id}?${q}`)

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const res = await t.call('POST', '/v1/checks/api', { name: 'Orders API', activated: false, tags: ['shop'], request: { url: 'https://example.test/orders' } })
    checkId = res.json().id
    await buildStores(t.store).results.insertMany(RUNS.map((r, i) => resultRow(t, checkId, r, i)))
  })
  afterAll(() => t.close())

  for (const phase of ['read raw', 'rolled up'] as const) {
    describe(phase, () => {
      beforeAll(async () => {
        if (phase === 'rolled up') expect(await t.services.analyticsRollup.rollUp()).toBe(RUNS.length)
      })
      it.each(CASES)('%s', async (_name, query, series) => {
        const res = await get(query)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json().series).toEqual(series)
      })
      it('raw points, one per run, paged in time order', async () => {
        const res = await get('metrics=responseTime,dns,availability,retries&limit=4&page=2&groupBy=runLocation')
        expect(res.statusCode, res.body).toBe(200)
        expect(pointsOf(res.json())).toEqual([
          ['2026-01-05T01:00:10.000Z', 'eu-west-1', 150, null, 0, 2],
          ['2026-01-05T01:01:05.000Z', 'us-east-1', 400, 40, 100, 0],
        ])
      })
    })
  }

  it('answers with the check, the window and metadata for each metric', async () => {
    const res = await get(`metrics=responseTime_p95,availability,retries,responseTime_avg&quickRange=last24Hours`)
    const body = res.json()
    expect(body).toMatchObject({
      checkId,
      name: 'Orders API',
      checkType: 'API',
      activated: false,
      muted: false,
      frequency: 10,
      tags: ['shop'],
      from: '2026-01-04T02:00:00.000Z',
      to: '2026-01-05T02:00:00.000Z',
      pagination: { page: 1, limit: 10 },
    })
    expect(body.metadata).toEqual({
      responseTime_p95: { unit: 'milliseconds', label: 'Response time (p95)', aggregation: 'p95' },
      availability: { unit: 'percentage', label: 'Availability', aggregation: 'avg' },
      retries: { unit: 'count', label: 'Retries', aggregation: 'sum' },
      responseTime_avg: { unit: 'milliseconds', label: 'Response time (avg)', aggregation: 'avg' },
    })
  })

  it('counts results stored after the last roll-up at once', async () => {
    const late = resultRow(t, checkId, { location: 'us-east-1', at: 7000, status: 'failing', attempt: 1, responseTime: 1000, statusCode: 503 }, 99)
    await buildStores(t.store).results.insertMany([{ ...late, created_at: NOW - 1000 }])
    const res = await get('metrics=responseTime_max,availability&quickRange=last24Hours')
    expect(res.json().series).toEqual([{ data: { responseTime_max: 1000, availability: 57.1429 } }])
  })

  it.each<[string, string, Record<string, RegExp>]>([
    ['no metrics', 'quickRange=last7Days', { metrics: /is required/ }],
    ['an unknown metric', 'metrics=responseTime_p42', { metrics: /"responseTime_p42" is not a metric of API checks/ }],
    ['a metric of another type', 'metrics=connection_avg', { metrics: /"connection_avg" is not a metric/ }],
    ['raw and aggregated metrics mixed', 'metrics=responseTime,responseTime_avg', { metrics: /mixes raw metrics/ }],
    ['an unknown quick range', 'metrics=availability&quickRange=yesterday', { quickRange: /must be one of/ }],
    ['an interval of 0', 'metrics=availability&aggregationInterval=0', { aggregationInterval: /from 1 to 43200/ }],
    ['an interval over 30 days', 'metrics=availability&aggregationInterval=43201', { aggregationInterval: /from 1 to 43200/ }],
    ['a fractional interval', 'metrics=availability&aggregationInterval=1.5', { aggregationInterval: /integer/ }],
    ['too many buckets', `metrics=availability&aggregationInterval=1&from=${unix(T0 - 200 * 86_400_000)}&to=${unix(T0)}`, { aggregationInterval: /more than 50000 buckets/ }],
    ['from after to', `metrics=availability&from=${unix(NOW)}&to=${unix(T0)}`, { from: /before "to"/ }],
    ['an unreadable from', 'metrics=availability&from=yesterday', { from: /UNIX timestamp/ }],
    ['an unreadable to', 'metrics=availability&to=soon', { to: /UNIX timestamp/ }],
    ['a groupBy of another type', 'metrics=availability&groupBy=pageIndex', { groupBy: /runLocation or statusCode/ }],
    ['an unknown status', 'metrics=availability&filterByStatus=degraded', { filterByStatus: /success or failure/ }],
    ['limit 0', 'metrics=availability&limit=0', { limit: /from 1 to 100/ }],
    ['limit 101', 'metrics=availability&limit=101', { limit: /from 1 to 100/ }],
    ['page 0', 'metrics=availability&page=0', { page: /from 1/ }],
    ['several problems at once', 'metrics=nope&limit=500&quickRange=x', { metrics: /not a metric/, limit: /from 1 to 100/, quickRange: /must be one of/ }],
  ])('400 for %s, naming the parameter', async (_name, query, attributes) => {
    const res = await get(query)
    expect(res.statusCode, res.body).toBe(400)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['attributes', 'error', 'message', 'statusCode'])
    expect(Object.keys(body.attributes).sort()).toEqual(Object.keys(attributes).sort())
    for (const [field, pattern] of Object.entries(attributes)) expect(body.attributes[field]).toMatch(pattern)
  })

  it('a route of another type is 400 and names the right one; unknown and foreign checks are 404', async () => {
    const tcp = await get('metrics=availability', checkId, 'tcp-checks')
    expect(tcp.statusCode).toBe(400)
    expect(tcp.json().attributes.id).toContain(`/v1/analytics/api-checks/${checkId}`)
    expect((await get('metrics=availability', crypto.randomUUID())).statusCode).toBe(404)
    expect((await get('metrics=availability', 'not-a-uuid')).statusCode).toBe(404)
    const other = await t.otherAccount()
    const foreign = await t.app.inject({ method: 'GET', url: `/v1/analytics/api-checks/${checkId}?metrics=availability`, headers: other.headers })
    expect(foreign.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/v1/analytics/api-checks/${checkId}?metrics=availability` })).statusCode).toBe(401)
  })

  it.each<[string, string[]]>([
    ['TCP', ['total', 'dns', 'connection', 'data', 'availability', 'retries', 'total_avg', 'data_sum']],
    ['ICMP', ['packetLoss', 'latencyAvg', 'latencyStdDev_p99']],
    ['HEARTBEAT', ['availability', 'retries']],
    ['URL', ['responseTime', 'firstByte_p95', 'download_stddev']],
    ['GRPC', ['total', 'dns', 'connection', 'reflection', 'firstResponse_p95', 'download_avg', 'availability']],
    ['SSL', ['handshakeTimeMs', 'daysUntilExpiry', 'handshakeTimeMs_p95', 'availability', 'retries']],
    ['TRACEROUTE', ['responseTime', 'hopCount', 'packetLoss', 'hopCount_max', 'responseTime_p95', 'availability']],
    ['AGENTIC', ['total', 'steps', 'modelTurns', 'totalTokens', 'total_p95', 'totalTokens_sum', 'availability', 'retries']],
  ])('lists the metrics of %s checks', async (type, some) => {
    const res = await t.call('GET', `/v1/analytics/metrics?checkType=${type}`)
    expect(res.statusCode).toBe(200)
    const names = (res.json() as Array<{ name: string }>).map((m) => m.name)
    for (const n of some) expect(names).toContain(n)
    if (type === 'HEARTBEAT') expect(names).toEqual(['availability', 'retries'])
  })

  it('400 for metrics of an unknown type', async () => {
    const res = await t.call('GET', '/v1/analytics/metrics?checkType=FAX')
    expect(res.statusCode).toBe(400)
    expect(res.json().attributes.checkType).toMatch(/must be one of/)
  })
})
