/**
 * The routes behind the hosted service's CLI's `checkly test` and `checkly trigger`, through a real app and a real
 * engine against a local target: a test run deploys the posted checks as a temporary project, runs them as a test
 * session, publishes each run's start and result on the result hub in the shapes the client reads, and removes the
 * checks after; a trigger runs deployed checks by tags and answers the checks and their run keys; no matching
 * check is the client's 403; malformed requests are 400s naming their fields.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- message bodies in assertions
const SUITE = '5a0e8f34-6f0c-4d2b-9a57-1f1e2d3c4b5a'

/** One check of `checkly test`'s request, as the client synthesizes it. */
const job = (logicalId: string, url: string, runId: string): Json => ({
  name: `Check ${logicalId}`,
  locations: ['eu-central-1'],
  tags: ['vendor'],
  frequency: 10,
  groupId: null,
  useGlobalAlertSettings: true,
  runParallel: false,
  environmentVariables: [],
  checkType: 'API',
  request: { method: 'GET', url, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null }] },
  testRetryStrategy: null,
  sourceInfo: { checkRunSuiteId: SUITE, checkRunId: runId, updateSnapshots: false },
  logicalId,
  filePath: `__checks__/${logicalId}.check.ts`,
})

describe.each(testDbs)('vendor CLI test and trigger runs on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Target
  const messages: Array<{ topic: string; message: Json }> = []

  beforeAll(async () => {
    target = await startHttpTarget()
    t = await startTestApp(db)
    e = startTestEngine(t.store, t.clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows) })
    t.services.resultHub.listen((topic, message) => messages.push({ topic, message: message as Json }))
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  const runBody = () => ({
    name: 'Vendor project',
    checkRunJobs: [job('healthy', `${target.url}/status/200`, 'run-healthy'), job('broken', `${target.url}/status/500`, 'run-broken')],
    project: { logicalId: 'vendor-project' },
    sharedFiles: [],
    runLocation: { type: 'PUBLIC', region: 'eu-central-1' },
    repoInfo: { branchName: 'main', commitId: 'abc123' },
    environment: null,
    shouldRecord: true,
  })

  it('runs posted checks (gzip, as the client sends them) as a test session and streams their results', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/test-sessions/run',
      headers: { ...t.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(runBody())),
    })
    expect(res.statusCode, res.body).toBe(202)
    const { testSessionId, sequenceIds } = res.json<{ testSessionId: string; sequenceIds: Record<string, string> }>()
    expect(Object.keys(sequenceIds).sort()).toEqual(['broken', 'healthy'])

    await e.engine.runOnce()
    await t.services.vendorRuns.idle()

    const topic = (key: string, runId: string, sub: string) => `account/${t.accountId}/ad-hoc-check-results/${SUITE}/${sequenceIds[key]}/${runId}/${sub}`
    const on = (name: string) => messages.find((m) => m.topic === name)?.message
    expect(on(topic('healthy', 'run-healthy', 'run-start'))).toEqual({})
    expect(on(topic('broken', 'run-broken', 'run-start'))).toEqual({})
    expect(on(topic('healthy', 'run-healthy', 'result'))).toMatchObject({
      resultType: 'FINAL',
      result: { name: 'Check healthy', checkType: 'API', hasFailures: false, logicalId: 'healthy', sourceFile: '__checks__/healthy.check.ts', runLocation: 'eu-central-1' },
    })
    const broken = on(topic('broken', 'run-broken', 'result')) as Json
    expect(broken).toMatchObject({ resultType: 'FINAL', result: { hasFailures: true, checkRunData: { response: { status: 500 } } } })
    expect(broken.result.checkRunData.assertions).toEqual([expect.objectContaining({ source: 'STATUS_CODE', target: '200', actual: '500', error: expect.any(String) })])
    expect(broken.testResultId).toBe(sequenceIds.broken)

    // The checks lived only for the run; the session stays readable, with its results and their links.
    expect((await t.call('GET', '/v1/checks')).json()).toEqual([])
    const session = await t.call('GET', `/v1/test-sessions/${testSessionId}`)
    expect(session.json()).toMatchObject({ name: 'Vendor project', status: 'FAILED', metadata: { branchName: 'main', commitId: 'abc123' } })
    const link = await t.call('GET', `/next/test-sessions/${testSessionId}/link`)
    expect(link.json<Json>().link).toMatch(/^http/)
    const links = await t.call('GET', `/next/test-sessions/${testSessionId}/results/${sequenceIds.broken}/links`)
    expect(links.statusCode, links.body).toBe(200)
    expect(links.json()).toMatchObject({ testTraceLinks: [], videoLinks: [] })
  })

  it('without --record streams the results but keeps no test session, and names none', async () => {
    const before = (await t.call('GET', '/v1/test-sessions')).json<{ length: number }>().length
    const res = await t.call('POST', '/v1/test-sessions/run', { ...runBody(), shouldRecord: false })
    expect(res.statusCode, res.body).toBe(202)
    const answer = res.json<{ testSessionId?: string; sequenceIds: Record<string, string> }>()
    expect(answer.testSessionId).toBeUndefined()
    await e.engine.runOnce()
    await t.services.vendorRuns.idle()
    const results = messages.filter((m) => m.topic.endsWith('/result') && Object.values(answer.sequenceIds).some((id) => m.topic.includes(`/${id}/`)))
    expect(results).toHaveLength(2)
    expect((await t.call('GET', '/v1/test-sessions')).json<{ length: number }>().length).toBe(before)
    expect((await t.call('GET', '/v1/checks')).json()).toEqual([])
  })

  it("runs deployed checks by tags with the client's variables and answers the checks with their run keys", async () => {
    const created = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'deployed health',
      activated: true,
      tags: ['release'],
      locations: ['eu-central-1'],
      // Its own variable makes it fail; the trigger's (the client's -e) wins and makes it pass.
      environmentVariables: [{ key: 'CODE', value: '500' }],
      request: { method: 'GET', url: `${target.url}/status/{{CODE}}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const checkId = created.json<{ id: string }>().id
    const res = await t.call('POST', '/next/test-sessions/trigger', {
      name: 'Triggered Session',
      runLocation: { type: 'PUBLIC', region: 'eu-central-1' },
      checkRunSuiteId: 'trigger-suite-1',
      targetTags: [['release']],
      environmentVariables: [{ key: 'CODE', value: '200' }],
      testRetryStrategy: null,
      shouldRecord: true,
    })
    expect(res.statusCode, res.body).toBe(202)
    const answer = res.json<{ testSessionId: string; checks: Json[]; sequenceIds: Record<string, string> }>()
    expect(answer.checks).toEqual([{ id: checkId, name: 'deployed health', checkType: 'API', tags: ['release'] }])
    await e.engine.runOnce()
    await t.services.vendorRuns.idle()
    const key = answer.sequenceIds[checkId]
    const result = messages.find((m) => m.topic === `account/${t.accountId}/ad-hoc-check-results/trigger-suite-1/${key}/${key}/result`)
    expect(result?.message).toMatchObject({ resultType: 'FINAL', result: { name: 'deployed health', hasFailures: false } })
  })

  it('answers 403 ERR_NO_MATCHING_CHECKS when no check matches', async () => {
    const res = await t.call('POST', '/next/test-sessions/trigger', {
      checkRunSuiteId: 'suite-2',
      targetTags: [['no-such-tag']],
      runLocation: { type: 'PUBLIC', region: 'eu-central-1' },
    })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toMatchObject({ statusCode: 403, errorCode: 'ERR_NO_MATCHING_CHECKS' })
  })

  it.each([
    ['no checks', { checkRunJobs: [] }, 'checkRunJobs'],
    ['no suite id', { checkRunJobs: [{ ...job('a', 'http://x', 'r1'), sourceInfo: { checkRunId: 'r1' } }] }, 'checkRunSuiteId'],
    ['a wildcard in the run id', { checkRunJobs: [job('a', 'http://x', 'r/#')] }, 'checkRunJobs[0].sourceInfo.checkRunId'],
    ['a bad location', { checkRunJobs: [job('a', 'http://x', 'r1')], runLocation: { type: 'MOON' } }, 'runLocation'],
  ])('refuses a run with %s (400 naming the field), creating nothing', async (_case, body, field) => {
    const res = await t.call('POST', '/v1/test-sessions/run', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<Json>().attributes).toHaveProperty([field])
    expect((await t.call('GET', '/v1/projects')).json<Json[]>().filter((p) => String(p.logicalId).includes('.test-'))).toEqual([])
  })

  it('refuses a trigger whose suite id could reach other topics', async () => {
    const res = await t.call('POST', '/next/test-sessions/trigger', { checkRunSuiteId: '#', targetTags: [['release']] })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<Json>().attributes).toHaveProperty(['checkRunSuiteId'])
  })
  it("runs a trigger in the private location the client names (--private-location), and streams a cancelled run's end as an error", async () => {
    const location = (await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'vendor-office' })).json<{ id: string }>()
    const res = await t.call('POST', '/next/test-sessions/trigger', {
      checkRunSuiteId: 'suite-private',
      targetTags: [['release']],
      runLocation: { type: 'PRIVATE', id: location.id, slugName: 'vendor-office' },
    })
    expect(res.statusCode, res.body).toBe(202)
    const answer = res.json<{ testSessionId: string; sequenceIds: Record<string, string> }>()
    const session = await t.call('GET', `/v1/test-sessions/${answer.testSessionId}`)
    expect(session.json<Json>().results).toEqual([expect.objectContaining({ runLocation: 'vendor-office', status: 'RUNNING' })])
    // No agent serves the location: the run waits until it is cancelled, and the client is told it ended.
    expect((await t.call('POST', `/v1/test-sessions/${answer.testSessionId}/cancel`, {})).statusCode).toBeLessThan(300)
    await t.services.vendorRuns.idle()
    const key = Object.values(answer.sequenceIds)[0]
    const ended = messages.find((m) => m.topic === `account/${t.accountId}/ad-hoc-check-results/suite-private/${key}/${key}/error`)
    expect(ended?.message).toMatch(/cancelled/)
  })
})
