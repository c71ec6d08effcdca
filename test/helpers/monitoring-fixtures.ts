/**
 * An account with one check of each type that has analytics, and realistic final results of them written through
 * the store as the engine writes them (an API run with its request, response, timing phases, assertions and log),
 * plus error groups made from failing runs, for the reference tables of results, analytics, reporting and error
 * groups.
 */
import { expect } from 'vitest'
import { ANALYTICS_ROUTES } from '../../src/domain/analytics/catalogue.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { CheckResultRow } from '../../src/store/run-rows.js'
import type { TestApp } from './app.js'
import { finalResult } from './error-group-kit.js'
import { suiteBody } from './playwright-suite.js'
import { finalResultRow } from './result-rows.js'

export interface MonitoringFixtures {
  /** Check id by analytics route slug (api-checks, url-monitors …). */
  checks: Record<string, string>
  apiCheckId: string
  apiResultIds: string[]
  errorGroupId: string
}

const BODIES: Array<[route: string, createUrl: string, body: Record<string, unknown>]> = [
  ['api-checks', '/v1/checks/api', { name: 'Orders API', tags: ['shop', 'production'], request: { url: 'https://shop.example.com/api/orders' } }],
  ['url-monitors', '/v1/checks/url', { name: 'Home page', tags: ['shop'], request: { url: 'https://shop.example.com/' } }],
  ['tcp-checks', '/v1/checks/tcp', { name: 'Postgres port', request: { hostname: 'db.example.com', port: 5432 } }],
  ['dns', '/v1/checks/dns', { name: 'Shop DNS', request: { query: 'shop.example.com', recordType: 'A' } }],
  ['icmp', '/v1/checks/icmp', { name: 'Gateway ping', request: { hostname: '10.0.0.1' }, heartbeat: {}, script: '' }],
  ['ssl', '/v1/checks/ssl', { name: 'Shop certificate', request: { sslConfig: { hostname: 'shop.example.com' } } }],
  ['heartbeat-checks', '/v1/checks/heartbeat', { name: 'Nightly backup', heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' }, script: '' }],
  ['browser-checks', '/v1/checks/browser', { name: 'Checkout flow', script: "await page.goto('https://shop.example.com')" }],
  ['multistep-checks', '/v1/checks/multistep', { name: 'Order API flow', script: "await request.get('https://shop.example.com/api/orders')" }],
  ['playwright-checks', '/v1/checks/playwright', suiteBody({ name: 'Shop suite' })],
]

/** The analytics routes whose check setUpMonitoring makes (with 12 runs each). */
export const MONITORED_ROUTES = BODIES.map(([route]) => route)

const PHASES: Record<string, (ms: number) => Record<string, number>> = {
  'api-checks': (ms) => ({ wait: 1, dns: 4, tcp: 9, firstByte: ms - 20, download: 6 }),
  'url-monitors': (ms) => ({ wait: 1, dns: 3, tcp: 8, firstByte: ms - 15, download: 3 }),
  'tcp-checks': (ms) => ({ total: ms, dns: 2, connection: ms - 4, data: 2 }),
  dns: (ms) => ({ total: ms }),
  icmp: (ms) => ({ packetLoss: 0, latencyMin: ms - 1, latencyMax: ms + 2, latencyAvg: ms, latencyStdDev: 0.8 }),
  ssl: (ms) => ({ handshakeTimeMs: ms, daysUntilExpiry: 40, keySizeBits: 3072 }),
}

/** An API run's document as the runner records it. */
const apiDoc = (url: string, status: number, ms: number) => JSON.stringify(apiRun(url, status, ms))

const apiRun = (url: string, status: number, ms: number) => ({
  timingPhases: PHASES['api-checks']?.(ms),
  assertions: [{ source: 'STATUS_CODE', property: '', comparison: 'EQUALS', target: '200', actual: status, passed: status === 200 }],
  jobLog: ['log setup: token loaded', `GET ${url} -> ${status}`],
  details: {
    request: { method: 'GET', url, headers: { accept: 'application/json' }, body: '' },
    response: { url, status, statusText: status === 200 ? 'OK' : 'Service Unavailable', headers: { 'content-type': 'application/json' }, body: '{"orders":[]}', bodySize: 13 },
    redirects: [],
  },
})

/** An API run that got no response at all, as the runner records one: no response, the request's error. */
const refusedDoc = (url: string, ms: number) => {
  const run = apiRun(url, 0, ms)
  return JSON.stringify({ ...run, details: { ...run.details, response: null, requestError: 'connect ECONNREFUSED 10.0.0.1:443' } })
}

export async function setUpMonitoring(t: TestApp, now: number): Promise<MonitoringFixtures> {
  const checks: Record<string, string> = {}
  for (const [route, url, body] of BODIES) {
    const res = await t.call('POST', `${url}?autoAssignAlerts=false`, { activated: false, ...body })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201)
    checks[route] = String(res.json<{ id: string }>().id)
  }
  const rows: CheckResultRow[] = []
  const locations = ['us-east-1', 'eu-west-1']
  for (const [route, id] of Object.entries(checks)) {
    const checkType = ANALYTICS_ROUTES[route]?.checkType ?? 'API'
    for (let i = 0; i < 12; i++) {
      const status = i % 6 === 5 ? 'failing' : i % 4 === 3 ? 'degraded' : 'passing'
      const ms = 80 + ((i * 37) % 120)
      const startedAt = now - (i + 1) * 15 * 60_000
      const row = finalResultRow(
        t.accountId,
        id,
        { location: locations[i % 2] ?? 'us-east-1', startedAt, status, responseTime: ms, phases: PHASES[route]?.(ms) ?? {}, checkType },
        i,
      )
      row.run_job_id = crypto.randomUUID()
      if (row.check_type === 'API') {
        // The oldest failure got no response: results must still answer one in the reference's shape.
        row.doc = i === 11 ? refusedDoc('https://shop.example.com/api/orders', ms) : apiDoc('https://shop.example.com/api/orders', status === 'failing' ? 503 : 200, ms)
        row.status_code = status === 'failing' ? 503 : 200
        row.error_message = status === 'failing' ? 'Expected status code 503 to equal 200' : null
      }
      if (status === 'failing' && row.check_type !== 'API') row.error_message = 'connect ECONNREFUSED 10.0.0.1:443'
      rows.push(row)
    }
  }
  await buildStores(t.store).results.insertMany(rows)
  const apiCheckId = checks['api-checks'] ?? ''
  const failing = rows.filter((r) => r.check_id === apiCheckId && r.status === 'failing')
  await t.services.afterFinalResults(failing.map((r) => finalResult(t.accountId, apiCheckId, r.error_message, Number(r.started_at))))
  const groups = await t.call('GET', `/v1/error-groups/checks/${apiCheckId}?limit=10`)
  expect(groups.statusCode, groups.body).toBe(200)
  const errorGroupId = String(groups.json<Array<{ id: string }>>()[0]?.id)
  const apiResultIds = rows.filter((r) => r.check_id === apiCheckId).map((r) => r.id)
  return { checks, apiCheckId, apiResultIds, errorGroupId }
}
