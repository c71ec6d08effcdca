/**
 * Test sessions run real checks: triggered by tag, the checks run through the engine against a local target,
 * the session answers 408 until its runs end and then 200 with their results, each result and its assets read
 * back, a failing run forms a test-session error group, and a cancelled session's queued runs never run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { invitedUser, setupOwner } from '../helpers/users.js'

type Json = Record<string, unknown>

describe.each(testDbs)('test sessions on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Target
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    target = await startHttpTarget()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows) })
    const create = async (name: string, path: string, tags: string[]) => {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name,
        activated: false,
        doubleCheck: false,
        retryStrategy: null,
        tags,
        locations: ['eu-west-1'],
        request: { method: 'GET', url: `${target.url}${path}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json<{ id: string }>().id
    }
    ids.passing = await create('home page', '/status/200', ['smoke', 'deployed'])
    ids.failing = await create('orders api', '/status/500', ['smoke', 'deployed'])
    ids.other = await create('untagged', '/status/200', [])
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  const trigger = (body: Json) => t.call('POST', '/v1/test-sessions/trigger', { name: 'release 1.2', runLocation: 'eu-west-1', ...body })

  it('runs the checks a tag selects, answers 408 while they run and 200 with their results after', async () => {
    const res = await trigger({ target: { matchTags: [['smoke']], allowDeactivated: true }, metadata: { environment: 'staging', branchName: 'main' } })
    expect(res.statusCode, res.body).toBe(201)
    const session = res.json<{ testSessionId: string; status: string; results: Json[] }>()
    expect(session.status).toBe('RUNNING')
    expect(session.results.map((r) => r.checkId).sort()).toEqual([ids.passing, ids.failing].sort())
    expect(session.results.every((r) => r.resultType === 'PENDING' && r.runLocation === 'eu-west-1')).toBe(true)

    const pending = await t.call('GET', `/v1/test-sessions/${session.testSessionId}/completion?maxWaitSeconds=1`)
    expect(pending.statusCode).toBe(408)
    expect(pending.headers['retry-after']).toBeDefined()

    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/test-sessions/${session.testSessionId}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    const finished = done.json<{ status: string; stoppedAt: string | null; errorGroupIds: string[]; results: Json[] }>()
    expect(finished.status).toBe('FAILED')
    expect(finished.stoppedAt).not.toBeNull()
    const byCheck = new Map(finished.results.map((r) => [r.checkId, r]))
    expect(byCheck.get(ids.passing)).toMatchObject({ status: 'PASSED', resultType: 'FINAL', hasFailures: false, errorGroupIds: [] })
    expect(byCheck.get(ids.failing)).toMatchObject({ status: 'FAILED', resultType: 'FINAL', hasFailures: true })
    const groupIds = byCheck.get(ids.failing)?.errorGroupIds as string[]
    expect(groupIds).toHaveLength(1)
    expect(finished.errorGroupIds).toEqual(groupIds)

    const failed = byCheck.get(ids.failing) as Json
    const detail = await t.call('GET', `/v1/test-sessions/${session.testSessionId}/results/${String(failed.testSessionResultId)}`)
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({ id: failed.testSessionResultId, checkId: ids.failing, name: 'orders api', status: 'FAILED', attempts: 1 })
    expect(detail.json<Json>().apiCheckResult).toBeDefined()
    const assets = await t.call('GET', `/v1/test-sessions/${session.testSessionId}/results/${String(failed.testSessionResultId)}/assets`)
    expect(assets.statusCode, assets.body).toBe(200)
    expect(assets.json()).toEqual({ assets: [] })

    const group = await t.call('GET', `/v1/test-session-error-groups/${String(groupIds[0])}`)
    expect(group.statusCode, group.body).toBe(200)
    expect(group.json()).toMatchObject({ environments: ['staging'], occurrences: 1, archivedUntilNextEvent: false })
    expect(String(group.json<Json>().rawErrorMessage)).toMatch(/500/)

    const list = await t.call('GET', '/v1/test-sessions?statuses=FAILED&limit=5')
    expect(list.statusCode, list.body).toBe(200)
    const entry = list.json<{ entries: Json[] }>().entries.find((x) => x.id === session.testSessionId)
    expect(entry).toMatchObject({ status: 'FAILED', provider: 'API', environment: 'staging', branchName: 'main', errorGroupIds: groupIds })
    expect(entry?.failed).toHaveLength(1)
    expect(entry?.passed).toHaveLength(1)
    const byGroup = await t.call('GET', `/v1/test-sessions?errorGroupId=${String(groupIds[0])}`)
    expect(byGroup.json<{ entries: Json[] }>().entries.map((x) => x.id)).toEqual([session.testSessionId])
  })

  it('counts a recurring error in the same group, and archiving hides it until it recurs', async () => {
    const list = async () => (await t.call('GET', '/v1/test-session-error-groups')).json<Json[]>()
    const [group] = await list()
    expect(group).toBeDefined()
    const patched = await t.call('PATCH', `/v1/test-session-error-groups/${String(group?.id)}`, { archivedUntilNextEvent: true })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(await list()).toEqual([])
    const res = await trigger({ target: { checkId: [ids.failing] } })
    expect(res.statusCode, res.body).toBe(201)
    await e.engine.runOnce()
    const again = await list()
    expect(again.map((g) => g.id)).toEqual([group?.id])
    expect(again[0]).toMatchObject({ occurrences: 2, archivedUntilNextEvent: false })
  })

  it('cancels the runs that have not started: they never run, and the session ends CANCELLED', async () => {
    const res = await trigger({ target: { checkId: [ids.passing, ids.other] } })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json<{ testSessionId: string }>().testSessionId
    expect((await t.call('POST', `/v1/test-sessions/${id}/cancel`, {})).statusCode).toBe(204)
    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/test-sessions/${id}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'CANCELLED' })
    expect(done.json<{ results: Json[] }>().results.every((r) => r.status === 'CANCELLED' && r.hasFailures === false)).toBe(true)
    const jobs = await t.store.db
      .selectFrom('run_jobs')
      .select('id')
      .where('check_id', 'in', [String(ids.passing), String(ids.other)])
      .execute()
    expect(jobs).toEqual([])
    const listed = (await t.call('GET', '/v1/test-sessions?statuses=CANCELLED')).json<{ entries: Json[] }>().entries
    expect(listed.map((x) => x.id)).toContain(id)
  })

  it('cancels a check session the same way', async () => {
    const res = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [ids.passing] } })
    const sessionId = res.json<{ sessions: Array<{ checkSessionId: string }> }>().sessions[0]?.checkSessionId
    expect((await t.call('POST', `/v1/check-sessions/${String(sessionId)}/cancel`, {})).statusCode).toBe(204)
    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/check-sessions/${String(sessionId)}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'CANCELLED', results: [] })
    expect((await t.call('POST', '/v1/check-sessions/00000000-0000-4000-8000-000000000000/cancel', {})).statusCode).toBe(404)
  })

  it('answers 404 for targets nothing matches and for unknown sessions', async () => {
    expect((await trigger({ target: { matchTags: [['nothing-has-this']] } })).statusCode).toBe(404)
    const heartbeat = await t.call('POST', '/v1/checks/heartbeat?autoAssignAlerts=false', {
      name: 'Nightly backup',
      script: '',
      heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
    })
    expect(heartbeat.statusCode, heartbeat.body).toBe(201)
    const queued = await t.store.db.selectFrom('run_jobs').select('id').execute()
    const refused = await trigger({ target: { checkId: [ids.passing, heartbeat.json<{ id: string }>().id] } })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(await t.store.db.selectFrom('run_jobs').select('id').execute()).toHaveLength(queued.length)
    expect((await t.call('GET', '/v1/test-sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    const other = await t.otherAccount()
    const mine = (await trigger({ target: { checkId: [ids.passing] } })).json<{ testSessionId: string }>().testSessionId
    expect((await t.app.inject({ method: 'GET', url: `/v1/test-sessions/${mine}`, headers: other.headers })).statusCode).toBe(404)
    await e.engine.runOnce()
  })

  it('lets READ_RUN members start and cancel test sessions, and refuses READ_ONLY ones', async () => {
    await setupOwner(t)
    const reader = await invitedUser(t, 'reader@example.com', 'READ_ONLY')
    const runner = await invitedUser(t, 'runner@example.com', 'READ_RUN')
    const body = { name: 'by a member', runLocation: 'eu-west-1', target: { checkId: [ids.passing] } }
    const refused = await reader.call('POST', '/v1/test-sessions/trigger', body)
    expect(refused.statusCode, refused.body).toBe(403)
    const started = await runner.call('POST', '/v1/test-sessions/trigger', body)
    expect(started.statusCode, started.body).toBe(201)
    const id = started.json<{ testSessionId: string }>().testSessionId
    expect((await reader.call('GET', `/v1/test-sessions/${id}`)).statusCode).toBe(200)
    expect((await reader.call('POST', `/v1/test-sessions/${id}/cancel`, {})).statusCode).toBe(403)
    expect((await reader.call('POST', '/v1/deployment-triggers/deployments', { repoId: 1 })).statusCode).toBe(403)
    expect((await runner.call('POST', `/v1/test-sessions/${id}/cancel`, {})).statusCode).toBe(204)
    expect((await runner.call('POST', '/v1/deployment-triggers', { checkId: ids.passing, repoId: 1, repoName: 'a/b' })).statusCode).toBe(403)
  })

  it('starts a test session when a deployment trigger of the repository sees a matching deploy', async () => {
    const body = { checkId: ids.passing, repoId: 4242, repoName: 'acme/storefront', environmentRegexFilter: '^prod' }
    const created = await t.call('POST', '/v1/deployment-triggers', body)
    expect(created.statusCode, created.body).toBe(201)
    expect((await t.call('POST', '/v1/deployment-triggers', body)).statusCode).toBe(200)
    expect((await t.call('GET', '/v1/deployment-triggers')).json<Json[]>()).toHaveLength(1)

    const skipped = await t.call('POST', '/v1/deployment-triggers/deployments', { repoId: 4242, environment: 'staging' })
    expect(skipped.json()).toEqual({ testSessions: [] })
    const deployed = await t.call('POST', '/v1/deployment-triggers/deployments', { repoId: '4242', environment: 'production', sha: 'abc123' })
    expect(deployed.statusCode, deployed.body).toBe(201)
    const [session] = deployed.json<{ testSessions: Array<{ testSessionId: string; metadata: Json }> }>().testSessions
    expect(session?.metadata).toMatchObject({ environment: 'production', commitId: 'abc123' })
    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/test-sessions/${String(session?.testSessionId)}/completion?maxWaitSeconds=1`)
    expect(done.json()).toMatchObject({ status: 'PASSED', results: [{ checkId: ids.passing, runLocation: 'us-east-1', status: 'PASSED' }] })
    const listed = (await t.call('GET', '/v1/test-sessions?providers=GITHUB')).json<{ entries: Json[] }>().entries
    expect(listed.map((x) => x.id)).toEqual([session?.testSessionId])
    expect((await t.call('POST', '/v1/deployment-triggers/deployments', { repoId: 'unknown' })).statusCode).toBe(404)
  })
})
