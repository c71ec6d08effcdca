/**
 * The web console (issue 14) with 1,000 checks and 30 days of results (SQLite; the seeding of
 * dashboard-pages-seed.ts: API, URL and TCP checks from two locations, folded by the roll-up job). Measures:
 *
 * - the first load's transfer: the HTML, the JavaScript and the CSS the home view fetches, as sent (brotli) and
 *   unpacked, from Chromium's resource timing;
 * - time to interactive of the home view in headless Chromium: navigation start to the list of 100 checks shown
 *   with their figures, with a new browser context (empty cache) each time and with a warm cache (reload);
 * - the home list's API time: the three calls it makes (a page of 100 checks, the statuses of all, the summaries
 *   and sparklines of the 100), each p50/p99 over `--loads` calls, with the session cookie as the console sends it.
 *
 * Usage: npx tsx bench/console.ts [--checks 1000] [--days 30] [--every 60] [--loads 20] [--json out.json]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import type { Clock } from '../src/lib/clock.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import { buildConsole } from '../src/main/console-build.js'
import { machine, percentile, round } from './lib.js'
import { createChecks, resetRandom, rollUpAll, seedResults } from './dashboard-pages-seed.js'

const { values } = parseArgs({
  options: { checks: { type: 'string', default: '1000' }, days: { type: 'string', default: '30' }, every: { type: 'string', default: '60' }, loads: { type: 'string', default: '20' }, json: { type: 'string' } },
})
const CHECKS = Number(values.checks)
const DAYS = Number(values.days)
const EVERY = Number(values.every)
const LOADS = Number(values.loads)
const NOW = Date.UTC(2026, 10, 23, 12, 7, 30)
const NO_LIMIT = { max: 1e9, windowMs: 60_000 }
const EMAIL = 'bench@example.com'
const PASSWORD = 'bench-password-long'
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args)

class BenchClock implements Clock {
  private offset: number | null = null
  start(): void {
    this.offset = NOW - Date.now()
  }
  now(): number {
    return this.offset === null ? NOW : Date.now() + this.offset
  }
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b)
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), n: s.length }
}

async function main() {
  await buildConsole({ ifStale: true })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-console-bench-'))
  const store = await openStore({ sqliteFile: path.join(dir, 'picket.db') })
  await migrateToLatest(store)
  resetRandom()
  const clock = new BenchClock()
  const services = buildServices({ store, clock, publicBaseUrl: 'http://127.0.0.1' })
  const boot = await services.accounts.bootstrap({})
  const accountId = boot.accountId
  await services.users.ensureAdmin(EMAIL, PASSWORD)
  const t0 = performance.now()
  const checks = await createChecks(services, accountId, CHECKS, EVERY)
  const seeded = await seedResults(store, accountId, checks, NOW, DAYS, EVERY, () => undefined)
  const rolled = await rollUpAll(services, () => undefined)
  log(`${checks.length} checks, ${seeded} results (${rolled} rolled up) in ${round((performance.now() - t0) / 1000)} s`)
  clock.start()

  const app = await buildApp({ services, publicBaseUrl: 'http://127.0.0.1', rateLimit: NO_LIMIT, sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`

  // The session as the console holds it.
  const signIn = await fetch(`${base}/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) })
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const headers = { cookie, 'x-service-account': accountId }
  const page1 = (await (await fetch(`${base}/v1/checks?limit=100&page=1`, { headers })).json()) as Array<{ id: string }>
  const calls: Record<string, string> = {
    'GET /v1/checks?limit=100': '/v1/checks?limit=100&page=1',
    'GET /v1/check-statuses (all 1,000)': '/v1/check-statuses',
    'GET /v1/analytics/check-summaries (100 ids, 24 h)': `/v1/analytics/check-summaries?${page1.map((c) => `checkId=${c.id}`).join('&')}`,
  }
  const api: Record<string, ReturnType<typeof stats>> = {}
  for (const [name, url] of Object.entries(calls)) {
    const times: number[] = []
    for (let i = 0; i < LOADS; i++) {
      const t = performance.now()
      const res = await fetch(`${base}${url}`, { headers })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`)
      times.push(performance.now() - t)
    }
    api[name] = stats(times)
  }
  log('API', api)

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] })
  const cold: number[] = []
  const warm: number[] = []
  let transfer: Record<string, number> = {}
  const rowsShown = () => document.querySelectorAll('main table tbody tr').length >= 100 && !document.querySelector('.loading')
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([{ name: 'picket_session', value: cookie.split('=').slice(1).join('='), url: base }])
    const page = await context.newPage()
    await page.goto(`${base}/`)
    await page.waitForFunction(rowsShown, undefined, { timeout: 30_000 })
    cold.push(await page.evaluate(() => performance.now()))
    if (i === 0) {
      transfer = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        const sum = (f: (e: PerformanceResourceTiming) => boolean, k: 'transferSize' | 'encodedBodySize' | 'decodedBodySize') => entries.filter(f).reduce((a, e) => a + e[k], 0)
        const js = (e: PerformanceResourceTiming) => e.name.endsWith('.js')
        const css = (e: PerformanceResourceTiming) => e.name.endsWith('.css')
        return {
          jsFiles: entries.filter(js).length, jsCompressedBytes: sum(js, 'encodedBodySize'), jsBytes: sum(js, 'decodedBodySize'),
          cssCompressedBytes: sum(css, 'encodedBodySize'), htmlBytes: nav.encodedBodySize,
        }
      })
      log('transfer', transfer)
    }
    await page.reload()
    await page.waitForFunction(rowsShown, undefined, { timeout: 30_000 })
    warm.push(await page.evaluate(() => performance.now()))
    await context.close()
  }
  await browser.close()
  const result = { machine: machine(), checks: CHECKS, days: DAYS, everyMinutes: EVERY, results: seeded, api, interactive: { cold: stats(cold), warm: stats(warm) }, transfer }
  console.log(JSON.stringify(result, null, 2))
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(result, null, 2))
  await app.close()
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
