/**
 * Error groups through the API: real failing runs' messages grouped per check, lists paged with Content-Range,
 * one group, archive rules, isolation between accounts, heartbeat failures. The 400s: error-groups-validation.test.ts.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { REAL_ERROR_GROUPS } from '../helpers/real-error-messages.js'
import { finalResult, ISO_TIME, validReferenceGroup, validReferenceList, type GroupItem } from '../helpers/error-group-kit.js'

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0)
const MIN = 60_000

describe.each(testDbs)('error groups on $name', (db) => {
  let t: TestApp
  let other: Awaited<ReturnType<TestApp['otherAccount']>>
  const clock = new FakeClock(T0)
  let checkA = ''
  let checkB = ''
  let otherCheck = ''

  const createCheck = async (name: string, headers?: Record<string, string>) => {
    const body = { name, activated: false, request: { url: 'http://127.0.0.1:9/health' } }
    const res = headers
      ? await t.app.inject({ method: 'POST', url: '/v1/checks/api?autoAssignAlerts=false', headers, payload: body })
      : await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', body)
    expect(res.statusCode, res.body).toBe(201)
    return String(res.json().id)
  }
  const list = async (url: string, headers?: Record<string, string>) => {
    const res = headers ? await t.app.inject({ method: 'GET', url, headers }) : await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    expect(validReferenceList(res.json()), JSON.stringify(validReferenceList.errors)).toBe(true)
    return { items: res.json<GroupItem[]>(), range: res.headers['content-range'] }
  }
  const groupOf = async (checkId: string, message: string) => {
    const { items } = await list(`/v1/error-groups/checks/${checkId}?limit=100&includeArchived=true`)
    const found = items.find((g) => g.rawErrorMessage === message)
    if (!found) throw new Error(`no group with ${message}`)
    return found
  }
  const patch = (id: string, body: unknown) => t.call('PATCH', `/v1/error-groups/${id}`, body)

  beforeAll(async () => {
    t = await startTestApp(db, { clock })
    other = await t.otherAccount()
    checkA = await createCheck('Orders API')
    checkB = await createCheck('Status page')
    otherCheck = await createCheck('Not yours', other.headers)
    // Every real message as a failing run of check A, a minute apart, in one batch (as the engine's writer hands it on).
    const messages = REAL_ERROR_GROUPS.flatMap((g) => g.messages)
    await t.services.afterFinalResults(messages.map((m, i) => finalResult(t.accountId, checkA, m, T0 + i * MIN)))
    // Check B: two faults in two batches; the other account: one.
    await t.services.afterFinalResults([finalResult(t.accountId, checkB, 'HTTP status 503 Service Unavailable', T0 + 5 * MIN)])
    await t.services.afterFinalResults([
      finalResult(t.accountId, checkB, 'connect ECONNREFUSED 127.0.0.1:41089', T0 + 200 * MIN),
      finalResult(t.accountId, checkB, 'HTTP status 503 Service Unavailable', T0 + 201 * MIN),
      finalResult(other.accountId, otherCheck, 'socket hang up', T0 + 300 * MIN),
    ])
  })
  afterAll(() => t.close())

  it("groups a check's real failing runs: one group per fault, counted, with the latest raw message", async () => {
    const { items, range } = await list(`/v1/error-groups/checks/${checkA}?limit=100`)
    expect(range).toBe(`0-${REAL_ERROR_GROUPS.length - 1}/${REAL_ERROR_GROUPS.length}`)
    expect(items.map((g) => g.cleanedErrorMessage).sort()).toEqual(REAL_ERROR_GROUPS.map((g) => g.cleaned).sort())
    let i = 0
    for (const group of REAL_ERROR_GROUPS) {
      const first = T0 + i * MIN
      i += group.messages.length
      const item = items.find((g) => g.cleanedErrorMessage === group.cleaned)
      expect(item).toMatchObject({
        checkId: checkA,
        occurrences: group.messages.length,
        rawErrorMessage: group.messages[group.messages.length - 1],
        firstSeen: new Date(first).toISOString(),
        lastSeen: new Date(T0 + (i - 1) * MIN).toISOString(),
        archivedUntilNextEvent: false,
        archivedForever: false,
        rootCauseAnalyses: [],
      })
      expect(item?.errorHash).toMatch(/^[0-9a-f]{64}$/)
      expect(item?.firstSeen).toMatch(ISO_TIME)
    }
    // Latest occurrence first.
    const seen = items.map((g) => Date.parse(String(g.lastSeen)))
    expect(seen).toEqual([...seen].sort((a, b) => b - a))
  })

  it('pages lists with limit and page, the total in Content-Range', async () => {
    const n = REAL_ERROR_GROUPS.length
    const all = (await list(`/v1/error-groups/checks/${checkA}?limit=100`)).items
    const first = await list(`/v1/error-groups/checks/${checkA}`)
    expect(first.items).toHaveLength(10)
    expect(first.range).toBe(`0-9/${n}`)
    const page3 = await list(`/v1/error-groups/checks/${checkA}?limit=7&page=3`)
    expect(page3.range).toBe(`14-20/${n}`)
    expect(page3.items.map((g) => g.id)).toEqual(all.slice(14, 21).map((g) => g.id))
    const past = await list(`/v1/error-groups/checks/${checkA}?limit=10&page=9`)
    expect(past).toEqual({ items: [], range: `*/${n}` })
  })

  it("lists the account's groups of every check, and only its own", async () => {
    const { items, range } = await list('/v1/error-groups?limit=100')
    expect(range).toBe(`0-${REAL_ERROR_GROUPS.length + 1}/${REAL_ERROR_GROUPS.length + 2}`)
    const b = items.filter((g) => g.checkId === checkB)
    expect(b.map((g) => [g.cleanedErrorMessage, g.occurrences])).toEqual([
      ['HTTP status <num> Service Unavailable', 2],
      ['connect ECONNREFUSED <ip>:<port>', 1],
    ])
    expect(items.some((g) => g.checkId === otherCheck)).toBe(false)
    const theirs = await list('/v1/error-groups', other.headers)
    expect(theirs.items.map((g) => [g.checkId, g.rawErrorMessage])).toEqual([[otherCheck, 'socket hang up']])
    expect(theirs.range).toBe('0-0/1')
  })

  it("reads one group; another account's group, an unknown or a malformed id is 404", async () => {
    const group = await groupOf(checkB, 'HTTP status 503 Service Unavailable')
    const res = await t.call('GET', `/v1/error-groups/${group.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(validReferenceGroup(res.json())).toBe(true)
    expect(res.json()).toEqual(group)
    expect((await t.call('GET', `/v1/error-groups/${group.id.toUpperCase()}`)).json().id).toBe(group.id)

    const theirs = (await list('/v1/error-groups', other.headers)).items[0] as GroupItem
    for (const url of [`/v1/error-groups/${theirs.id}`, `/v1/error-groups/${randomUUID()}`, '/v1/error-groups/not-a-uuid', '/v1/error-groups/42']) {
      const miss = await t.call('GET', url)
      expect(miss.statusCode, url).toBe(404)
      expect(miss.json()).toMatchObject({ statusCode: 404, error: 'Not Found', attributes: {} })
      expect((await t.call('PATCH', url, { archivedUntilNextEvent: true })).statusCode, url).toBe(404)
    }
    const mine = await t.app.inject({ method: 'GET', url: `/v1/error-groups/${group.id}`, headers: other.headers })
    expect(mine.statusCode).toBe(404)
    for (const checkId of [otherCheck, randomUUID(), 'not-a-uuid']) {
      expect((await t.call('GET', `/v1/error-groups/checks/${checkId}`)).statusCode, checkId).toBe(404)
    }
    // Unchanged by the attempts.
    expect((await list(`/v1/error-groups?limit=100&includeArchived=true`, other.headers)).items[0]).toMatchObject({ archivedUntilNextEvent: false })
  })

  it('archived until the next event: hidden from the lists until the fault occurs again', async () => {
    const group = await groupOf(checkB, 'connect ECONNREFUSED 127.0.0.1:41089')
    const res = await patch(group.id, { archivedUntilNextEvent: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(validReferenceGroup(res.json())).toBe(true)
    expect(res.json()).toEqual({ ...group, archivedUntilNextEvent: true })
    expect((await list(`/v1/error-groups/checks/${checkB}`)).items.map((g) => g.id)).not.toContain(group.id)
    expect((await list('/v1/error-groups?limit=100')).items.map((g) => g.id)).not.toContain(group.id)
    expect((await list(`/v1/error-groups/checks/${checkB}?includeArchived=true`)).items.map((g) => g.id)).toContain(group.id)
    expect((await t.call('GET', `/v1/error-groups/${group.id}`)).json().archivedUntilNextEvent).toBe(true)

    await t.services.afterFinalResults([finalResult(t.accountId, checkB, 'connect ECONNREFUSED ::1:36257', T0 + 400 * MIN)])
    const back = (await list(`/v1/error-groups/checks/${checkB}`)).items.find((g) => g.id === group.id)
    expect(back).toMatchObject({
      archivedUntilNextEvent: false,
      occurrences: 2,
      rawErrorMessage: 'connect ECONNREFUSED ::1:36257',
      firstSeen: group.firstSeen,
      lastSeen: new Date(T0 + 400 * MIN).toISOString(),
    })
  })

  it('archived for ever: hidden even when the fault occurs again, and still counted; false shows it again', async () => {
    const group = await groupOf(checkB, 'HTTP status 503 Service Unavailable')
    const res = await patch(group.id, { archiveForEver: true, archivedUntilNextEvent: true })
    expect(res.json()).toMatchObject({ archivedForever: true, archivedUntilNextEvent: true })
    await t.services.afterFinalResults([
      finalResult(t.accountId, checkB, 'HTTP status 503 Service Unavailable', T0 + 500 * MIN),
      finalResult(t.accountId, checkB, 'HTTP status 503 Service Unavailable', T0 + 501 * MIN),
    ])
    expect((await list(`/v1/error-groups/checks/${checkB}?limit=100`)).items.map((g) => g.id)).not.toContain(group.id)
    expect((await list('/v1/error-groups?limit=100')).items.map((g) => g.id)).not.toContain(group.id)
    const kept = await groupOf(checkB, 'HTTP status 503 Service Unavailable')
    expect(kept).toMatchObject({ id: group.id, archivedForever: true, archivedUntilNextEvent: false, occurrences: 4, lastSeen: new Date(T0 + 501 * MIN).toISOString() })

    const shown = await patch(group.id, { archiveForEver: false })
    expect(shown.json()).toMatchObject({ archivedForever: false, archivedUntilNextEvent: false, occurrences: 4 })
    expect((await list(`/v1/error-groups/checks/${checkB}`)).items.map((g) => g.id)).toContain(group.id)
  })

  it('leaves out passing and degraded runs, and runs of a check deleted meanwhile; deleting a check deletes its groups', async () => {
    const id = await createCheck('Short-lived')
    await t.services.afterFinalResults([
      finalResult(t.accountId, id, null, T0, 'passing'),
      finalResult(t.accountId, id, 'Response time 5200 ms is over the degraded limit', T0 + MIN, 'degraded'),
      finalResult(t.accountId, id, 'read ECONNRESET', T0 + 2 * MIN),
    ])
    expect((await list(`/v1/error-groups/checks/${id}`)).items.map((g) => g.cleanedErrorMessage)).toEqual(['read ECONNRESET'])
    expect((await t.call('DELETE', `/v1/checks/${id}`)).statusCode).toBe(204)
    await t.services.afterFinalResults([finalResult(t.accountId, id, 'read ECONNRESET', T0 + 3 * MIN)])
    expect((await list('/v1/error-groups?limit=100&includeArchived=true')).items.some((g) => g.checkId === id)).toBe(false)
    expect((await t.call('GET', `/v1/error-groups/checks/${id}`)).statusCode).toBe(404)
  })

  it('heartbeat failures (a /fail ping, a missed deadline) make groups through the same hook', async () => {
    const res = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Nightly export',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const id = String(res.json().id)
    const path = new URL(String(res.json().heartbeat.pingUrl)).pathname
    clock.set(T0 + 1000 * MIN)
    expect((await t.app.inject({ method: 'GET', url: `${path}/fail`, headers: { 'user-agent': 'curl/8' } })).statusCode).toBe(200)
    clock.set(T0 + 1000 * MIN + 66 * MIN)
    expect(await t.services.heartbeats.checkDeadlines()).toBe(1)
    const { items } = await list(`/v1/error-groups/checks/${id}`)
    expect(items.map((g) => [g.cleanedErrorMessage, g.occurrences])).toEqual([
      ['No ping received within period + grace (<duration> + <duration>)', 1],
      ['The job reported a failure through its /fail ping URL', 1],
    ])
  })
})
