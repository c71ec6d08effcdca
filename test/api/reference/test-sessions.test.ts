/**
 * Check sessions, triggers, test sessions, test-session error groups and deployment triggers answer in the
 * reference's shapes on both stores. Sessions that already ran (through the engine, against a local target) are
 * the fixtures: one check session that passed, one test session with a failing run and its error group.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { FakeClock } from '../../../src/lib/clock.js'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { startTestEngine, type TestEngine } from '../../helpers/engine.js'
import { startHttpTarget, type Target } from '../../helpers/targets/http.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { checkSessionCases, deploymentTriggerCases, testSessionCases, testSessionErrorGroupCases, triggerCases, type SessionFixtures } from './cases/test-sessions.js'

describe.each(testDbs)('sessions and triggers in the reference shapes on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Target
  let fixtures: SessionFixtures
  const clock = new FakeClock(Date.UTC(2026, 5, 1, 12, 0, 0))

  beforeAll(async () => {
    target = await startHttpTarget()
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { onFinalResults: (rows) => t.services.afterFinalResults(rows) })
    const group = await t.call('POST', '/v2/check-groups', { name: 'Checkout', locations: ['eu-west-1'] })
    const create = async (name: string, path: string) => {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name,
        activated: false,
        doubleCheck: false,
        retryStrategy: null,
        tags: ['smoke'],
        locations: ['eu-west-1'],
        request: { method: 'GET', url: `${target.url}${path}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json<{ id: string }>().id
    }
    const passingCheckId = await create('Storefront home', '/status/200')
    const failingCheckId = await create('Orders API', '/status/503')
    const checkSession = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [passingCheckId] } })
    const testSession = await t.call('POST', '/v1/test-sessions/trigger', { name: 'Nightly', runLocation: 'eu-west-1', target: { checkId: [passingCheckId, failingCheckId] } })
    expect([group.statusCode, checkSession.statusCode, testSession.statusCode], `${group.body} ${testSession.body}`).toEqual([201, 201, 201])
    await e.engine.runOnce()
    const results = testSession.json<{ results: Array<{ checkId: string; testSessionResultId: string }> }>().results
    fixtures = {
      passingCheckId,
      failingCheckId,
      groupId: group.json<{ id: number }>().id,
      doneCheckSessionId: checkSession.json<{ sessions: Array<{ checkSessionId: string }> }>().sessions[0]?.checkSessionId ?? '',
      doneTestSessionId: testSession.json<{ testSessionId: string }>().testSessionId,
      failedResultId: results.find((r) => r.checkId === failingCheckId)?.testSessionResultId ?? '',
    }
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await target.close()
  })

  for (const cases of [checkSessionCases, triggerCases, testSessionCases, testSessionErrorGroupCases, deploymentTriggerCases]) {
    itConformsToReference(
      cases,
      () => t,
      () => fixtures,
    )
  }
})
