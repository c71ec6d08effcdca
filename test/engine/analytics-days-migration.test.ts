/**
 * Migration 009 folds the stored hour buckets into day buckets: what it writes equals what the roll-up job writes
 * for the same results (counts exactly, histograms bin for bin), on every test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kysely } from 'kysely'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { buildStores } from '../../src/store/all-stores.js'
import { applyDelta, foldResults, type RollupInput, type RollupRow } from '../../src/analytics/rollup.js'
import { up } from '../../src/store/migrations/009-analytics-days.js'

const DAY = 86_400_000
const T0 = Date.UTC(2026, 2, 2)

const inputsFor = (accountId: string, c1: string, c2: string): RollupInput[] =>
  Array.from({ length: 60 }, (_, i) => ({
    accountId,
    checkId: i % 3 === 0 ? c1 : c2,
    checkType: 'API',
    location: i % 2 ? 'eu-west-1' : 'us-east-1',
    statusCode: i % 7 ? 200 : 500,
    status: i % 7 ? (i % 5 ? 'passing' : 'degraded') : 'failing',
    attempt: 1 + (i % 4 === 0 ? 1 : 0),
    startedAt: T0 + i * 3 * 3_600_000 + 17_000,
    metrics: { responseTime: 50 + i * 13, dns: i % 9 },
  }))

const byKey = (rows: RollupRow[]) =>
  Object.fromEntries(
    rows.map((r) => [
      `${r.check_id}|${Number(r.bucket_start)}|${r.location}|${Number(r.status_code)}|${Number(r.success)}`,
      { runs: Number(r.runs), degraded: Number(r.degraded), retries: Number(r.retries), m0: r.m0, m1: r.m1, m3: r.m3 },
    ]),
  )

describe.each(testDbs)('day buckets from stored hours ($name)', (db) => {
  let t: TestApp
  const ids: string[] = []
  beforeAll(async () => {
    t = await startTestApp(db)
    for (const name of ['one', 'two']) ids.push(String((await t.call('POST', '/v1/checks/api', { name, activated: false, request: { url: 'https://example.test/' } })).json().id))
  })
  afterAll(() => t.close())

  it('writes the day buckets the roll-up job would have written', async () => {
    const store = t.store
    const all = [...foldResults(inputsFor(t.accountId, ids[0] ?? '', ids[1] ?? '')).values()].map((d) => applyDelta(undefined, d))
    const stores = buildStores(store)
    await stores.analytics.upsertRollups(all.filter((r) => r.level !== 1440))
    await up(store.db as unknown as Kysely<unknown>, store.dialect)
    const written = await stores.analytics.rollupsFor(ids, [{ level: 1440, from: T0 - DAY, to: T0 + 30 * DAY }])
    const expected = all.filter((r) => r.level === 1440)
    expect(written.length).toBe(expected.length)
    expect(byKey(written)).toEqual(byKey(expected))
  })
})
