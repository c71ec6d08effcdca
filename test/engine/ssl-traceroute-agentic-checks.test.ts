/**
 * SSL, traceroute and agentic checks through the whole service on a fake clock: created through the API, run by the
 * engine with the real runners (a local TLS server whose certificate has expired, the system traceroute to
 * loopback, a real Chromium driven by a scripted model on loopback), each run fails, its error is grouped with the
 * run's message and an alert goes out through a real webhook. The three differ only in data.
 */
import tls from 'node:tls'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { agenticRunner } from '../../src/runners/agentic/runner.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { startTestEngine, type TestEngine } from '../helpers/engine.js'
import { call as toolCall, startScriptedModel, type ScriptedModel } from '../helpers/model-server.js'
import { deliveryConfig, startReceivers, type Receivers } from '../helpers/receivers/delivery-kit.js'
import { loadReferenceApi } from '../helpers/reference-schema.js'
import { makeSslCerts, type SslCerts } from '../helpers/ssl-certs.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, unknown>
const reference = loadReferenceApi()

interface Servers {
  tlsPort: number
  pageUrl: string
}

interface Case {
  checkType: 'SSL' | 'TRACEROUTE' | 'AGENTIC'
  body: (s: Servers) => Json
  /** What the stored result shows besides hasFailures. */
  result: Json
  message: string
  /** The analytics figures the run records (check_results.metrics), by name. */
  metrics: string[]
}

const CASES: Case[] = [
  {
    checkType: 'SSL',
    body: (s) => ({ name: 'Expired certificate', request: { sslConfig: { hostname: 'localhost', port: s.tlsPort, skipChainValidation: true } } }),
    result: { checkType: 'SSL', sslCheckResult: { hostnameVerified: true } },
    message: 'The certificate expired on',
    metrics: ['handshakeTimeMs', 'daysUntilExpiry'],
  },
  {
    checkType: 'TRACEROUTE',
    body: () => ({
      name: 'Loopback route',
      request: { url: '127.0.0.1', ptrLookup: false, timeout: 10, assertions: [{ source: 'HOP_COUNT', comparison: 'GREATER_THAN', target: '3' }] },
    }),
    result: { checkType: 'TRACEROUTE', tracerouteCheckResult: { totalHops: 1 } },
    message: 'HOP_COUNT',
    metrics: ['responseTime', 'hopCount', 'packetLoss'],
  },
  {
    checkType: 'AGENTIC',
    body: (s) => ({ name: 'Order history', startUrl: s.pageUrl, prompt: 'Open the order history', assertions: [{ condition: 'The order history lists at least one order' }] }),
    // The conditions the agent judged are the result's assertions, as the reference's AgenticAssertion.
    result: { checkType: 'AGENTIC', agenticCheckResult: { assertions: [{ condition: 'The order history lists at least one order', passed: false, actual: 'The list is empty' }] } },
    message: 'Condition failed: The order history lists at least one order: The list is empty',
    metrics: ['total', 'steps', 'modelTurns', 'totalTokens'],
  },
]

describe.skipIf(!HAS_CHROMIUM).each(testDbs)('SSL, traceroute and agentic checks on the engine on $name', (db) => {
  let t: TestApp
  let e: TestEngine
  let receivers: Receivers
  let certs: SslCerts
  let tlsServer: tls.Server
  let page: Target
  let model: ScriptedModel
  let servers: Servers
  // Today: the certificates are made valid (or expired) relative to the real date, and the SSL runner reads this clock.
  const clock = new FakeClock(Date.now())

  beforeAll(async () => {
    receivers = await startReceivers()
    certs = makeSslCerts()
    const expired = certs.leaf({ names: ['localhost'], days: -1 })
    tlsServer = tls.createServer({ cert: expired.cert, key: expired.key }, (socket) => socket.end())
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve))
    page = await startHttpTarget()
    // The agent judges the one condition failed and finishes, whatever the page shows.
    model = await startScriptedModel(() => ({
      toolCalls: [toolCall('assert', { index: 1, passed: false, actual: 'The list is empty', expected: 'at least one order' }), toolCall('finish', { summary: 'No orders' })],
    }))
    const agenticModel = { url: model.url, model: 'test-model', apiKey: null }
    t = await startTestApp(db, { clock, delivery: deliveryConfig(receivers), agenticModel })
    e = startTestEngine(t.store, clock, {
      onFinalResults: (rows) => t.services.afterFinalResults(rows),
      agentic: agenticRunner({ model: agenticModel, chromiumPath: CHROMIUM_PATH }),
    })
    servers = { tlsPort: (tlsServer.address() as AddressInfo).port, pageUrl: `${page.url}/` }
    await call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'ops hook', url: `${receivers.hook.url}/hook` } }, 201)
  }, 60_000)
  afterAll(async () => {
    await e.engine.stop()
    await t.close()
    await receivers.close()
    await page.close()
    await model.close()
    await new Promise((resolve) => tlsServer.close(resolve))
    certs.cleanup()
  })

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, status: number): Promise<Json> {
    const res = await t.call(method, url, body)
    expect(res.statusCode, res.body).toBe(status)
    return res.json<Json>()
  }
  const runSlot = async (id: string) => {
    const row = await t.store.db.selectFrom('check_schedules').select('next_due_at').where('check_id', '=', id).executeTakeFirstOrThrow()
    clock.set(Math.max(clock.now(), Number(row.next_due_at)))
    expect((await e.engine.runOnce()).started).toBe(1)
  }

  it.each(CASES)(
    'a failing $checkType run is stored, grouped by its message and alerted on',
    async ({ checkType, body, result, message, metrics }) => {
      const check = await call('POST', '/v1/checks', { checkType, frequency: 10, doubleCheck: false, retryStrategy: null, ...body(servers) }, 201)
      const id = String(check.id)
      const since = Math.floor(clock.now() / 1000)
      const hooksBefore = receivers.hook.requests.length
      try {
        await runSlot(id)
      } finally {
        // Out of the next cases' engine passes: each case runs its own check once.
        await call('PUT', `/v1/checks/${id}`, { checkType, activated: false }, 200)
      }

      const list = (await t.call('GET', `/v1/check-results/${id}?limit=1`)).json<Json[]>()
      const stored = await call('GET', `/v1/check-results/${id}/${String(list[0]?.id)}`, undefined, 200)
      expect(reference.responseErrors('GET', '/v1/check-results/{checkId}/{checkResultId}', 200, stored)).toEqual([])
      expect(stored).toMatchObject({ ...result, hasFailures: true })

      const row = await t.store.db.selectFrom('check_results').select(['error_message', 'metrics']).where('check_id', '=', id).executeTakeFirstOrThrow()
      expect(row.error_message).toContain(message)
      expect(Object.keys(JSON.parse(String(row.metrics)) as Json)).toEqual(expect.arrayContaining(metrics))

      const groups = (await t.call('GET', `/v1/error-groups/checks/${id}`)).json<Json[]>()
      expect(groups).toHaveLength(1)
      expect(groups[0]).toMatchObject({ checkId: id, rawErrorMessage: row.error_message, occurrences: 1 })

      const alerts = (await t.call('GET', `/v1/check-alerts/${id}?from=${since}`)).json<Json[]>()
      expect(alerts.map((a) => a.alertType)).toEqual(['ALERT_FAILURE'])
      await t.services.notifications.deliverDue()
      const hooks = receivers.hook.requests.slice(hooksBefore)
      expect(hooks).toHaveLength(1)
      expect(hooks[0]?.body).toContain(String(check.name))
    },
    120_000,
  )
})
