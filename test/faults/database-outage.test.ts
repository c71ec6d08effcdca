/**
 * Fault test: PostgreSQL goes away while the service runs (every connection dropped, new ones refused,
 * through a TCP proxy the test controls, as a database restart looks to its clients) and comes back. Readiness
 * reports the outage; API requests meanwhile answer 503 in the API's error body (not a hang, not a 500); once the
 * database is back the service recovers by itself: readiness 200, writes succeed, and scheduled checks run again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, unknown>

const url = process.env.TEST_DATABASE_URL
const ACCOUNT = '4c1d8e3f-7b66-4d20-8a4f-3e9d2c8b0f51'
const KEY = 'pk_database_outage_0001'
const HEADERS = { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, 'content-type': 'application/json' }
const WAIT = { timeout: 60_000, interval: 250 }

describe.skipIf(!url)('a PostgreSQL outage under the running service', () => {
  let db: ScratchDatabase | undefined
  let proxy: TcpProxy
  let server: RunningServer
  let target: Target
  const call = async (method: string, path: string, body?: Json) => {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers: HEADERS, ...(body ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(20_000) })
    return { status: res.status, json: (await res.json().catch(() => null)) as Json | null }
  }
  const ready = async () => (await fetch(`${server.baseUrl}/-/readiness`, { signal: AbortSignal.timeout(20_000) })).status

  beforeAll(async () => {
    db = await createScratchDatabase(String(url), 'picket_outage')
    const u = new URL(db.url)
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) })
    u.host = `127.0.0.1:${proxy.port}`
    target = await startHttpTarget()
    server = await startServer({ DATABASE_URL: u.toString(), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await server?.stop()
    stopStrayProcesses()
    await proxy?.close()
    await target?.close()
    await db?.drop()
  })

  it(
    'reports the outage, answers 503 meanwhile, and recovers by itself',
    async () => {
      const created = await call('POST', '/v1/checks/api', {
        name: 'Through the outage',
        frequency: 0,
        frequencyOffset: 10,
        locations: ['eu-west-1'],
        request: { url: `${target.url}/json` },
      })
      expect(created.status).toBe(201)
      const checkId = String(created.json?.id)
      await expect.poll(async () => ((await call('GET', `/v1/check-results/${checkId}`)).json as unknown as Json[]).length, WAIT).toBeGreaterThan(0)

      proxy.down()
      await expect.poll(ready, WAIT).toBe(503)
      const during = await call('POST', '/v1/variables', { key: 'DURING_OUTAGE', value: 'x' })
      expect(during.status).toBe(503)
      expect(during.json).toMatchObject({ statusCode: 503, error: 'Service Unavailable' })
      const read = await call('GET', '/v1/checks')
      expect(read.status).toBe(503)

      proxy.up()
      await expect.poll(ready, WAIT).toBe(200)
      await expect.poll(async () => (await call('POST', '/v1/variables', { key: `AFTER_${Date.now()}`, value: 'y' })).status, WAIT).toBe(201)
      const hitsBefore = target.hits
      await expect.poll(() => target.hits, { ...WAIT, timeout: 90_000 }).toBeGreaterThan(hitsBefore)
      // The target sees the request before the run's result is written (the writer batches outcomes): wait for it.
      await expect.poll(async () => ((await call('GET', `/v1/check-results/${checkId}?limit=100`)).json as unknown as Json[]).length, WAIT).toBeGreaterThan(1)
      expect(server.child.exitCode).toBeNull()
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
