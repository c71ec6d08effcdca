/**
 * /metrics of the real service process. With METRICS_TOKEN the API port serves it to the token only,
 * counting requests by route pattern and the engine's runs by location and type once a check ran; with
 * METRICS_PORT it moves to a port of its own and the API port no longer has it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const TOKEN = 'metrics-token-for-the-test-0001'
const scrape = async (url: string, token?: string) => {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {})
  return { status: res.status, text: await res.text() }
}

describe('/metrics of the service process', () => {
  const started: ConsoleService[] = []
  let target: Target | undefined
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()))
    await target?.close()
    stopStrayProcesses()
  })

  it(
    'serves request and run counters to the token on the API port',
    async () => {
      target = await startHttpTarget()
      const svc = await startConsoleService({ METRICS_TOKEN: TOKEN })
      started.push(svc)
      expect((await scrape(`${svc.baseUrl}/metrics`)).status).toBe(401)
      expect((await scrape(`${svc.baseUrl}/metrics`, 'wrong-token-of-enough-length')).status).toBe(401)
      const check = await apiCall(svc, 'POST', '/v1/checks/api', { name: 'Metered', locations: ['eu-west-1'], request: { url: `${target.url}/json` } })
      expect(check.status).toBe(201)
      const id = String(((await check.json()) as { id: string }).id)
      expect((await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })).status).toBe(201)
      await expect
        .poll(async () => (await scrape(`${svc.baseUrl}/metrics`, TOKEN)).text, { timeout: 60_000, interval: 500 })
        .toMatch(/picket_runs_finished_total\{[^}]*location="eu-west-1"[^}]*\} [1-9]/)
      const { status, text } = await scrape(`${svc.baseUrl}/metrics`, TOKEN)
      expect(status).toBe(200)
      expect(text).toMatch(/picket_http_requests_total\{[^}]*route="\/v1\/checks\/api"[^}]*\} 1/)
      expect(text).toMatch(/picket_runs_started_total\{[^}]*check_type="API"/)
      expect(text).toMatch(/nodejs_eventloop_lag_seconds/)
      expect(text).not.toContain(id)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'moves to METRICS_PORT when one is set',
    async () => {
      const svc = await startConsoleService({ METRICS_PORT: '0' })
      started.push(svc)
      const port = await new Promise<string>((resolve) => {
        const look = () => {
          const m = /"port":(\d+)[^\n]*metrics listening on their own port/.exec(svc.server.stdout())
          if (m?.[1]) resolve(m[1])
          else setTimeout(look, 100)
        }
        look()
      })
      const own = await scrape(`http://127.0.0.1:${port}/metrics`)
      expect(own.status).toBe(200)
      expect(own.text).toMatch(/picket_run_queue_jobs|nodejs_/)
      expect((await scrape(`${svc.baseUrl}/metrics`)).status).toBe(404)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
