/**
 * An idle instance polls its queue seldom; what it queues itself must not wait for the next poll. Here the lanes
 * poll once a minute, so every run these tests see was started by a wake-up: the services' bell for a run-now
 * session, the writer for a retry whose backoff ended.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../src/lib/clock.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

const MINUTE = 60_000
const pacing = { workerBusyMs: MINUTE, workerIdleMaxMs: MINUTE, schedulerMaxMs: MINUTE }

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v) || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.each(testDbs)('engine wake-ups on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let server: http.Server
  let base = ''
  let status = 200

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(status)
      res.end('x')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    t = await startTestApp(db, { clock: systemClock })
    e = startTestEngine(t.store, systemClock, { loops: true, bell: t.services.bell, pacing })
    // Let the lanes' first polls pass: from here on they sleep a minute.
    await new Promise((r) => setTimeout(r, 200))
  })
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await new Promise((r) => server.close(r))
  })

  const check = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'wake', activated: false, doubleCheck: false, request: { url: `${base}/x` }, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  const results = async (id: string) => (await t.call('GET', `/v1/check-results/${id}?resultType=ALL&limit=100`)).json() as Array<{ resultType: string; attempts: number }>

  it('a run-now session queued through the API runs at once, not at the next poll', async () => {
    const id = await check()
    const trigger = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })
    expect(trigger.statusCode, trigger.body).toBe(201)
    const sessionId = trigger.json().sessions[0].checkSessionId as string
    const done = await t.call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=20`)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'PASSED', checkId: id })
  })

  it('a failed run queued for retry runs again when its backoff ends', async () => {
    const id = await check({ retryStrategy: { type: 'FIXED', baseBackoffSeconds: 1, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true } })
    status = 500
    try {
      await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })
      const all = await until(
        () => results(id),
        (rows) => rows.length >= 2,
      )
      expect(all.map((r) => r.resultType).sort()).toEqual(['ATTEMPT', 'FINAL'])
    } finally {
      status = 200
    }
  })
})
