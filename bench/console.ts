/**
 * The web console with 1,000 checks and 30 days of results (SQLite; the seeding of
 * dashboard-pages-seed.ts: API, URL and TCP checks from two locations, folded by the roll-up job). Measures:
 *
 * - the first load's transfer: the HTML, the JavaScript and the CSS the home view fetches, as sent (brotli) and
 *   unpacked, from Chromium's resource timing;
 * - time to interactive of the home view in headless Chromium: navigation start to the list of 100 checks shown
 *   with their figures, with a new browser context (empty cache) each time and with a warm cache (reload);
 * - the home list's API time: the three calls it makes at once (a page of 100 checks; the summaries, sparklines,
 *   statuses and latest 30 runs of the same page, by the list's query; the counts per status), each p50/p99 over
 *   `--loads` calls, with the session cookie as the console sends it; beside them the calls the page made before
 *   (the statuses of all checks, the summaries by id); and the one query of the latest runs of 100 checks alone,
 *   straight on the store.
 *
 * Usage: npx tsx bench/console.ts [--checks 1000] [--days 30] [--every 60] [--loads 20] [--json out.json] [--data DIR]
 * With --data, the database in DIR is kept, and a later run with the same DIR measures it again without seeding
 * (seeding 1,000 checks × 30 days takes about 10 minutes on SQLite).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { buildStores } from '../src/store/all-stores.js'
import { startConsoleBenchApp } from './console-app.js'
import { buildConsole } from '../src/main/console-build.js'
import { latencyStats, machine, ReplayClock, round } from './lib.js'
import { createChecks, resetRandom, rollUpAll, seedResults } from './dashboard-pages-seed.js'
import { medianTimeline, timelineOf, type TimelineEntry } from './page-timeline.js'

const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    every: { type: 'string', default: '60' },
    loads: { type: 'string', default: '20' },
    json: { type: 'string' },
    data: { type: 'string' },
  },
})
const CHECKS = Number(values.checks)
const DAYS = Number(values.days)
const EVERY = Number(values.every)
const LOADS = Number(values.loads)
const NOW = Date.UTC(2026, 10, 23, 12, 7, 30)
const EMAIL = 'bench@example.com'
const PASSWORD = 'bench-password-long'
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args)

async function main() {
  await buildConsole({ ifStale: true })
  const dir = values.data ? path.resolve(values.data) : fs.mkdtempSync(path.join(os.tmpdir(), 'picket-console-bench-'))
  fs.mkdirSync(dir, { recursive: true })
  const seeded = fs.existsSync(path.join(dir, 'picket.db'))
  const store = await openStore({ sqliteFile: path.join(dir, 'picket.db') })
  await migrateToLatest(store)
  resetRandom()
  const clock = new ReplayClock(NOW)
  const services = buildServices({ store, clock, publicBaseUrl: 'http://127.0.0.1' })
  let results = 0
  if (seeded) {
    log(`measuring the database in ${dir} again`)
  } else {
    const { accountId } = await services.accounts.bootstrap({})
    await services.users.ensureAdmin(EMAIL, PASSWORD)
    const t0 = performance.now()
    const checks = await createChecks(services, accountId, CHECKS, EVERY)
    results = await seedResults(store, accountId, checks, NOW, DAYS, EVERY, () => undefined)
    const rolled = await rollUpAll(services, () => undefined)
    log(`${checks.length} checks, ${results} results (${rolled} rolled up) in ${round((performance.now() - t0) / 1000)} s`)
  }
  const accountId = (await services.accounts.listAccounts())[0]?.id ?? ''
  clock.start()

  // The app, and the session as the console holds it.
  const app = await startConsoleBenchApp(services, { email: EMAIL, password: PASSWORD })
  const { base, cookie } = app
  const headers = { cookie, 'x-service-account': accountId }
  const page1 = (await (await fetch(`${base}/v1/checks?limit=100&page=1`, { headers })).json()) as Array<{ id: string }>
  const calls: Record<string, string> = {
    'GET /v1/checks?limit=100': '/v1/checks?limit=100&page=1',
    'GET /v1/analytics/check-summaries (the same page by its query, 24 h, 30 runs each, with statuses)':
      '/v1/analytics/check-summaries?limit=100&page=1&quickRange=last24Hours&runs=30',
    'GET /v1/check-status-counts': '/v1/check-status-counts',
    'before: GET /v1/check-statuses (all 1,000)': '/v1/check-statuses',
    'before: GET /v1/analytics/check-summaries (100 ids, 24 h, 30 runs each)': `/v1/analytics/check-summaries?runs=30&${page1.map((c) => `checkId=${c.id}`).join('&')}`,
  }
  const api: Record<string, ReturnType<typeof latencyStats>> = {}
  for (const [name, url] of Object.entries(calls)) {
    const times: number[] = []
    for (let i = 0; i < LOADS; i++) {
      const t = performance.now()
      const res = await fetch(`${base}${url}`, { headers })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`)
      times.push(performance.now() - t)
    }
    api[name] = latencyStats(times)
  }
  const runsQuery: number[] = []
  const analytics = buildStores(store).analytics
  for (let i = 0; i < LOADS; i++) {
    const t = performance.now()
    const rows = await analytics.recentRunsOf(
      page1.map((c) => c.id),
      30,
    )
    runsQuery.push(performance.now() - t)
    if (rows.length === 0) throw new Error('the latest runs query found no runs')
  }
  api['latest 30 runs of 100 checks (the one store query)'] = latencyStats(runsQuery)
  log('API', api)

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  })
  const cold: number[] = []
  const warm: number[] = []
  const timelines: TimelineEntry[][] = []
  let transfer: unknown = {}
  /** The list of 100 checks is on screen with its figures, sparklines and bars of runs (no part still loading). */
  const listShown = async (page: Page) => {
    await page.locator('main table tbody tr').nth(99).waitFor({ timeout: 30_000 })
    await page.locator('.loading').waitFor({ state: 'detached', timeout: 30_000 })
    await page.locator('main table tbody tr svg').first().waitFor({ timeout: 30_000 })
    await page.locator('main table tbody tr .run-slot[data-outcome]').first().waitFor({ timeout: 30_000 })
  }
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([{ name: 'picket_session', value: cookie.split('=').slice(1).join('='), url: base }])
    const page = await context.newPage()
    await page.goto(`${base}/`)
    await listShown(page)
    cold.push(await page.evaluate(() => performance.now()))
    timelines.push(await timelineOf(page))
    if (i === 0) {
      // A string, not a function: tsx would wrap the function's inner names in a helper the page does not have.
      transfer = await page.evaluate(`(() => {
        const entries = performance.getEntriesByType('resource')
        const nav = performance.getEntriesByType('navigation')[0]
        const pick = (ext) => entries.filter((e) => e.name.split('?')[0].endsWith(ext))
        const sum = (list, key) => list.reduce((a, e) => a + e[key], 0)
        return {
          jsFiles: pick('.js').length, jsCompressedBytes: sum(pick('.js'), 'encodedBodySize'), jsBytes: sum(pick('.js'), 'decodedBodySize'),
          cssCompressedBytes: sum(pick('.css'), 'encodedBodySize'), htmlBytes: nav.encodedBodySize,
          timeline: entries.map((e) => [new URL(e.name).pathname.replace('/assets/', ''), Math.round(e.startTime), Math.round(e.responseEnd)]),
        }
      })()`)
      log('transfer', transfer)
    }
    await page.reload()
    await listShown(page)
    warm.push(await page.evaluate(() => performance.now()))
    await context.close()
  }
  await browser.close()
  const result = {
    machine: machine(),
    checks: CHECKS,
    days: DAYS,
    everyMinutes: EVERY,
    results: results || 'reused',
    api,
    interactive: { cold: latencyStats(cold), warm: latencyStats(warm) },
    // Each cold load in order (a slow first one is a cold server or browser, not the page), and where its time went.
    coldLoads: cold.map((t) => round(t, 0)),
    coldTimelineP50: medianTimeline(timelines),
    transfer,
  }
  console.log(JSON.stringify(result, null, 2))
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(result, null, 2))
  await app.close()
  await store.close()
  if (!values.data) fs.rmSync(dir, { recursive: true, force: true })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
