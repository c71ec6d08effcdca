/**
 * A cancel stops a run that is already executing, on both stores: a check whose target answers only after a minute
 * is triggered, cancelled once its request is in flight, and the check session (or test session) completes as
 * CANCELLED within seconds, the target's connection is closed by the aborted runner, and no result is recorded (so
 * nothing can alert). The same holds for a multi-step check, whose sandboxed Playwright process is killed, and for
 * a run on a private-location agent, which learns of the cancel by asking about the jobs in hand.
 */
import { readFileSync, readlinkSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAgent, type RunningAgent } from '../../src/agent/agent.js'
import { buildRunners } from '../../src/runners/index.js'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import { systemClock } from '../../src/lib/clock.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { listProcesses } from '../../src/runners/browser/proc-tree.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

type Json = Record<string, unknown>
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** A target that answers after a minute: it counts requests in flight and connections the client closed. */
async function startSlowTarget() {
  const state = { open: 0, closedByClient: 0 }
  const server = http.createServer((req, res) => {
    state.open++
    const timer = setTimeout(() => res.end('late'), 60_000)
    res.on('close', () => {
      clearTimeout(timer)
      state.open--
      if (!res.writableFinished) state.closedByClient++
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return { url, state, close }
}

describe.each(testDbs)('cancelling executing runs on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let target: Awaited<ReturnType<typeof startSlowTarget>>
  let agent: RunningAgent | undefined
  let browser: BrowserRunner | undefined
  let work = ''
  const engine = () =>
    startTestEngine(t.store, systemClock, { loops: true, bell: t.services.bell, onFinalResults: (rows) => t.services.afterFinalResults(rows), ...(browser ? { browser } : {}) })

  beforeAll(async () => {
    target = await startSlowTarget()
    t = await startTestApp(db)
    if (HAS_CHROMIUM) {
      work = await mkdtemp(path.join(os.tmpdir(), 'pce-'))
      await chmod(work, 0o755)
      browser = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, workDir: work, timeoutMs: 120_000 })
    }
    e = engine()
  })
  afterAll(async () => {
    await agent?.stop(1000)
    await e.engine.stop()
    await browser?.close()
    await t.close()
    await target.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  const createCheck = async (name: string, where: Json) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name,
      activated: false,
      doubleCheck: false,
      retryStrategy: null,
      maxResponseTime: 30_000,
      ...where,
      request: { method: 'GET', url: `${target.url}/slow`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>().id
  }
  const resultsOf = async (checkId: string) => (await t.call('GET', `/v1/check-results/${checkId}`)).json<Json[]>()
  /** Waits until the target holds a request, then until the cancel closed it. */
  const inFlight = () => expect.poll(() => target.state.open, { timeout: 20_000 }).toBe(1)
  /** Stops the engine (writing whatever outcome it holds) and starts another: nothing of a run can come later. */
  const drained = async () => {
    await e.engine.stop()
    e = engine()
  }
  const closedAfterCancel = async (closedBefore: number) => {
    await expect.poll(() => target.state.closedByClient, { timeout: 15_000 }).toBe(closedBefore + 1)
    expect(target.state.open).toBe(0)
  }

  it('aborts a check session run on a built-in runner: CANCELLED, connection closed, no result', async () => {
    const checkId = await createCheck('slow api', { locations: ['eu-west-1'] })
    const closed = target.state.closedByClient
    const res = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    expect(res.statusCode, res.body).toBe(201)
    const sessionId = String(res.json<{ sessions: Json[] }>().sessions[0]?.checkSessionId)
    await inFlight()
    expect((await t.call('POST', `/v1/check-sessions/${sessionId}/cancel`, {})).statusCode).toBe(204)
    await expect.poll(async () => (await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)).statusCode, { timeout: 15_000 }).toBe(200)
    const done = await t.call('GET', `/v1/check-sessions/${sessionId}`)
    expect(done.json()).toMatchObject({ status: 'CANCELLED', results: [] })
    await closedAfterCancel(closed)
    await drained()
    expect(await resultsOf(checkId)).toEqual([])
  })

  it('aborts a test session run the same way', async () => {
    const checkId = await createCheck('slow api in a test session', { locations: ['eu-west-1'] })
    const closed = target.state.closedByClient
    const res = await t.call('POST', '/v1/test-sessions/trigger', { name: 'release', runLocation: 'eu-west-1', target: { checkId: [checkId] } })
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json<{ testSessionId: string }>().testSessionId
    await inFlight()
    expect((await t.call('POST', `/v1/test-sessions/${id}/cancel`, {})).statusCode).toBe(204)
    await expect.poll(async () => (await t.call('GET', `/v1/test-sessions/${id}/completion?maxWaitSeconds=1`)).statusCode, { timeout: 15_000 }).toBe(200)
    const done = await t.call('GET', `/v1/test-sessions/${id}`)
    expect(done.json()).toMatchObject({ status: 'CANCELLED' })
    expect(done.json<{ results: Json[] }>().results.map((r) => r.status)).toEqual(['CANCELLED'])
    await closedAfterCancel(closed)
    const finals = e.finals
    await drained()
    expect(await resultsOf(checkId)).toEqual([])
    expect(finals.filter((r) => r.check_id === checkId)).toEqual([])
  })

  it.skipIf(!HAS_CHROMIUM)('aborts a multi-step run: its sandboxed Playwright process is killed', async () => {
    const script = [
      "const { test, expect } = require('@playwright/test')",
      `test('slow', async ({ request }) => { expect((await request.get('${target.url}/slow', { timeout: 120000 })).ok()).toBe(true) })`,
    ].join('\n')
    const res = await t.call('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'slow steps', activated: false, doubleCheck: false, locations: ['eu-west-1'], script })
    expect(res.statusCode, res.body).toBe(201)
    const checkId = res.json<{ id: string }>().id
    const closed = target.state.closedByClient
    const trigger = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String(trigger.json<{ sessions: Json[] }>().sessions[0]?.checkSessionId)
    await inFlight()
    /** Processes of this runner's runs: their command line or working folder is under its work folder. */
    const inWork = () =>
      listProcesses().filter((p) => {
        const cmdline = (() => {
          try {
            return readFileSync(`/proc/${p.pid}/cmdline`, 'utf8')
          } catch {
            return ''
          }
        })()
        const cwd = (() => {
          try {
            return readlinkSync(`/proc/${p.pid}/cwd`)
          } catch {
            return ''
          }
        })()
        return cmdline.includes(work) || cwd.startsWith(work)
      }).length
    expect(inWork()).toBeGreaterThan(0)
    expect((await t.call('POST', `/v1/check-sessions/${sessionId}/cancel`, {})).statusCode).toBe(204)
    await closedAfterCancel(closed)
    await expect.poll(inWork, { timeout: 15_000 }).toBe(0)
    await expect.poll(async () => (await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)).statusCode, { timeout: 15_000 }).toBe(200)
    await drained()
    expect(await resultsOf(checkId)).toEqual([])
  })

  it('aborts a run on a private-location agent, which posts nothing for it', async () => {
    const location = (await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json<{ keys: Array<{ rawKey: string }> }>()
    const checkId = await createCheck('slow intranet', { locations: [], privateLocations: ['office'] })
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    agent = await startAgent({
      serviceUrl: address,
      apiKey: String(location.keys[0]?.rawKey),
      jobConcurrency: 2,
      healthPort: 0,
      healthHost: '127.0.0.1',
      externalObservability: false,
      runners: buildRunners({ sandbox: createChildProcessSandbox() }),
      log: quiet,
      agentVersion: 'test',
      waitSeconds: 1,
    })
    const closed = target.state.closedByClient
    const res = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    expect(res.statusCode, res.body).toBe(201)
    const sessionId = String(res.json<{ sessions: Json[] }>().sessions[0]?.checkSessionId)
    await inFlight()
    expect(agent.loop.status().inFlight).toBe(1)
    expect((await t.call('POST', `/v1/check-sessions/${sessionId}/cancel`, {})).statusCode).toBe(204)
    await closedAfterCancel(closed)
    await expect.poll(() => agent?.loop.status(), { timeout: 15_000 }).toMatchObject({ inFlight: 0, outboxSize: 0 })
    const done = await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=1`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'CANCELLED', results: [] })
    expect(await resultsOf(checkId)).toEqual([])
  })
})
