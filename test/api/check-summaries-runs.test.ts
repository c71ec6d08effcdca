/**
 * The latest runs of GET /v1/analytics/check-summaries on both databases: each check's final results newest first,
 * capped at the number asked, outcomes and main timing right, retry attempts and other accounts' checks left out,
 * a check without runs with an empty list; the OpenAPI document describes the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow, type StoredRun } from '../helpers/result-rows.js'

const MINUTE = 60_000
const NOW = Date.UTC(2026, 0, 5, 12, 30)
const OUTCOMES = ['passing', 'degraded', 'failing'] as const

/** `count` runs a minute apart ending a minute ago, the i-th oldest with outcome OUTCOMES[i % 3] and 100 + i ms. */
const runsOf = (count: number, extra: Partial<StoredRun> = {}): StoredRun[] =>
  Array.from({ length: count }, (_, i) => ({
    location: i % 2 === 0 ? 'eu-west-1' : 'us-east-1',
    startedAt: NOW - (count - i) * MINUTE,
    status: OUTCOMES[i % 3] ?? 'passing',
    responseTime: 100 + i,
    ...extra,
  }))

/** What the API lists for these stored runs: the newest `take`, newest first. */
const expected = (runs: StoredRun[], take: number, timing: (r: StoredRun) => number | null = (r) => r.responseTime) =>
  [...runs]
    .reverse()
    .slice(0, take)
    .map((r) => ({
      startedAt: new Date(r.startedAt).toISOString(),
      runLocation: r.location,
      hasFailures: r.status === 'failing',
      isDegraded: r.status === 'degraded',
      responseTime: timing(r),
    }))

describe.each(testDbs)('the latest runs of check summaries ($name)', (db) => {
  let t: TestApp
  const clock = new FakeClock(NOW)
  const ids: Record<'many' | 'few' | 'tcp' | 'none', string> = { many: '', few: '', tcp: '', none: '' }
  const stored: Record<'many' | 'few' | 'tcp', StoredRun[]> = {
    many: runsOf(45),
    few: runsOf(3),
    tcp: runsOf(4, { checkType: 'TCP', statusCode: null, phases: { total: 7.5, connection: 3 } }),
  }

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const api = async (name: string) => (await t.call('POST', '/v1/checks/api', { name, activated: false, request: { url: `https://example.test/${name}` } })).json().id as string
    ids.many = await api('many')
    ids.few = await api('few')
    ids.none = await api('none')
    ids.tcp = (await t.call('POST', '/v1/checks/tcp', { name: 'tcp', activated: false, request: { hostname: 'example.test', port: 443 } })).json().id
    const results = buildStores(t.store).results
    const rows = (['many', 'few', 'tcp'] as const).flatMap((k) => stored[k].map((r, i) => finalResultRow(t.accountId, ids[k], r, i)))
    // A retry attempt newer than every final result: not a run of the bar.
    const attempt = { ...finalResultRow(t.accountId, ids.few, { location: 'eu-west-1', startedAt: NOW - 1000, status: 'failing', responseTime: 1 }, 99), result_type: 'ATTEMPT' }
    await results.insertMany([...rows, attempt])
  })
  afterAll(() => t.close())

  const summaries = async (query: string) => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return new Map((res.json() as Array<{ checkId: string; recentRuns: Array<Record<string, unknown>> }>).map((s) => [s.checkId, s.recentRuns]))
  }
  const withoutIds = (runs: Array<Record<string, unknown>> | undefined) => (runs ?? []).map(({ id: _id, ...rest }) => rest)

  it.each([
    { name: 'the default of 30', runs: undefined, take: 30 },
    { name: 'a cap of 5', runs: 5, take: 5 },
    { name: 'a cap above what is stored', runs: 100, take: 100 },
  ])('one call lists every check its latest runs, newest first, with $name', async ({ runs, take }) => {
    const query = [ids.many, ids.few, ids.tcp, ids.none].map((id) => `checkId=${id}`).join('&') + (runs === undefined ? '' : `&runs=${runs}`)
    const got = await summaries(query)
    expect(withoutIds(got.get(ids.many))).toEqual(expected(stored.many, take))
    expect(withoutIds(got.get(ids.few))).toEqual(expected(stored.few, take))
    // A TCP check's main timing is its total, not the response time column.
    expect(withoutIds(got.get(ids.tcp))).toEqual(expected(stored.tcp, take, () => 7.5))
    expect(got.get(ids.none)).toEqual([])
  })

  it('names each run by the id of its result', async () => {
    const runs = (await summaries(`checkId=${ids.few}&runs=1`)).get(ids.few) ?? []
    expect(runs).toHaveLength(1)
    const res = await t.call('GET', `/v1/check-results/${ids.few}/${String(runs[0]?.id)}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ hasFailures: true, runLocation: 'eu-west-1' })
  })

  it('runs=0 lists none, and keeps the other figures', async () => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?checkId=${ids.many}&runs=0`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()[0]).toMatchObject({ checkId: ids.many, runs: 45, recentRuns: [] })
  })

  it("leaves out another account's checks", async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'GET', url: `/v1/analytics/check-summaries?checkId=${ids.many}&checkId=${ids.few}`, headers: other.headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([])
  })

  it.each([
    ['a negative count', '-1'],
    ['more than 100', '101'],
    ['a word', 'all'],
  ])('400 for %s of runs, naming the parameter', async (_name, value) => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?checkId=${ids.many}&runs=${value}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json().attributes)).toContain('runs')
  })

  it('the OpenAPI document describes the latest runs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const op = doc.paths['/v1/analytics/check-summaries'].get
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain('runs')
    const item = op.responses['200'].content['application/json'].schema.items
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(['runs', 'availability', 'responseTimeP95', 'series', 'recentRuns']))
    expect(Object.keys(item.properties.recentRuns.items.properties)).toEqual(['id', 'startedAt', 'runLocation', 'hasFailures', 'isDegraded', 'responseTime'])
  })
})
