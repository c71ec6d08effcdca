/**
 * The API hides secret environment variables, but runs still get the real values. A check and its group
 * hold a secret each; both documents are sent back through the API without the values (null for the check, *****
 * for the group, as they read), and a run still sends the stored values to the target. A new value reaches the next
 * run, and a wrong value fails it, so the assertions do tell the values apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, unknown>

const CHECK_VALUE = 'check-secret-value-4711'
const GROUP_VALUE = 'group-secret-value-0815'
const NEW_VALUE = 'check-secret-value-next'

describe.each(testDbs)('runs see secret environment variables the API hides, on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Target
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    target = await startHttpTarget()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock)
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json() as Json
  }
  /** The request echoes both variables in headers; the assertions expect `checkValue` and the group's value. */
  const request = (checkValue: string) => ({
    method: 'GET',
    url: `${target.url}/echo`,
    headers: [
      { key: 'Xcheck', value: '{{CHECK_KEY}}' },
      { key: 'Xgroup', value: '{{GROUP_KEY}}' },
    ],
    assertions: [
      { source: 'JSON_BODY', property: '$.headers.xcheck', comparison: 'EQUALS', target: checkValue },
      { source: 'JSON_BODY', property: '$.headers.xgroup', comparison: 'EQUALS', target: GROUP_VALUE },
    ],
  })
  /** Runs the check once, now, and returns its final result. */
  const run = async (checkId: string) => {
    const trigger = await ok('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String((trigger.sessions as Array<{ checkSessionId: string }>)[0]?.checkSessionId)
    await e.engine.runOnce()
    const final = e.finals.find((r) => r.session_id === sessionId)
    expect(final, 'the run finished').toBeDefined()
    return final!
  }

  it('runs with the stored values after PUTs that send the secrets back without them', async () => {
    const group = await ok('POST', '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Secrets',
      environmentVariables: [{ key: 'GROUP_KEY', value: GROUP_VALUE, secret: true }],
    })
    const check = await ok('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Sees secrets',
      frequency: 60,
      doubleCheck: false,
      groupId: group.id,
      environmentVariables: [{ key: 'CHECK_KEY', value: CHECK_VALUE, secret: true }],
      request: request(CHECK_VALUE),
    })
    const id = String(check.id)

    // Sent back as read: the group with *****, the check with null.
    const groupRead = await ok('GET', `/v1/check-groups/${String(group.id)}`)
    expect(groupRead.environmentVariables).toEqual([{ key: 'GROUP_KEY', value: '*****', locked: false, secret: true }])
    await ok('PUT', `/v2/check-groups/${String(group.id)}`, groupRead)
    const checkRead = await ok('GET', `/v1/checks/${id}`)
    expect(checkRead.environmentVariables).toEqual([{ key: 'CHECK_KEY', value: null, locked: false, secret: true }])
    await ok('PUT', `/v1/checks/api/${id}`, { environmentVariables: checkRead.environmentVariables })

    const kept = await run(id)
    expect(kept, String(kept.error_message)).toMatchObject({ status: 'passing', has_failures: 0 })

    // A new value reaches the next run.
    await ok('PUT', `/v1/checks/api/${id}`, { environmentVariables: [{ key: 'CHECK_KEY', value: NEW_VALUE, secret: true }], request: request(NEW_VALUE) })
    const replaced = await run(id)
    expect(replaced, String(replaced.error_message)).toMatchObject({ status: 'passing', has_failures: 0 })

    // And a value the assertions do not expect fails: they tell the values apart.
    await ok('PUT', `/v1/checks/api/${id}`, { environmentVariables: [{ key: 'CHECK_KEY', value: 'another-value', secret: true }] })
    const wrong = await run(id)
    expect(wrong).toMatchObject({ status: 'failing', has_failures: 1 })
  })
})
