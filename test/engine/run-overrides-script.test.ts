/**
 * A deployment's environment URL reaches a script check, on both stores: a multi-step check run by a deployment
 * trigger reads ENVIRONMENT_URL (real Playwright in the run sandbox) and calls the deployment, not its own target;
 * a triggered test session's environment variables reach the script's process.env over the check's own.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { testDbs } from '../helpers/db.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { startRecorder, type Recorder } from '../helpers/targets/recorder.js'

type Json = Record<string, unknown>

describe.each(testDbs.filter(() => HAS_CHROMIUM))('overrides in script checks on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let runner: BrowserRunner
  let work: string
  let own: Recorder
  let preview: Recorder
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 12, 0, 0))

  beforeAll(async () => {
    own = await startRecorder()
    preview = await startRecorder()
    work = await mkdtemp(path.join(os.tmpdir(), 'pov-'))
    await chmod(work, 0o755)
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, workDir: work, timeoutMs: 60_000 })
    t = await startTestApp(db, { clock })
    e = startTestEngine(t.store, clock, { browser: runner })
  }, 120_000)
  afterAll(async () => {
    await e?.engine.stop()
    await runner?.close()
    await t?.close()
    await own?.close()
    await preview?.close()
    await rm(work, { recursive: true, force: true })
  })

  const created = async (url: string, body: Json) => {
    const res = await t.call('POST', url, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json<Json>()
  }
  /** A multi-step check that calls ENVIRONMENT_URL when it is set (else its own target) with MY_VAR in a header. */
  const scriptCheck = (name: string) =>
    created('/v1/checks/multistep?autoAssignAlerts=false', {
      name,
      activated: false,
      doubleCheck: false,
      locations: ['eu-west-1'],
      environmentVariables: [
        { key: 'OWN_URL', value: own.url },
        { key: 'MY_VAR', value: 'check-own' },
      ],
      script: `import { test, expect } from '@playwright/test'
test('call', async ({ request }) => {
  const base = process.env.ENVIRONMENT_URL ?? process.env.OWN_URL
  const res = await request.get(base + '/from-script/${name}', { headers: { 'x-my': process.env.MY_VAR } })
  expect(res.status()).toBe(200)
})`,
    })
  const finish = async (sessionId: string) => {
    await e.engine.runOnce()
    const done = await t.call('GET', `/v1/test-sessions/${sessionId}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json<{ status: string }>().status).toBe('PASSED')
  }
  const seen = (r: Recorder, name: string) => r.requests.filter((q) => q.path === `/from-script/${name}`).map((q) => q.headers['x-my'])

  it('a deployment gives a multi-step check its environment URL as ENVIRONMENT_URL', async () => {
    const check = await scriptCheck('deployed')
    await created('/v1/deployment-triggers', { checkId: check.id, repoId: 'web', repoName: 'acme/web', runLocation: 'eu-west-1' })
    const res = await t.call('POST', '/v1/deployment-triggers/deployments', { repoId: 'web', environmentUrl: preview.url })
    expect(res.statusCode, res.body).toBe(201)
    await finish(res.json<{ testSessions: Array<{ testSessionId: string }> }>().testSessions[0]!.testSessionId)
    expect([seen(own, 'deployed'), seen(preview, 'deployed')]).toEqual([[], ['check-own']])
  })

  it("a test session's variables reach the script over the check's own", async () => {
    const check = await scriptCheck('session')
    const session = await created('/v1/test-sessions/trigger', {
      name: 'script',
      runLocation: 'eu-west-1',
      target: { checkId: [check.id] },
      environmentVariables: [{ key: 'MY_VAR', value: 'from-the-session' }],
    })
    await finish(String(session.testSessionId))
    expect([seen(own, 'session'), seen(preview, 'session')]).toEqual([['from-the-session'], []])
  })
})
