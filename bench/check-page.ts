/**
 * The check page of one check with 30 days of results (SQLite; the seeding of dashboard-pages-seed.ts, a few
 * checks from two locations, folded by the roll-up job). Measures, in headless Chromium with a new browser context
 * (empty cache) each load:
 *
 * - the check page interactive: navigation start to the bar of the last runs shown, the response-time chart drawn
 *   (uPlot's canvas in place) and the key figures of 24 h, 7 d and 30 d filled, p50/p99 over `--loads` loads;
 * - the baseline measured in the same run: the check's Results tab (a table of 10 results), the page without a
 *   chart or analytics;
 * - the JavaScript and CSS the check page fetches (as sent and unpacked), and whether uPlot is in the scripts of the
 *   first page (the home list) — it must come only with the pages that draw charts;
 * - each API call of the overview alone, p50/p99 over `--loads` calls.
 *
 * Usage: npx tsx bench/check-page.ts [--checks 3] [--days 30] [--every 5] [--loads 20] [--json out.json]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { startConsoleBenchApp } from './console-app.js'
import { buildConsole } from '../src/main/console-build.js'
import { latencyStats, machine, ReplayClock, round } from './lib.js'
import { createChecks, resetRandom, rollUpAll, seedResults } from './dashboard-pages-seed.js'
import { medianTimeline, timelineOf, type TimelineEntry } from './page-timeline.js'

const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '3' },
    days: { type: 'string', default: '30' },
    every: { type: 'string', default: '5' },
    loads: { type: 'string', default: '20' },
    json: { type: 'string' },
  },
})
const LOADS = Number(values.loads)
const NOW = Date.UTC(2026, 10, 23, 12, 7, 30)
const EMAIL = 'bench@example.com'
const PASSWORD = 'bench-password-long'
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args)

/** The check page interactive: runs bar, chart canvas, key figures filled, nothing loading. */
async function checkPageShown(page: Page): Promise<void> {
  await page.locator('ol.run-bar a.run-slot').first().waitFor({ timeout: 30_000 })
  await page.locator('figure.history-chart[data-state="ready"] canvas').waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('table.figures-table td.stat')]
    return cells.length > 0 && cells.every((td) => td.textContent !== '…') && document.querySelector('.loading') === null
  })
}

async function resultsShown(page: Page): Promise<void> {
  await page.locator('main table tbody tr').nth(9).waitFor({ timeout: 30_000 })
  await page.locator('.loading').waitFor({ state: 'detached', timeout: 30_000 })
}

/** `LOADS` cold loads of `url` (a new context each), each timed from navigation start until `shown`, with its requests' timeline. */
async function coldLoads(
  browser: Browser,
  cookie: string,
  base: string,
  url: string,
  shown: (page: Page) => Promise<void>,
): Promise<{ times: number[]; timelines: TimelineEntry[][] }> {
  const times: number[] = []
  const timelines: TimelineEntry[][] = []
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addCookies([{ name: 'picket_session', value: cookie.split('=').slice(1).join('='), url: base }])
    const page = await context.newPage()
    await page.goto(`${base}${url}`)
    await shown(page)
    times.push(await page.evaluate(() => performance.now()))
    timelines.push(await timelineOf(page))
    await context.close()
  }
  return { times, timelines }
}

// A string, not a function: tsx would wrap the function's inner names in a helper the page does not have.
const TRANSFER = `(() => {
  const entries = performance.getEntriesByType('resource')
  const pick = (ext) => entries.filter((e) => e.name.split('?')[0].endsWith(ext))
  const sum = (list, key) => list.reduce((a, e) => a + e[key], 0)
  return {
    jsFiles: pick('.js').length, jsCompressedBytes: sum(pick('.js'), 'encodedBodySize'), jsBytes: sum(pick('.js'), 'decodedBodySize'),
    cssCompressedBytes: sum(pick('.css'), 'encodedBodySize'), scripts: pick('.js').map((e) => e.name),
  }
})()`

async function main() {
  await buildConsole({ ifStale: true })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-check-page-bench-'))
  const store = await openStore({ sqliteFile: path.join(dir, 'picket.db') })
  await migrateToLatest(store)
  resetRandom()
  const clock = new ReplayClock(NOW)
  const services = buildServices({ store, clock, publicBaseUrl: 'http://127.0.0.1' })
  const { accountId } = await services.accounts.bootstrap({})
  await services.users.ensureAdmin(EMAIL, PASSWORD)
  const t0 = performance.now()
  const checks = await createChecks(services, accountId, Number(values.checks), Number(values.every))
  const results = await seedResults(store, accountId, checks, NOW, Number(values.days), Number(values.every), () => undefined)
  const rolled = await rollUpAll(services, () => undefined)
  log(`${checks.length} checks, ${results} results (${rolled} rolled up) in ${round((performance.now() - t0) / 1000)} s`)
  const check = checks.find((c) => c.type === 'API' && !c.pending) ?? checks[0]
  if (!check) throw new Error('no check seeded')
  clock.start()

  // The app, and the session as the console holds it.
  const app = await startConsoleBenchApp(services, { email: EMAIL, password: PASSWORD })
  const { base, cookie } = app

  // The calls the overview makes, each timed alone with the console's session.
  const headers = { cookie, 'x-service-account': accountId }
  const series = `/v1/analytics/api-checks/${check.id}`
  const calls: Record<string, string> = {
    'check-results (60)': `/v1/check-results/${check.id}?limit=60`,
    'series 24 h by 15 min': `${series}?metrics=responseTime_p50,responseTime_p95,availability&quickRange=last24Hours&aggregationInterval=15&limit=100`,
    'figures 24 h': `${series}?metrics=availability,responseTime_p95&quickRange=last24Hours`,
    'figures 7 d': `${series}?metrics=availability,responseTime_p95&quickRange=last7Days`,
    'figures 30 d': `${series}?metrics=availability,responseTime_p95&quickRange=last30Days`,
    'error groups': `/v1/error-groups/checks/${check.id}?limit=10`,
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
  log('API', api)

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  })
  const checkPath = `/checks/${check.id}`
  // No load goes uncounted: the check page's first load meets a server that has answered nothing yet, as the first
  // visitor after a start does, and its baseline comes after it.
  const page = await coldLoads(browser, cookie, base, checkPath, checkPageShown)
  const baseline = await coldLoads(browser, cookie, base, `${checkPath}/results`, resultsShown)

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addCookies([{ name: 'picket_session', value: cookie.split('=').slice(1).join('='), url: base }])
  const tab = await context.newPage()
  await tab.goto(`${base}${checkPath}`)
  await checkPageShown(tab)
  const transfer = (await tab.evaluate(TRANSFER)) as { scripts: string[] } & Record<string, unknown>
  await tab.goto(`${base}/`)
  await tab.locator('main table').first().waitFor({ timeout: 30_000 })
  const homeScripts = ((await tab.evaluate(TRANSFER)) as { scripts: string[] }).scripts
  const uplotOnHome = (await Promise.all(homeScripts.map(async (u) => (await (await fetch(u)).text()).includes('"uplot"')))).some(Boolean)
  await context.close()
  await browser.close()

  const result = {
    machine: machine(),
    check: { type: check.type, resultsOfThisCheck: Math.round(results / checks.length), days: Number(values.days), everyMinutes: Number(values.every) },
    api,
    interactiveCold: { checkPage: latencyStats(page.times), baselineResultsTab: latencyStats(baseline.times) },
    // Each load in order (the first meets a server that has answered nothing yet), and where the time went.
    checkPageLoads: page.times.map((t) => round(t, 0)),
    baselineLoads: baseline.times.map((t) => round(t, 0)),
    checkPageTimelineP50: medianTimeline(page.timelines),
    checkPageFirstLoadTimeline: page.timelines[0],
    checkPageTransfer: { ...transfer, scripts: transfer.scripts.map((s) => new URL(s).pathname) },
    uplotInFirstPageScripts: uplotOnHome,
  }
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
