/**
 * Public dashboard pages: a dashboard of 1,000 checks with 30 days of results. Seeds one account (API,
 * URL and TCP checks with tags, half in groups; every check every 60 minutes from two locations by default, folded
 * by the roll-up job; see dashboard-pages-seed.ts), then serves the real app over HTTP (`app.listen`) and measures,
 * with the HTTP client in a process of its own (dashboard-pages-client.ts):
 *
 * - time to first byte and to the last byte, p50/p99, cold (page cache off: every view computed) and warm (the
 *   default 10 s cache, after a first request), for the default dashboard (15 checks a page) and for all checks on
 *   one page, over 24 hours and 30 days;
 * - requests per second one instance serves with 16 keep-alive connections;
 * - SQL statements per page view (a Kysely plugin counts them) for 10, 100 and 1,000 checks, and where the time of
 *   a cold view goes (the account's checks, the sort, the analytics of the page's checks, the HTML);
 * - full render in Chromium (navigation start to first contentful paint and to the load event).
 *
 * The interval changes the seeding time (on SQLite 1.6 minutes to store the results at 60 and 7 to roll them up;
 * twice that at 30) and hardly what a view reads: whole days and hours come from the day and hour roll-ups, one row
 * per check, location and outcome whether a bucket holds one run or twelve.
 *
 * Usage: npx tsx bench/dashboard-pages.ts [--db sqlite|postgres|both] [--checks 1000] [--days 30] [--every 60]
 *        [--seconds 10] [--connections 16] [--loads 30] [--json out.json]
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of its own.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import { sql } from 'kysely'
import pg from 'pg'
import type { Clock } from '../src/lib/clock.js'
import { openStore, type Store } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices, type Services } from '../src/services/index.js'
import { buildStores } from '../src/store/all-stores.js'
import { buildApp } from '../src/api/build-app.js'
import { DASHBOARD_WINDOWS, matchesTags, sortForDashboard, type DashboardWindow } from '../src/domain/dashboard-display.js'
import { presentDashboard } from '../src/web/dashboards/presenter.js'
import { renderDashboardPage } from '../src/web/dashboards/view.js'
import { pathLinks } from '../src/web/site-links.js'
import { loadWebAssets } from '../src/web/assets.js'
import { machine, percentile, round } from './lib.js'
import { createChecks, resetRandom, rollUpAll, seedResults } from './dashboard-pages-seed.js'
import { readCheckSummaries } from '../src/services/analytics/summaries.js'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    checks: { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    every: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    loads: { type: 'string', default: '30' },
    json: { type: 'string' },
  },
})
const CHECKS = Number(values.checks)
const DAYS = Number(values.days)
const EVERY = Number(values.every)
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const LOADS = Number(values.loads)
/** A moment between two five-minute marks, so that every window has raw edges as it does in production. */
const NOW = Date.UTC(2026, 10, 23, 12, 7, 30)
const NO_LIMIT = { max: 1e9, windowMs: 60_000 }
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args)

/** Stands still at NOW while seeding (the roll-up folds up to NOW), then runs with real time from NOW. */
class BenchClock implements Clock {
  private offset: number | null = null
  start(): void {
    this.offset = NOW - Date.now()
  }
  now(): number {
    return this.offset === null ? NOW : Date.now() + this.offset
  }
}

/** Counts the statements Kysely sends and the rows they return, and the time with at least one under way. */
class QueryCounter implements KyselyPlugin {
  queries = 0
  rows = 0
  sqlMs = 0
  private inFlight = 0
  private since = 0
  reset(): void {
    this.queries = 0
    this.rows = 0
    this.sqlMs = 0
    this.inFlight = 0
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries++
    if (this.inFlight++ === 0) this.since = performance.now()
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.inFlight > 0 && --this.inFlight === 0) this.sqlMs += performance.now() - this.since
    this.rows += args.result.rows.length
    return args.result
  }
}

interface Stat {
  n: number
  p50: number
  p99: number
}
const stat = (values: number[]): Stat => {
  const sorted = [...values].sort((a, b) => a - b)
  return { n: sorted.length, p50: round(percentile(sorted, 50), 1), p99: round(percentile(sorted, 99), 1) }
}

function client<T>(job: Record<string, unknown>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'dashboard-pages-client.ts'), JSON.stringify(job)], {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`client exited with ${String(code)}`))))
  })
}

interface Served {
  services: Services
  origin: string
  close(): Promise<void>
}

async function serve(store: Store, clock: Clock, pageCacheMs: number | undefined): Promise<Served> {
  const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost', ...(pageCacheMs === undefined ? {} : { pageCacheMs }) })
  const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: NO_LIMIT, sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { services, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() }
}

/** The dashboards of the bench: (a) the default settings over all checks, (b) all checks on one page, and 10 / 100. */
const DASHBOARDS = {
  a: { header: 'All checks', customUrl: 'all' },
  b: { header: 'All checks, one page', customUrl: 'all-one-page', paginate: false },
  '10': { header: 'Ten checks', customUrl: 'ten', tags: ['first-10'], paginate: false },
  '100': { header: 'A hundred checks', customUrl: 'hundred', tags: ['first-100'], paginate: false },
  '100p': { header: 'A hundred checks, paged', customUrl: 'hundred-paged', tags: ['first-100'] },
} as const
type DashKey = keyof typeof DASHBOARDS
const url = (d: DashKey, window: DashboardWindow, page?: number, part = '') =>
  `/dashboards/${DASHBOARDS[d].customUrl}${part}?window=${window}${page === undefined ? '' : `&page=${page}`}`

let abandon = async (): Promise<void> => undefined

async function run(kind: 'sqlite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-dashboards-'))
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const schema = `bench_dash_${Date.now()}`
  const store = kind === 'sqlite' ? await openStore({ sqliteFile: path.join(dir, 'picket.db') }) : await openStore({ databaseUrl: pgUrl, pgSchema: schema })
  const cleanUp = async () => {
    fs.rmSync(dir, { recursive: true, force: true })
    if (kind !== 'postgres') return
    const c = new pg.Client({ connectionString: pgUrl })
    await c.connect()
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await c.end()
  }
  // Stopped part way (an error, Ctrl-C, a kill), the bench still removes its database.
  abandon = () =>
    store
      .close()
      .catch(() => undefined)
      .then(cleanUp)
  const onSignal = (signal: NodeJS.Signals) => {
    log(kind, `${signal}: removing the bench database`)
    void abandon().finally(() => process.exit(1))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  await migrateToLatest(store)
  resetRandom()
  const clock = new BenchClock()
  const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
  const { accountId } = await services.accounts.createAccount('bench')

  // 1. Seed.
  let t0 = performance.now()
  const checks = await createChecks(services, accountId, CHECKS, EVERY)
  const createSeconds = (performance.now() - t0) / 1000
  log(kind, `${checks.length} checks created in ${round(createSeconds)} s`)
  t0 = performance.now()
  let shown = 0
  const seeded = await seedResults(store, accountId, checks, NOW, DAYS, EVERY, (n) => {
    if (n - shown >= 250_000) log(kind, `${(shown = n)} results stored`)
  })
  const seedSeconds = (performance.now() - t0) / 1000
  log(kind, `${seeded} results in ${round(seedSeconds)} s`)
  t0 = performance.now()
  shown = 0
  const rolled = await rollUpAll(services, (n) => {
    if (n - shown >= 250_000) log(kind, `${(shown = n)} results rolled up`)
  })
  const rollupSeconds = (performance.now() - t0) / 1000
  const rollupRows = Number(
    (
      await store.db
        .selectFrom('analytics_rollups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  log(kind, `${rolled} results rolled up in ${round(rollupSeconds)} s: ${rollupRows} roll-up rows`)
  for (const body of Object.values(DASHBOARDS)) await services.dashboards.create(accountId, { ...body })
  // What autovacuum does soon after a bulk load: planner statistics of the new tables.
  if (kind === 'postgres') await sql`ANALYZE`.execute(store.db)

  clock.start()

  // 2. SQL statements per view and where a cold view's time goes (in process: data, then the HTML).
  const counter = new QueryCounter()
  const counted = buildServices({ store: { ...store, db: store.db.withPlugin(counter) }, clock, publicBaseUrl: 'http://localhost', pageCacheMs: 0 })
  const countedApp = await buildApp({
    services: counted,
    publicBaseUrl: 'http://localhost',
    rateLimit: NO_LIMIT,
    sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT },
  })
  const queryCounts: Array<{ dashboard: DashKey; checksShown: number; window: DashboardWindow; page: number; data: number; status: number }> = []
  for (const d of ['10', '100', '100p', 'a', 'b'] as DashKey[]) {
    for (const window of ['1h', '24h', '7d', '30d'] as DashboardWindow[]) {
      counter.reset()
      // A view that fails (HTTP 500) is counted too: the statements it sent before failing.
      const res = await countedApp.inject({ method: 'GET', url: url(d, window) })
      const page = counter.queries
      counter.reset()
      await countedApp.inject({ method: 'GET', url: url(d, window, 1, '/data') })
      queryCounts.push({ dashboard: d, checksShown: (res.body.match(/data-check-id=/g) ?? []).length, window, page, data: counter.queries, status: res.statusCode })
    }
  }
  await countedApp.close()
  log(kind, 'statements per view', queryCounts.map((q) => `${q.dashboard}/${q.window}: ${q.page}`).join(', '))

  const assets = loadWebAssets()
  const breakdown: Array<Record<string, unknown>> = []
  const plain = buildStores(store)
  for (const d of ['10', '100', 'a', 'b'] as DashKey[]) {
    for (const window of ['24h', '30d'] as DashboardWindow[]) {
      const site = await counted.dashboardPages.find({ customUrl: DASHBOARDS[d].customUrl })
      if (!site) throw new Error(`no dashboard ${d}`)
      const runs: Array<Record<'view' | 'checks' | 'sort' | 'analytics' | 'html' | 'sql' | 'rows' | 'statements' | 'bytes', number>> = []
      let error: string | null = null
      for (let i = 0; i < 3; i++) {
        // The view as the service computes it (statements, rows, time with a statement under way) ...
        counter.reset()
        const t0 = performance.now()
        let data: Awaited<ReturnType<Services['dashboardPages']['data']>> | undefined
        try {
          data = await counted.dashboardPages.data(site, { window, page: '1' })
        } catch (err) {
          error = `${(err as Error).name}: ${(err as Error).message} after ${round(performance.now() - t0, 0)} ms`
        }
        const t1 = performance.now()
        let view = { ms: t1 - t0, sql: counter.sqlMs, rows: counter.rows, statements: counter.queries }
        // ... then its parts alone: the account's checks, statuses and groups; their sort; the page's analytics.
        const t2 = performance.now()
        const [all] = await Promise.all([plain.checks.listAll(accountId), plain.results.listStatuses(accountId), plain.checkGroups.list(accountId)])
        const t3 = performance.now()
        // The checks of its tags, sorted by name (domain/dashboard-display.ts) as the view sorts them.
        const { settings } = site
        const shownChecks = all.filter(
          (c) => c.doc.activated !== false && matchesTags((c.doc.tags as string[] | undefined) ?? [], settings.tags ?? [], settings.useTagsAndOperator === true),
        )
        const ta = performance.now()
        sortForDashboard(
          shownChecks.map((c) => ({ id: c.id, name: String(c.doc.name ?? ''), status: 'passing' })),
          settings.sortByStatus,
        )
        const sortMs = performance.now() - ta
        const now = clock.now()
        // A view that failed has no page of checks: those of its tags stand for it (the failing ones have one page).
        const onPage = data ? data.checks : shownChecks.map((c) => ({ id: c.id, checkType: c.checkType }))
        const t4 = await readCheckSummaries(plain.analytics, onPage, { from: now - DASHBOARD_WINDOWS[window], to: now }).then(
          () => performance.now(),
          () => NaN,
        )
        if (!data) view = { ms: NaN, sql: NaN, rows: NaN, statements: NaN }
        let html = NaN
        let bytes = NaN
        if (data) {
          const t5 = performance.now()
          bytes = Buffer.byteLength(
            renderDashboardPage(presentDashboard(site.settings, data, pathLinks(`/dashboards/${site.settings.customUrl ?? ''}`)), { assetUrl: assets.url, customCss: null }),
          )
          html = performance.now() - t5
        }
        runs.push({ view: view.ms, checks: t3 - t2, sort: sortMs, analytics: t4 - t3 - sortMs, html, sql: view.sql, rows: view.rows, statements: view.statements, bytes })
      }
      const med = (k: keyof (typeof runs)[number]) =>
        round(
          percentile(
            runs.map((r) => r[k]).sort((x, y) => x - y),
            50,
          ),
          1,
        )
      breakdown.push({
        dashboard: d,
        window,
        checksOnPage: d === 'a' ? 15 : d === '10' ? 10 : d === '100' ? 100 : CHECKS,
        viewMs: med('view'),
        sqlMs: med('sql'),
        checksMs: med('checks'),
        sortMs: med('sort'),
        analyticsMs: med('analytics'),
        htmlMs: med('html'),
        rowsRead: med('rows'),
        statements: med('statements'),
        htmlKiB: round(med('bytes') / 1024, 0),
        ...(error ? { error } : {}),
      })
      log(kind, 'breakdown', JSON.stringify(breakdown[breakdown.length - 1]))
    }
  }

  // 3. Over HTTP: time to first byte and to the last byte, cold and warm; then requests per second.
  const cold = await serve(store, clock, 0)
  const warm = await serve(store, clock, undefined)
  const pagesOfA = Math.ceil(CHECKS / 15)
  const coldUrls = (d: DashKey, window: DashboardWindow, part = '') =>
    d === 'a' ? Array.from({ length: pagesOfA }, (_, i) => url(d, window, i + 1, part)) : [url(d, window, undefined, part)]
  const latency: Array<Record<string, unknown>> = []
  const cases: Array<{ d: DashKey; window: DashboardWindow; part?: string }> = [
    { d: 'a', window: '24h' },
    { d: 'a', window: '30d' },
    { d: 'a', window: '24h', part: '/data' },
    { d: 'b', window: '24h' },
    { d: 'b', window: '30d' },
  ]
  for (const c of cases) {
    const part = c.part ?? ''
    type Seq = { ttfb: number[]; total: number[]; bytes: number; errors: number; error: string }
    const coldRun = await client<Seq>({ mode: 'seq', origin: cold.origin, urls: coldUrls(c.d, c.window, part), samples: 30, budgetMs: 60_000, warmup: 1 })
    // Warm: one request fills the cache, then requests for 8 s at most (within the 10 s the view is kept).
    const warmRun = await client<Seq>({ mode: 'seq', origin: warm.origin, urls: [url(c.d, c.window, c.d === 'a' ? 1 : undefined, part)], samples: 300, budgetMs: 8_000, warmup: 1 })
    latency.push({
      dashboard: c.d,
      window: c.window,
      route: part || 'page',
      kiB: round(coldRun.bytes / 1024, 0),
      cold: { ttfb: stat(coldRun.ttfb), total: stat(coldRun.total), errors: coldRun.errors, error: coldRun.error },
      warm: { ttfb: stat(warmRun.ttfb), total: stat(warmRun.total), errors: warmRun.errors, error: warmRun.error },
    })
    log(kind, 'latency', JSON.stringify(latency[latency.length - 1]))
  }

  const throughput: Array<Record<string, unknown>> = []
  for (const c of [
    { d: 'a', window: '24h' },
    { d: 'a', window: '30d' },
    { d: 'b', window: '24h' },
    { d: 'b', window: '30d' },
  ] as Array<{ d: DashKey; window: DashboardWindow }>) {
    for (const mode of ['warm', 'cold'] as const) {
      const served = mode === 'warm' ? warm : cold
      const seq = latency.find((l) => l.dashboard === c.d && l.window === c.window && l.route === 'page') as
        Record<typeof mode, { total: Stat; errors: number; error: string }> | undefined
      if (seq && seq[mode].errors > 0) {
        throughput.push({ dashboard: c.d, window: c.window, mode, skipped: true, error: seq[mode].error })
        continue
      }
      // A cold view that takes seconds would keep 16 connections busy for minutes: its rate is 1 / its time.
      if (mode === 'cold' && seq && seq.cold.total.p50 * CONNECTIONS > 30_000) {
        throughput.push({ dashboard: c.d, window: c.window, mode, skipped: true, rpsFromSequential: round(1000 / seq.cold.total.p50, 2) })
        continue
      }
      const urls = mode === 'cold' ? coldUrls(c.d, c.window) : [url(c.d, c.window, c.d === 'a' ? 1 : undefined)]
      const r = await client<{ requests: number; errors: number; seconds: number; latencies: number[] }>({
        mode: 'load',
        origin: served.origin,
        urls,
        connections: CONNECTIONS,
        seconds: SECONDS,
      })
      throughput.push({
        dashboard: c.d,
        window: c.window,
        mode,
        rps: round(r.requests / r.seconds, 1),
        requests: r.requests,
        errors: r.errors,
        seconds: round(r.seconds, 1),
        latency: stat(r.latencies),
      })
      log(kind, 'throughput', JSON.stringify(throughput[throughput.length - 1]))
    }
  }

  // 4. Full render in Chromium: a fresh browser context (empty cache) per load.
  const browserRuns: Array<Record<string, unknown>> = []
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  })
  try {
    for (const c of [
      { d: 'a', mode: 'cold', loads: LOADS },
      { d: 'a', mode: 'warm', loads: LOADS },
      { d: 'b', mode: 'warm', loads: Math.min(LOADS, 10) },
    ] as const) {
      const served = c.mode === 'warm' ? warm : cold
      const target = `${served.origin}${url(c.d, '24h', c.d === 'a' ? 1 : undefined)}`
      const ttfb: number[] = []
      const fcp: number[] = []
      const load: number[] = []
      for (let i = -1; i < c.loads; i++) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(target, { waitUntil: 'load' })
        await page.waitForFunction(() => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0)
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 5000 }).catch(() => undefined)
        const m = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
          return { ttfb: nav.responseStart, load: nav.loadEventEnd, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null }
        })
        await context.close()
        if (i < 0) continue // the first load warms the server's cache (warm) and the browser process (both)
        ttfb.push(m.ttfb)
        load.push(m.load)
        if (m.fcp !== null) fcp.push(m.fcp)
      }
      browserRuns.push({ dashboard: c.d, window: '24h', mode: c.mode, ttfb: stat(ttfb), fcp: stat(fcp), load: stat(load) })
      log(kind, 'browser', JSON.stringify(browserRuns[browserRuns.length - 1]))
    }
  } finally {
    await browser.close()
  }

  await cold.close()
  await warm.close()
  await store.close()
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  await cleanUp()
  abandon = async () => undefined
  return {
    db: kind,
    seeded: {
      checks: checks.length,
      pending: checks.filter((c) => c.pending).length,
      results: seeded,
      everyMinutes: EVERY,
      days: DAYS,
      createSeconds: round(createSeconds),
      seedSeconds: round(seedSeconds),
      rollupSeconds: round(rollupSeconds),
      rollupRows,
    },
    queryCounts,
    breakdown,
    latency,
    throughput,
    browser: browserRuns,
  }
}

type Result = Awaited<ReturnType<typeof run>>

function markdown(r: Result): string {
  const lines: string[] = []
  const fmt = (s: Stat) => `${s.p50} / ${s.p99}`
  lines.push(
    `### ${r.db}`,
    '',
    '| dashboard | window | route | size | cold TTFB p50 / p99 | cold total p50 / p99 (n) | warm TTFB p50 / p99 | warm total p50 / p99 (n) |',
    '|---|---|---|---|---|---|---|---|',
  )
  type Timed = { ttfb: Stat; total: Stat; errors: number; error: string }
  const n = (t: Timed) => (t.errors > 0 ? `${t.total.n}, ${t.errors === t.total.n ? 'all' : t.errors} ${t.error}` : `${t.total.n}`)
  for (const l of r.latency as Array<{ dashboard: string; window: string; route: string; kiB: number; cold: Timed; warm: Timed }>) {
    lines.push(
      `| ${l.dashboard} | ${l.window} | ${l.route} | ${l.kiB} KiB | ${fmt(l.cold.ttfb)} ms | ${fmt(l.cold.total)} ms (${n(l.cold)}) | ${fmt(l.warm.ttfb)} ms | ${fmt(l.warm.total)} ms (${n(l.warm)}) |`,
    )
  }
  lines.push('', '| dashboard | window | cache | requests/s | latency p50 / p99 under load |', '|---|---|---|---|---|')
  for (const t of r.throughput as Array<Record<string, unknown>>) {
    if (t.error) lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | not loaded: ${String(t.error)} | — |`)
    else if (t.skipped) lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | ≈ ${String(t.rpsFromSequential)} (1 / sequential p50; not loaded) | — |`)
    else lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | ${String(t.rps)} | ${fmt(t.latency as Stat)} ms |`)
  }
  lines.push('', '| dashboard | checks shown | 1h | 24h | 7d | 30d | (data route: 1h / 24h / 7d / 30d) |', '|---|---|---|---|---|---|---|')
  for (const d of ['10', '100', '100p', 'a', 'b']) {
    const q = r.queryCounts.filter((x) => x.dashboard === d)
    const mark = (x: (typeof q)[number]) => `${x.page}${x.status === 200 ? '' : ` (HTTP ${x.status})`}`
    lines.push(`| ${d} | ${Math.max(...q.map((x) => x.checksShown))} | ${q.map(mark).join(' | ')} | ${q.map((x) => x.data).join(' / ')} |`)
  }
  lines.push(
    '',
    '| dashboard | window | checks on page | cold view (data) | SQL under way | checks, statuses, groups | sort by name | analytics of the page | HTML | rows read | statements | HTML size |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  )
  for (const b of r.breakdown) {
    const f = (x: unknown, unit = '') => (typeof x === 'number' && Number.isFinite(x) ? `${x}${unit}` : '—')
    const v = b.error ? `fails: ${String(b.error)}` : f(b.viewMs, ' ms')
    lines.push(
      `| ${String(b.dashboard)} | ${String(b.window)} | ${String(b.checksOnPage)} | ${v} | ${f(b.sqlMs, ' ms')} | ${f(b.checksMs, ' ms')} | ${f(b.sortMs, ' ms')} | ${f(b.analyticsMs, ' ms')} | ${f(b.htmlMs, ' ms')} | ${f(b.rowsRead)} | ${f(b.statements)} | ${f(b.htmlKiB, ' KiB')} |`,
    )
  }
  lines.push('', '| dashboard | window | server cache | TTFB p50 / p99 | FCP p50 / p99 | load p50 / p99 (n) |', '|---|---|---|---|---|---|')
  for (const b of r.browser as Array<{ dashboard: string; window: string; mode: string; ttfb: Stat; fcp: Stat; load: Stat }>) {
    lines.push(`| ${b.dashboard} | ${b.window} | ${b.mode} | ${fmt(b.ttfb)} ms | ${fmt(b.fcp)} ms | ${fmt(b.load)} ms (${b.load.n}) |`)
  }
  return lines.join('\n')
}

const kinds = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres']
const out = { machineAtStart: machine(), machineAtEnd: '', checks: CHECKS, days: DAYS, everyMinutes: EVERY, runs: [] as Result[] }
console.log(`${out.machineAtStart}\n`)
// Each database's figures are printed (and written) as soon as they are known.
for (const kind of kinds) {
  const r = await run(kind).catch(async (err: unknown) => {
    await abandon()
    throw err
  })
  out.runs.push(r)
  out.machineAtEnd = machine()
  if (values.json) fs.writeFileSync(values.json, JSON.stringify(out, null, 2))
  console.log(`${markdown(r)}\n\nseeded: ${JSON.stringify(r.seeded)}\nmachine now: ${out.machineAtEnd}\n`)
}
process.exit(0)
