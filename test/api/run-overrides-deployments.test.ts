/**
 * Overrides beyond the built-in runners, on both stores: a deployment with an environment URL sends its API and
 * URL checks to that origin (their own path and query kept) unless the trigger turned useEnvironmentUrl off, a
 * malformed environment URL is a 400 naming it, and a test session run on a private location hands the agent
 * its override variables, is recorded with the secret one redacted, and is retried by the session's strategy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startRecorder, type Recorder } from '../helpers/targets/recorder.js'

type Json = Record<string, unknown>
const SECRET = 'agent-override-secret-3390'
const AGENT = '6f1d2c3b-1111-4222-8333-444455550020'

describe.each(testDbs)('deployment and agent overrides on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let own: Recorder
  let preview: Recorder
  let n = 0
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    own = await startRecorder()
    preview = await startRecorder()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
  }, 120_000)
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await own.close()
    await preview.close()
  })

  const created = async (url: string, body: Json) => {
    const res = await t.call('POST', url, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json<Json>()
  }
  const deployed = async (sessions: Array<{ testSessionId: string }>) => {
    expect(sessions).toHaveLength(1)
    for (let i = 0; i < 5; i++) {
      await e.engine.runOnce()
      if ((await t.call('GET', `/v1/test-sessions/${sessions[0]!.testSessionId}/completion?maxWaitSeconds=1`)).statusCode === 200) return
    }
    throw new Error('the deployment session did not finish')
  }

  it.each([
    { type: 'api', useEnvironmentUrl: undefined, goesTo: 'preview' },
    { type: 'url', useEnvironmentUrl: undefined, goesTo: 'preview' },
    { type: 'api', useEnvironmentUrl: false, goesTo: 'own' },
  ])('a $type check of a deployment with an environment URL goes to $goesTo (useEnvironmentUrl $useEnvironmentUrl)', async ({ type, useEnvironmentUrl, goesTo }) => {
    const path = `/deployed/${++n}?q=${type}`
    const request = type === 'api' ? { method: 'GET', url: `${own.url}${path}`, assertions: [] } : { url: `${own.url}${path}` }
    const check = await created(`/v1/checks/${type}?autoAssignAlerts=false`, { name: `deployed ${n}`, activated: false, doubleCheck: false, locations: ['eu-west-1'], request })
    const repoId = `repo-${n}`
    await created('/v1/deployment-triggers', {
      checkId: check.id,
      repoId,
      repoName: 'acme/web',
      runLocation: 'eu-west-1',
      ...(useEnvironmentUrl === undefined ? {} : { useEnvironmentUrl }),
    })
    const res = await t.call('POST', '/v1/deployment-triggers/deployments', { repoId, environment: 'preview', environmentUrl: `${preview.url}/ignored-path` })
    expect(res.statusCode, res.body).toBe(201)
    await deployed(res.json<{ testSessions: Array<{ testSessionId: string }> }>().testSessions)
    const hits = (r: Recorder) => r.requests.filter((q) => q.path === path).length
    expect([hits(own), hits(preview)]).toEqual(goesTo === 'preview' ? [0, 1] : [1, 0])
    const [result] = await t.store.db.selectFrom('check_results').selectAll().where('check_id', '=', String(check.id)).execute()
    expect(result?.status).toBe('passing')
  })

  it('refuses an environment URL that is not an http(s) URL, naming it', async () => {
    const res = await t.call('POST', '/v1/deployment-triggers/deployments', { repoId: 'repo-1', environmentUrl: 'ftp://example.test/' })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json<{ attributes: Json }>().attributes)).toEqual(['environmentUrl'])
  })

  it("hands a private location's agent the session's variables, redacts the secret one and retries by the session's strategy", async () => {
    const loc = await created('/v1/private-locations', { name: 'Office', slugName: 'override-office' })
    const key = (loc.keys as Array<{ rawKey: string }>)[0]!.rawKey
    const check = await created('/v1/checks/api?autoAssignAlerts=false', {
      name: 'agent run',
      activated: false,
      doubleCheck: false,
      locations: [],
      privateLocations: ['override-office'],
      environmentVariables: [{ key: 'MY_VAR', value: 'check-own' }],
      request: { method: 'GET', url: 'http://target.test/{{MY_VAR}}', headers: [{ key: 'X-Token', value: '{{TOKEN}}' }] },
    })
    const session = await created('/v1/test-sessions/trigger', {
      name: 'on the agent',
      runLocation: 'override-office',
      target: { checkId: [check.id] },
      environmentVariables: [
        { key: 'MY_VAR', value: 'from-the-session' },
        { key: 'TOKEN', value: SECRET, secret: true },
      ],
      retryStrategy: { type: 'FIXED', maxRetries: 1, baseBackoffSeconds: 0 },
    })
    const headers = { authorization: `Bearer ${key}`, 'x-picket-agent': AGENT, 'x-picket-agent-version': '1.0.0' }
    const lease = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/agent/v1/jobs/lease', headers, payload: { capacity: 5, waitSeconds: 0, checkTypes: ['API'] } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ jobs: Array<{ jobId: string; leaseToken: string; attempt: number; spec: { variables: Record<string, string> } }> }>().jobs
    }
    const fail = async (job: { jobId: string; leaseToken: string }) => {
      const at = clock.now()
      const result = {
        ...{ status: 'failing', hasFailures: true, hasErrors: false, isDegraded: false, overMaxResponseTime: false, errorKind: 'STATUS', networkError: false },
        errorMessage: `HTTP 500 for token ${SECRET}`,
        ...{ responseTime: 5, startedAt: at, stoppedAt: at + 5, assertions: [], timingPhases: {} },
        details: { response: { status: 500, body: `echo ${SECRET}` } },
        jobLog: [`sent ${SECRET}`],
      }
      const res = await t.app.inject({ method: 'POST', url: `/agent/v1/jobs/${job.jobId}/result`, headers, payload: { leaseToken: job.leaseToken, result } })
      expect(res.json(), res.body).toEqual({ accepted: true })
    }
    const [first] = await lease()
    expect(first?.spec.variables).toMatchObject({ MY_VAR: 'from-the-session', TOKEN: SECRET })
    await fail(first!)
    const [retry] = await lease()
    expect(retry).toMatchObject({ jobId: first!.jobId, attempt: 2 })
    expect(retry?.spec.variables.TOKEN).toBe(SECRET)
    await fail(retry!)
    expect(await lease()).toEqual([])

    const rows = await t.store.db.selectFrom('check_results').selectAll().where('check_id', '=', String(check.id)).orderBy('attempt').execute()
    expect(rows.map((r) => r.result_type)).toEqual(['ATTEMPT', 'FINAL'])
    expect(JSON.stringify(rows)).not.toContain(SECRET)
    const done = await t.call('GET', `/v1/test-sessions/${String(session.testSessionId)}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json<{ status: string }>().status).toBe('FAILED')
  })
})
