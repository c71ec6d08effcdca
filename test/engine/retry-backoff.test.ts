/**
 * A retry starts when its backoff ends, counted from the end of the failed attempt, whatever the lane's idle poll
 * (2 s by default) was about to do. Measured on the recorded timestamps of the two attempts (the retry's start
 * minus the failed attempt's end), with the engine's default pacing, so a retry that waits for an idle poll shows.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retryDueAt } from '../../src/engine/run-outcome.js'
import { systemClock } from '../../src/lib/clock.js'
import type { RunResult } from '../../src/runners/contract.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'

/** How late a retry may start after its backoff: a lease and a run's start, never another poll interval. */
const SLACK_MS = 500

interface ResultView {
  resultType: string
  attempts: number
  startedAt: string
  stoppedAt: string
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v) || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('the due time of a retry', () => {
  const now = 1_000_000
  it.each([
    { case: 'the end of the failed attempt, written later', stoppedAt: now - 120, delayMs: 2_000, dueAt: now - 120 + 2_000 },
    { case: 'an agent whose clock is ahead: now', stoppedAt: now + 5_000, delayMs: 2_000, dueAt: now + 2_000 },
    { case: 'no backoff', stoppedAt: now - 10, delayMs: 0, dueAt: now - 10 },
  ])('counts the backoff from $case', ({ stoppedAt, delayMs, dueAt }) => {
    expect(retryDueAt({ result: { stoppedAt } as RunResult, decision: { retry: true, delayMs, sameLocation: true, reason: '' } }, now)).toBe(dueAt)
  })
})

describe.each(testDbs)('retry backoff on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let server: http.Server
  let base = ''

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(500)
      res.end('down')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    t = await startTestApp(db, { clock: systemClock })
    e = startTestEngine(t.store, systemClock, { loops: true, bell: t.services.bell })
    // Let the lanes go idle, so that they poll at the idle maximum when the failure comes.
    await new Promise((r) => setTimeout(r, 4_000))
  }, 30_000)
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await new Promise((r) => server.close(r))
  })

  it.each([
    { type: 'FIXED', baseBackoffSeconds: 2 },
    { type: 'LINEAR', baseBackoffSeconds: 1 },
  ])(
    'a $type retry with a $baseBackoffSeconds s base starts its backoff after the failed attempt ended',
    async (strategy) => {
      const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name: `retry ${strategy.type}`,
        activated: false,
        doubleCheck: false,
        request: { url: `${base}/x` },
        retryStrategy: { ...strategy, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true },
      })
      expect(res.statusCode, res.body).toBe(201)
      const id = res.json().id as string
      const trigger = await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })
      expect(trigger.statusCode, trigger.body).toBe(201)
      const rows = await until(
        async () => (await t.call('GET', `/v1/check-results/${id}?resultType=ALL&limit=100`)).json() as ResultView[],
        (r) => r.length >= 2,
      )
      const attempt = rows.find((r) => r.resultType === 'ATTEMPT')
      const retry = rows.find((r) => r.resultType === 'FINAL')
      if (!attempt || !retry) throw new Error(`expected an attempt and a final result, got ${JSON.stringify(rows)}`)
      const gapMs = Date.parse(retry.startedAt) - Date.parse(attempt.stoppedAt)
      const backoffMs = strategy.baseBackoffSeconds * 1000
      expect(gapMs).toBeGreaterThanOrEqual(backoffMs)
      expect(gapMs).toBeLessThanOrEqual(backoffMs + SLACK_MS)
    },
    30_000,
  )
})
