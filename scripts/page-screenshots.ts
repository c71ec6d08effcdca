/**
 * The screenshots of the public pages in docs/screenshots/ (shown in the README): a service on a private
 * in-memory database with a day of demo results, a dashboard and a status page, photographed in headless Chromium.
 *
 * Usage: npx tsx scripts/page-screenshots.ts [--out docs/screenshots]
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildStores } from '../src/store/all-stores.js'
import { buildServices } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import { systemClock } from '../src/lib/clock.js'
import type { CheckResultRow } from '../src/store/run-rows.js'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/screenshots' } } })
const OUT = path.resolve(values.out ?? 'docs/screenshots')
const NOW = Date.now()
const HOUR = 3_600_000

let seed = 7
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)
const logNormal = (mu: number, sigma: number) => Math.exp(mu + sigma * Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()))

const CHECKS: Array<{ name: string; type: string; tags: string[]; mu: number; state?: 'failing' | 'degraded'; group?: string }> = [
  { name: 'Checkout API', type: 'api', tags: ['prod', 'shop'], mu: 4.6, group: 'Shop' },
  { name: 'Cart API', type: 'api', tags: ['prod', 'shop'], mu: 4.2, group: 'Shop' },
  { name: 'Payments webhook', type: 'api', tags: ['prod', 'payments'], mu: 5.2, state: 'failing', group: 'Payments' },
  { name: 'Home page', type: 'url', tags: ['prod', 'web'], mu: 5.0 },
  { name: 'Search', type: 'api', tags: ['prod', 'web'], mu: 5.6, state: 'degraded' },
  { name: 'Login API', type: 'api', tags: ['prod', 'auth'], mu: 4.4 },
  { name: 'Status of the CDN edge', type: 'url', tags: ['prod', 'web'], mu: 3.4 },
  { name: 'Orders database', type: 'api', tags: ['prod', 'data'], mu: 2.4 },
]

function row(accountId: string, checkId: string, at: number, status: string, ms: number, location: string): CheckResultRow {
  return {
    id: crypto.randomUUID(),
    account_id: accountId,
    check_id: checkId,
    check_type: 'API',
    sequence_id: crypto.randomUUID(),
    run_job_id: crypto.randomUUID(),
    attempt: 1,
    result_type: 'FINAL',
    location,
    status,
    has_failures: status === 'failing' ? 1 : 0,
    has_errors: 0,
    is_degraded: status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: ms,
    error_kind: null,
    error_message: status === 'failing' ? 'HTTP 503' : null,
    status_code: status === 'failing' ? 503 : 200,
    scheduled_at: at,
    started_at: at,
    stopped_at: at + Math.round(ms),
    trigger: 'SCHEDULER',
    session_id: null,
    doc: '{}',
    metrics: JSON.stringify({ responseTime: ms }),
    created_at: at + 500,
  }
}

type Call = (method: 'POST' | 'PUT', url: string, payload: object) => Promise<Record<string, unknown>>

/** Services that exist for 120 days, a few incidents over the last 90, one of them still open. */
async function seedStatusPage(call: Call, stores: ReturnType<typeof buildStores>, accountId: string): Promise<void> {
  const DAY = 24 * HOUR
  const ids: Record<string, string> = {}
  for (const name of ['Website', 'Checkout', 'Payments', 'Public API', 'Webhooks', 'Dashboard']) {
    ids[name] = (await stores.statusPageServices.insert(accountId, { name }, NOW - 120 * DAY)).id
  }
  await call('POST', '/v1/status-pages', {
    name: 'Acme status',
    url: 'acme',
    description: 'Live status of Acme services. Times are UTC.',
    cards: [
      { name: 'Shop', services: [ids.Website, ids.Checkout, ids.Payments] },
      { name: 'Platform', services: [ids['Public API'], ids.Webhooks, ids.Dashboard] },
    ],
  })
  const past = async (name: string, severity: string, service: string, daysAgo: number, hours: number, text: string) => {
    const start = NOW - daysAgo * DAY
    const incident = await call('POST', '/v1/status-pages/incidents', {
      name,
      severity,
      services: [ids[service]],
      incidentUpdates: [{ description: text, status: 'INVESTIGATING', publicIncidentUpdateDate: new Date(start).toISOString() }],
    })
    if (hours > 0) {
      await call('POST', `/v1/status-pages/incidents/${String(incident.id)}/incident-updates`, {
        description: 'A fix has been deployed and the service is back to normal.',
        status: 'RESOLVED',
        publicIncidentUpdateDate: new Date(start + hours * HOUR).toISOString(),
      })
    }
  }
  await past('Elevated error rates on checkout', 'MAJOR', 'Checkout', 71, 3, 'Some checkouts fail with an error. We are investigating.')
  await past('Slow webhook delivery', 'MINOR', 'Webhooks', 44, 7, 'Webhooks are delivered with a delay of several minutes.')
  await past('Payments provider outage', 'CRITICAL', 'Payments', 18, 2, 'Card payments fail because of an outage at our payments provider.')
  await past('Dashboard loads slowly', 'MEDIUM', 'Dashboard', 6, 5, 'The dashboard takes long to load for some customers.')
  await past('API responses delayed', 'MINOR', 'Public API', 0.05, 0, 'Some API requests take several seconds. We are looking into it.')
}

async function main(): Promise<void> {
  const store = await openStore({ sqliteFile: ':memory:' })
  await migrateToLatest(store)
  const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost', pageCacheMs: 0 })
  const boot = await services.accounts.bootstrap({})
  const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: { max: 1_000_000, windowMs: 60_000 } })
  const headers = { authorization: `Bearer ${boot.apiKey ?? ''}`, 'x-service-account': boot.accountId }
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json() as Record<string, unknown>
  }
  const stores = buildStores(store)
  const groups = new Map<string, number>()
  for (const c of CHECKS) {
    if (c.group && !groups.has(c.group)) groups.set(c.group, Number((await call('POST', '/v2/check-groups?autoAssignAlerts=false', { name: c.group })).id))
    const body =
      c.type === 'url' ? { name: c.name, tags: c.tags, request: { url: 'https://example.com/' } } : { name: c.name, tags: c.tags, request: { url: 'https://example.com/api' } }
    const check = await call('POST', `/v1/checks/${c.type}?autoAssignAlerts=false`, { ...body, ...(c.group ? { groupId: groups.get(c.group) } : {}) })
    const rows: CheckResultRow[] = []
    for (let at = NOW - 30 * 24 * HOUR; at < NOW; at += 10 * 60_000) {
      for (const location of ['eu-central-1', 'us-east-1']) {
        const recent = at > NOW - 40 * 60_000
        const status = recent && c.state ? c.state : rnd() < 0.004 ? 'failing' : 'passing'
        rows.push(
          row(boot.accountId, String(check.id), at + Math.round(rnd() * 5000), status, (Math.round(logNormal(c.mu, 0.35) * 10) / 10) * (status === 'degraded' ? 6 : 1), location),
        )
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await stores.results.insertMany(rows.slice(i, i + 1000))
    await stores.results.applyStatuses([rows[rows.length - 1] as CheckResultRow])
  }
  for (let n = -1; n !== 0;) n = await services.analyticsRollup.rollUp(1000)
  await call('POST', '/v1/dashboards', {
    header: 'Acme production',
    description: 'Every customer-facing check, refreshed every minute.',
    customUrl: 'acme',
    tags: ['prod'],
    checksPerPage: 12,
    showCheckRunLinks: true,
    expandChecks: true,
    sortByStatus: true,
  })
  await call('POST', '/v1/dashboards', { header: 'Internal', customUrl: 'internal', isPrivate: true })
  await seedStatusPage(call, stores, boot.accountId)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] })
  const shoot = async (url: string, file: string, width = 1280, height = 760) => {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.goto(`${base}${url}`, { waitUntil: 'load' })
    await page.screenshot({ path: path.join(OUT, file), fullPage: false })
    await page.close()
    console.log(`${file}: ${url}`)
  }
  await shoot('/dashboards/acme', 'dashboard.png')
  await shoot('/dashboards/internal', 'dashboard-private.png', 900, 500)
  await shoot('/status-pages/acme', 'status-page.png', 1100, 1300)
  await shoot('/dashboards/acme', 'dashboard-phone.png', 390, 800)
  await browser.close()
  await app.close()
  await store.close()
}

await main()
