/**
 * GET /v1/analytics/check-summaries (the console's list of checks) on both databases: whole-window figures and
 * hourly steps, the same before and after the roll-up; other accounts' checks left out; bad queries named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow, type StoredRun } from '../helpers/result-rows.js'

const HOUR = 3_600_000
const NOW = Date.UTC(2026, 0, 5, 12, 30)
const at = (hoursAgo: number, minute: number) => Date.UTC(2026, 0, 5, 12 - hoursAgo, minute)

const RUNS: StoredRun[] = [
  { location: 'us-east-1', startedAt: at(2, 10), status: 'passing', responseTime: 100 },
  { location: 'us-east-1', startedAt: at(2, 40), status: 'degraded', responseTime: 300 },
  { location: 'eu-west-1', startedAt: at(1, 5), status: 'failing', responseTime: 200 },
  { location: 'us-east-1', startedAt: at(0, 20), status: 'passing', responseTime: 50 },
]

const near = (exact: number) => ({ asymmetricMatch: (v: unknown) => typeof v === 'number' && Math.abs(v - exact) <= exact * 0.01, toString: () => `≈${exact}` })

describe.each(testDbs)('check summaries API ($name)', (db) => {
  let t: TestApp
  let a: string
  let quiet: string
  const clock = new FakeClock(NOW)

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    a = (await t.call('POST', '/v1/checks/api', { name: 'A', activated: false, request: { url: 'https://example.test/a' } })).json().id
    quiet = (await t.call('POST', '/v1/checks/tcp', { name: 'Quiet', activated: false, request: { hostname: 'example.test', port: 443 } })).json().id
    await buildStores(t.store).results.insertMany(RUNS.map((r, i) => finalResultRow(t.accountId, a, r, i)))
  })
  afterAll(() => t.close())

  for (const phase of ['read raw', 'rolled up'] as const) {
    it(`whole-window figures and hourly steps (${phase})`, async () => {
      if (phase === 'rolled up') expect(await t.services.analyticsRollup.rollUp()).toBe(RUNS.length)
      const res = await t.call('GET', `/v1/analytics/check-summaries?checkId=${a}&checkId=${quiet}`)
      expect(res.statusCode, res.body).toBe(200)
      const [first, second] = res.json()
      expect(first).toMatchObject({ checkId: a, runs: 4, availability: 75, responseTimeP95: near(300) })
      expect(first.series).toHaveLength(25)
      const byHour = Object.fromEntries(first.series.filter((p: { runs: number }) => p.runs > 0).map((p: { from: string }) => [p.from, p]))
      expect(byHour).toEqual({
        '2026-01-05T10:00:00.000Z': { from: '2026-01-05T10:00:00.000Z', runs: 2, availability: 100, responseTime: near(300) },
        '2026-01-05T11:00:00.000Z': { from: '2026-01-05T11:00:00.000Z', runs: 1, availability: 0, responseTime: near(200) },
        '2026-01-05T12:00:00.000Z': { from: '2026-01-05T12:00:00.000Z', runs: 1, availability: 100, responseTime: near(50) },
      })
      expect(second).toMatchObject({ checkId: quiet, runs: 0, availability: null, responseTimeP95: null })
      expect(new Date(first.series[0].from).getTime()).toBe(Date.UTC(2026, 0, 4, 12))
    })
  }

  it('a single id, and the 7-day range in 6-hour steps', async () => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?checkId=${a}&quickRange=last7Days`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()[0]).toMatchObject({ checkId: a, runs: 4, availability: 75 })
    expect(res.json()[0].series.length).toBeGreaterThanOrEqual(28)
    expect(new Date(res.json()[0].series[1].from).getTime() - new Date(res.json()[0].series[0].from).getTime()).toBe(6 * HOUR)
  })

  it("leaves out another account's checks and ids of no check", async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'GET', url: `/v1/analytics/check-summaries?checkId=${a}&checkId=${crypto.randomUUID()}&checkId=nope`, headers: other.headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([])
  })

  it.each([
    ['no ids', '', 'checkId'],
    ['an unknown range', `checkId=${crypto.randomUUID()}&quickRange=yesterday`, 'quickRange'],
    ['more than 100 ids', Array.from({ length: 101 }, () => `checkId=${crypto.randomUUID()}`).join('&'), 'checkId'],
  ])('400 for %s, naming the parameter', async (_name, query, field) => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?${query}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json().attributes)).toContain(field)
  })
})
