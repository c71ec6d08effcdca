/**
 * Fault test: two service instances on one PostgreSQL database share the scheduling, the runs and the
 * notifications; one is killed with SIGKILL while its checks fail and alert. The other goes on alone: every check
 * keeps running (no slot run twice), and each check's failure alert reached the webhook exactly once (the killed
 * instance's lease on anything it was sending is only ever taken over for undelivered rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { startHttpReceiver, type HttpReceiver } from '../helpers/receivers/http-receiver.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, unknown>

const url = process.env.TEST_DATABASE_URL
const ACCOUNT = '5d2e9f40-8c77-4e31-9b50-4fae3d9c1a62'
const KEY = 'pk_kill_instance_000001'
const HEADERS = { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, 'content-type': 'application/json' }
const CHECKS = 12
const WAIT = { timeout: 90_000, interval: 500 }

describe.skipIf(!url)('SIGKILL of one of two instances on PostgreSQL', () => {
  let db: ScratchDatabase | undefined
  let a: RunningServer
  let b: RunningServer
  let target: Target
  let hook: HttpReceiver
  const call = async (server: RunningServer, method: string, path: string, body?: Json) => {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers: HEADERS, ...(body ? { body: JSON.stringify(body) } : {}) })
    return { status: res.status, json: (await res.json()) as unknown }
  }

  beforeAll(async () => {
    db = await createScratchDatabase(String(url), 'picket_two')
    ;[target, hook] = await Promise.all([startHttpTarget(), startHttpReceiver()])
    const env = { DATABASE_URL: db.url, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY }
    a = await startServer(env)
    b = await startServer(env)
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await b?.stop()
    stopStrayProcesses()
    await Promise.all([target?.close(), hook?.close()])
    await db?.drop()
  })

  it(
    'goes on with the other instance: every check runs, no slot twice, each alert delivered once',
    async () => {
      const channel = await call(a, 'POST', '/v1/alert-channels', {
        type: 'WEBHOOK',
        config: { name: 'Ops', url: `${hook.url}/alerts`, method: 'POST', webhookType: 'WEBHOOK', template: '{"check":"{{CHECK_ID}}","type":"{{ALERT_TYPE}}"}' },
      })
      expect(channel.status).toBe(201)
      const ids: string[] = []
      for (let i = 0; i < CHECKS; i++) {
        const res = await call(i % 2 === 0 ? a : b, 'POST', '/v1/checks/api', {
          name: `Failing ${i}`,
          frequency: 0,
          frequencyOffset: 10,
          locations: ['eu-west-1'],
          doubleCheck: false,
          retryStrategy: null,
          request: { url: `${target.url}/status/503` },
        })
        expect(res.status).toBe(201)
        ids.push(String((res.json as Json).id))
      }
      const alerts = () => hook.requests.map((r) => JSON.parse(r.body) as { check: string; type: string }).filter((x) => x.type === 'ALERT_FAILURE')
      // Kill A once the first alerts are on their way, while both instances schedule, run and send.
      await expect.poll(() => alerts().length, WAIT).toBeGreaterThan(0)
      a.child.kill('SIGKILL')
      expect(await a.stop()).toBeNull()
      const killedAt = Date.now()

      await expect.poll(() => new Set(alerts().map((x) => x.check)).size, WAIT).toBe(CHECKS)
      const results = async (id: string) => (await call(b, 'GET', `/v1/check-results/${id}?limit=100`)).json as Array<{ startedAt: string }>
      // B alone runs every check after the kill, each 10-second slot at most once.
      await expect.poll(async () => (await Promise.all(ids.map(results))).every((r) => r.some((x) => Date.parse(x.startedAt) > killedAt + 1000)), WAIT).toBe(true)
      for (const id of ids) {
        const starts = (await results(id)).map((x) => Date.parse(x.startedAt)).sort((p, q) => p - q)
        for (let i = 1; i < starts.length; i++) expect((starts[i] ?? 0) - (starts[i - 1] ?? 0), `check ${id} ran twice in one slot`).toBeGreaterThan(5_000)
      }
      const perCheck = new Map<string, number>()
      for (const x of alerts()) perCheck.set(x.check, (perCheck.get(x.check) ?? 0) + 1)
      expect([...perCheck.values()]).toEqual(ids.map(() => 1))
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
