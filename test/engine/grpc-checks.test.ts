/**
 * gRPC checks through the whole service on a fake clock: created through the API against a local gRPC server, run
 * by the engine with the real runner, stored as results in the reference's CheckResultGrpc shape, grouped as errors
 * and alerted on like every other type once the server stops serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { deliveryConfig, startReceivers, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { loadReferenceApi } from '../helpers/reference-schema.js'
import { startGrpcTarget, type GrpcTarget } from '../helpers/targets/grpc.js'

type Json = Record<string, unknown>
const reference = loadReferenceApi()

describe.each(testDbs)('gRPC checks on the engine on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let receivers: Receivers
  let target: GrpcTarget
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    receivers = await startReceivers()
    target = await startGrpcTarget()
    t = await startTestApp(db, { clock, delivery: deliveryConfig(receivers) })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows) })
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await receivers.close()
    await target.close()
  })

  const call = async (method: 'GET' | 'POST', url: string, body: unknown, status: number) => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json() as Json
  }
  const runSlot = async (id: string) => {
    const row = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(row.next_due_at)))
    expect((await e.engine.runOnce()).started).toBe(1)
  }
  const latest = async (id: string) => {
    const list = (await t.call('GET', `/v1/check-results/${id}?limit=1`)).json() as Json[]
    const result = await call('GET', `/v1/check-results/${id}/${String(list[0]?.id)}`, undefined, 200)
    expect(reference.responseErrors('GET', '/v1/check-results/{checkId}/{checkResultId}', 200, result)).toEqual([])
    return result
  }

  it('passes while the server serves, then fails, groups the error and alerts once it stops', async () => {
    await call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'ops hook', url: `${receivers.hook.url}/hook` } }, 201)
    const check = await call(
      'POST',
      '/v1/checks',
      {
        checkType: 'GRPC',
        name: 'Greeter health',
        frequency: 1,
        doubleCheck: false,
        request: { url: '127.0.0.1', port: target.port, grpcConfig: { mode: 'HEALTH', service: 'picket.test.Greeter' } },
      },
      201,
    )
    const id = String(check.id)
    target.setStatus('picket.test.Greeter', 'SERVING')
    await runSlot(id)
    const passing = await latest(id)
    expect(passing).toMatchObject({ checkType: 'GRPC', hasFailures: false, grpcCheckResult: { grpcStatusCode: 0, healthStatus: 1, response: { healthStatusLabel: 'SERVING' } } })
    expect(Object.keys((passing.grpcCheckResult as Json).timingPhases as Json)).toEqual(['dns', 'connection', 'reflection', 'firstResponse', 'download', 'total'])

    target.setStatus('picket.test.Greeter', 'NOT_SERVING')
    await runSlot(id)
    const failing = await latest(id)
    expect(failing).toMatchObject({ hasFailures: true, grpcCheckResult: { healthStatus: 2 } })

    const groups = (await t.call('GET', `/v1/error-groups/checks/${id}`)).json() as Json[]
    expect(groups).toHaveLength(1)
    expect(groups[0]).toMatchObject({ checkId: id, rawErrorMessage: 'gRPC health status NOT_SERVING for service picket.test.Greeter', occurrences: 1 })

    const alerts = (await t.call('GET', `/v1/check-alerts/${id}?from=${Math.floor(Date.UTC(2026, 5, 1, 12) / 1000)}`)).json() as Json[]
    expect(alerts.map((a) => a.alertType)).toEqual(['ALERT_FAILURE'])
  })

  it('runs on demand through a check session, as Run now in the console and picket test do', async () => {
    const check = await call(
      'POST',
      '/v1/checks',
      {
        checkType: 'GRPC',
        name: 'Greeter on demand',
        frequency: 60,
        activated: false,
        request: { url: '127.0.0.1', port: target.port, grpcConfig: { mode: 'HEALTH', service: 'picket.test.Greeter' } },
      },
      201,
    )
    target.setStatus('picket.test.Greeter', 'SERVING')
    const trigger = await call('POST', '/v1/check-sessions/trigger', { target: { checkId: [String(check.id)] } }, 201)
    const sessionId = String((trigger.sessions as Json[])[0]?.checkSessionId)
    await e.engine.runOnce()
    const done = await call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`, undefined, 200)
    expect(done).toMatchObject({ status: 'PASSED' })
  })
})
