/**
 * GET /v1/checks/{id}/skipped-runs: a check's scheduled runs skipped because the runners were behind, in a time
 * window, newest slot first, account-scoped (another account's check is a 404), bad query fields named in a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const HOUR = 3_600_000

describe.each(testDbs)('skipped runs of a check ($name)', (db) => {
  let t: TestApp
  let checkId = ''
  const now = Date.UTC(2026, 5, 1, 12, 0, 0)
  const clock = new FakeClock(now)

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'busy', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    expect(res.statusCode, res.body).toBe(201)
    checkId = String(res.json().id)
    // Slots skipped 1, 2 … 30 hours ago (each one a minute after its slot).
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: crypto.randomUUID(),
      account_id: t.accountId,
      check_id: checkId,
      location: 'eu-west-1',
      private_location_id: null,
      scheduled_at: now - (i + 1) * HOUR,
      skipped_at: now - (i + 1) * HOUR + 60_000,
      created_at: now - (i + 1) * HOUR + 60_000,
    }))
    await buildStores(t.store).runSkips.insertMany(rows)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists the last 24 hours by default, newest slot first, with the total', async () => {
    const res = await t.call('GET', `/v1/checks/${checkId}/skipped-runs?limit=2`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      from: new Date(now - 24 * HOUR).toISOString(),
      to: new Date(now).toISOString(),
      total: 24,
      items: [1, 2].map((h) => ({
        location: 'eu-west-1',
        privateLocationId: null,
        scheduledAt: new Date(now - h * HOUR).toISOString(),
        skippedAt: new Date(now - h * HOUR + 60_000).toISOString(),
      })),
    })
  })

  it('takes a window in Unix seconds', async () => {
    const res = await t.call('GET', `/v1/checks/${checkId}/skipped-runs?from=${(now - 30 * HOUR) / 1000}&to=${(now - 25 * HOUR) / 1000}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ total: 5 })
    expect((res.json() as { items: unknown[] }).items).toHaveLength(5)
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['from=yesterday', 'from'],
    ['to=-1', 'to'],
    [`from=${now / 1000}&to=${now / 1000 - 1}`, 'from'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const res = await t.call('GET', `/v1/checks/${checkId}/skipped-runs?${query}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(JSON.stringify(res.json())).toContain(field)
  })

  it("is a 404 for another account's check, an unknown or a malformed id", async () => {
    const other = await t.otherAccount()
    const theirs = await t.app.inject({ method: 'GET', url: `/v1/checks/${checkId}/skipped-runs`, headers: other.headers })
    expect(theirs.statusCode, theirs.body).toBe(404)
    expect((await t.call('GET', `/v1/checks/${crypto.randomUUID()}/skipped-runs`)).statusCode).toBe(404)
    expect((await t.call('GET', '/v1/checks/not-a-uuid/skipped-runs')).statusCode).toBe(404)
  })
})
