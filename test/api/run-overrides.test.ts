/**
 * A triggered test session's overrides are applied to its runs, on both stores: its environment variables win
 * over the check's own (a secret one reaches the target but is sealed while the run waits and never stored in
 * the result), its retry strategy replaces the check's, and a malformed override is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startRecorder, type Recorder } from '../helpers/targets/recorder.js'

type Json = Record<string, unknown>
const SECRET = 'override-secret-value-5521'

describe.each(testDbs)('test session overrides on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Recorder
  const logged: string[] = []
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))
  const capture = (obj: unknown, msg?: string) => void logged.push(JSON.stringify([obj, msg]))

  beforeAll(async () => {
    target = await startRecorder()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { log: { info: capture, warn: capture, error: capture } })
  }, 120_000)
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  const apiCheck = async (path: string, extra: Json = {}) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: `check ${path}`,
      activated: false,
      doubleCheck: false,
      locations: ['eu-west-1'],
      request: {
        method: 'GET',
        url: `${target.url}${path}`,
        headers: [
          { key: 'X-My', value: '{{MY_VAR}}' },
          { key: 'X-Token', value: '{{TOKEN}}' },
        ],
        assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }],
      },
      ...extra,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>().id
  }
  const trigger = async (checkId: string, body: Json) => {
    const res = await t.call('POST', '/v1/test-sessions/trigger', { name: 'overrides', runLocation: 'eu-west-1', target: { checkId: [checkId] }, ...body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ testSessionId: string }>().testSessionId
  }
  /** Runs the queue (retries without backoff included) until the session is over; returns its results by attempt. */
  const finish = async (sessionId: string, checkId: string) => {
    for (let i = 0; i < 10; i++) {
      await e.engine.runOnce()
      const done = await t.call('GET', `/v1/test-sessions/${sessionId}/completion?maxWaitSeconds=1`)
      if (done.statusCode === 200) break
    }
    return t.store.db.selectFrom('check_results').selectAll().where('check_id', '=', checkId).orderBy('attempt').execute()
  }

  it('gives the runs its variables over the check’s own, and keeps a secret one out of what it stores', async () => {
    const checkId = await apiCheck('/probe', { environmentVariables: [{ key: 'MY_VAR', value: 'check-own' }] })
    const sessionId = await trigger(checkId, {
      environmentVariables: [
        { key: 'MY_VAR', value: 'from-the-session' },
        { key: 'TOKEN', value: SECRET, secret: true },
      ],
    })
    const queued = await t.store.db.selectFrom('run_jobs').select('overrides').where('check_id', '=', checkId).execute()
    expect(queued).toHaveLength(1)
    expect(queued[0]?.overrides).toContain('enc:v1:')
    expect(queued[0]?.overrides).not.toContain(SECRET)

    const rows = await finish(sessionId, checkId)
    const seen = target.requests.filter((r) => r.path === '/probe')
    expect(seen.map((r) => [r.headers['x-my'], r.headers['x-token']])).toEqual([['from-the-session', SECRET]])
    expect(rows.map((r) => [r.result_type, r.status])).toEqual([['FINAL', 'passing']])
    // The target echoed the secret back: the stored result (its response body and headers) holds it redacted.
    expect(JSON.stringify(rows)).not.toContain(SECRET)
    const read = await t.call('GET', `/v1/check-results/${checkId}/${rows[0]!.id}`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.body).toContain('from-the-session')
    expect(read.body).toContain('x-token')
    expect(read.body).not.toContain(SECRET)
    expect(logged.join('\n')).not.toContain(SECRET)
    expect(await t.store.db.selectFrom('run_jobs').select('id').where('check_id', '=', checkId).execute()).toEqual([])
  })

  it.each([
    {
      name: 'a strategy retries a check that has none',
      own: null,
      override: { type: 'FIXED', maxRetries: 2, baseBackoffSeconds: 0, maxDurationSeconds: 600 },
      attempts: ['ATTEMPT', 'ATTEMPT', 'FINAL'],
    },
    { name: 'null stops a check’s own retries', own: { type: 'FIXED', maxRetries: 3, baseBackoffSeconds: 0 }, override: null, attempts: ['FINAL'] },
    { name: 'SINGLE_RETRY retries once', own: null, override: { type: 'SINGLE_RETRY', baseBackoffSeconds: 0 }, attempts: ['ATTEMPT', 'FINAL'] },
  ])('retryStrategy override: $name', async ({ own, override, attempts }) => {
    const path = `/status/500?case=${attempts.length}-${String(own === null)}`
    const checkId = await apiCheck(path, { retryStrategy: own })
    const rows = await finish(await trigger(checkId, { retryStrategy: override }), checkId)
    expect(rows.map((r) => r.result_type)).toEqual(attempts)
    expect(rows.every((r) => r.status === 'failing')).toBe(true)
    expect(target.requests.filter((r) => r.path === path)).toHaveLength(attempts.length)
  })

  it.each([
    {
      name: '51 environment variables',
      body: { environmentVariables: Array.from({ length: 51 }, (_, i) => ({ key: `K${i}`, value: 'v' })) },
      field: 'environmentVariables',
    },
    { name: 'a variable without a key', body: { environmentVariables: [{ value: 'v' }] }, field: 'environmentVariables[0].key' },
    { name: 'an unknown retry type', body: { retryStrategy: { type: 'SOMETIMES' } }, field: 'retryStrategy.type' },
    { name: 'too many retries', body: { retryStrategy: { type: 'LINEAR', maxRetries: 11 } }, field: 'retryStrategy.maxRetries' },
    { name: 'maxRetries with SINGLE_RETRY', body: { retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 3 } }, field: 'retryStrategy.maxRetries' },
  ])('400 naming the field for $name, with no run started', async ({ body, field }) => {
    const checkId = await apiCheck('/never')
    const res = await t.call('POST', '/v1/test-sessions/trigger', { name: 'bad', runLocation: 'eu-west-1', target: { checkId: [checkId] }, ...body })
    expect(res.statusCode, res.body).toBe(400)
    const attributes = res.json<{ attributes: Record<string, unknown> }>().attributes
    expect(Object.keys(attributes), res.body).toContain(field)
    expect(await t.store.db.selectFrom('run_jobs').select('id').where('check_id', '=', checkId).execute()).toEqual([])
  })
  it('names a bad override before looking for the target', async () => {
    const body = { name: 'bad', runLocation: 'eu-west-1', target: { checkId: ['0b7e4a38-0000-4000-8000-000000000000'] }, retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 2 } }
    const res = await t.call('POST', '/v1/test-sessions/trigger', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json<{ attributes: Record<string, unknown> }>().attributes).toEqual({ 'retryStrategy.maxRetries': 'is not allowed with type SINGLE_RETRY' })
  })
})
