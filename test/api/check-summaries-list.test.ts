/**
 * The summaries of a page of the check list, asked for with the list's own query (limit, page and its filters) so a
 * list need not wait for its ids: the same checks in the same order as GET /v1/checks, each with its status; and the
 * account's counts per status from GET /v1/check-status-counts. On both databases; bad queries named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { buildStores } from '../../src/store/all-stores.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResultRow, type StoredRun } from '../helpers/result-rows.js'

const NOW = Date.UTC(2026, 0, 5, 12, 30)
const run = (minutesAgo: number, status: StoredRun['status']): StoredRun => ({ location: 'eu-west-1', startedAt: NOW - minutesAgo * 60_000, status, responseTime: 100 })

describe.each(testDbs)('check summaries of a page of the list, and status counts ($name)', (db) => {
  let t: TestApp
  const clock = new FakeClock(NOW)
  /** By name: Shop (passing), Cart (failing), Port (TCP, never run), Gone (deleted after failing). */
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    const api = (name: string, tags: string[]) => ({ name, tags, activated: false, request: { url: `https://example.test/${name}` } })
    for (const [name, body, path] of [
      ['Shop', api('Shop', ['prod']), 'api'],
      ['Cart', api('Cart', ['prod', 'web']), 'api'],
      ['Port', { name: 'Port', activated: false, request: { hostname: 'example.test', port: 443 } }, 'tcp'],
      ['Gone', api('Gone', []), 'api'],
    ] as const) {
      const res = await t.call('POST', `/v1/checks/${path}`, body)
      expect(res.statusCode, res.body).toBe(201)
      ids[name] = String(res.json().id)
      clock.advance(1000)
    }
    const results = buildStores(t.store).results
    const rows = [
      finalResultRow(t.accountId, ids.Shop ?? '', run(5, 'passing'), 0),
      finalResultRow(t.accountId, ids.Cart ?? '', run(3, 'failing'), 1),
      finalResultRow(t.accountId, ids.Gone ?? '', run(2, 'failing'), 2),
    ]
    await results.insertMany(rows)
    await results.applyStatuses(rows)
    expect((await t.call('DELETE', `/v1/checks/${ids.Gone}`)).statusCode).toBe(204)
  })
  afterAll(() => t.close())

  it.each([
    ['the first page', 'limit=2'],
    ['the second page', 'limit=2&page=2'],
    ['a tag', 'limit=10&tag=web'],
    ['a type', 'limit=10&checkType=TCP'],
    ['a name', 'limit=10&search=sho'],
    ['a status', 'limit=10&status=failing'],
    ['a page past the end', 'limit=10&page=3'],
  ])('%s: the checks GET /v1/checks lists, in its order', async (_name, query) => {
    const list = await t.call('GET', `/v1/checks?${query}`)
    const summaries = await t.call('GET', `/v1/analytics/check-summaries?${query}`)
    expect(summaries.statusCode, summaries.body).toBe(200)
    expect(summaries.json().map((s: { checkId: string }) => s.checkId)).toEqual(list.json().map((c: { id: string }) => c.id))
  })

  it('carries each check its status and when its latest run started (pending and null before any)', async () => {
    const res = await t.call('GET', '/v1/analytics/check-summaries?limit=10&runs=1')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().map((s: Record<string, unknown>) => [s.checkId, s.status, s.lastRunAt])).toEqual([
      [ids.Shop, 'passing', new Date(NOW - 5 * 60_000).toISOString()],
      [ids.Cart, 'failing', new Date(NOW - 3 * 60_000).toISOString()],
      [ids.Port, 'pending', null],
    ])
    // Asked for by id, the same.
    const byId = await t.call('GET', `/v1/analytics/check-summaries?checkId=${ids.Cart}`)
    expect(byId.json()[0]).toMatchObject({ checkId: ids.Cart, status: 'failing', runs: 1 })
  })

  it("lists none of another account's checks", async () => {
    const other = await t.otherAccount()
    const res = await t.app.inject({ method: 'GET', url: '/v1/analytics/check-summaries?limit=100', headers: other.headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual([])
  })

  it.each([
    ['ids and a page', `checkId=${crypto.randomUUID()}&limit=10`, ['limit']],
    ['ids and filters', `checkId=${crypto.randomUUID()}&tag=prod&status=failing`, ['tag', 'status']],
    ['neither ids nor limit', 'page=2', ['checkId']],
    ['a limit of 0', 'limit=0', ['limit']],
    ['a limit over 100', 'limit=101', ['limit']],
    ['page 0', 'limit=10&page=0', ['page']],
    ['an unknown status', 'limit=10&status=broken', ['status']],
    ['an unknown type', 'limit=10&checkType=FAX', ['checkType']],
  ])('400 for %s, naming the parameters', async (_name, query, fields) => {
    const res = await t.call('GET', `/v1/analytics/check-summaries?${query}`)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.json().attributes).sort()).toEqual([...fields].sort())
  })

  it("counts the account's checks per status: a deleted check not at all, one never run as pending", async () => {
    const res = await t.call('GET', '/v1/check-status-counts')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ total: 3, passing: 1, degraded: 0, failing: 1, pending: 1 })
    const statuses = (await t.call('GET', '/v1/check-statuses')).json() as Array<{ status: string }>
    expect(statuses.filter((s) => s.status === 'failing')).toHaveLength(res.json().failing)
    const other = await t.otherAccount()
    const theirs = await t.app.inject({ method: 'GET', url: '/v1/check-status-counts', headers: other.headers })
    expect(theirs.json()).toEqual({ total: 0, passing: 0, degraded: 0, failing: 0, pending: 0 })
  })
})
