/**
 * In process, for bench/dashboard-pages.ts: the SQL statements each dashboard view sends (a Kysely plugin counts
 * them) for 10, 100 and all checks, and where the time of a cold view goes (the account's checks, the sort, the
 * analytics of the page's checks, the HTML), every view computed (page cache off).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import type { Clock } from '../src/lib/clock.js'
import type { Store } from '../src/store/db.js'
import { buildServices, type Services } from '../src/services/index.js'
import { buildStores } from '../src/store/all-stores.js'
import { buildApp } from '../src/api/build-app.js'
import { DASHBOARD_WINDOWS, matchesTags, sortForDashboard, type DashboardWindow } from '../src/domain/dashboard-display.js'
import { presentDashboard } from '../src/web/dashboards/presenter.js'
import { renderDashboardPage } from '../src/web/dashboards/view.js'
import { pathLinks } from '../src/web/site-links.js'
import { loadWebAssets } from '../src/web/assets.js'
import { readCheckSummaries } from '../src/services/analytics/summaries.js'
import { percentile, round } from './lib.js'
import { DASHBOARDS, log, NO_LIMIT, url, type DashKey } from './dashboard-pages-site.js'
import type { QueryCount } from './dashboard-pages-report.js'

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

/** The account's seeded checks and the clock, already running from NOW. */
export interface StatementsBench {
  kind: 'sqlite' | 'postgres'
  store: Store
  clock: Clock
  accountId: string
  /** The number of seeded checks: all of them are on dashboard b's one page. */
  checks: number
}

export async function measureStatements(bench: StatementsBench): Promise<{ queryCounts: QueryCount[]; breakdown: Array<Record<string, unknown>> }> {
  const { kind, store, clock } = bench
  const counter = new QueryCounter()
  const counted = buildServices({ store: { ...store, db: store.db.withPlugin(counter) }, clock, publicBaseUrl: 'http://localhost', pageCacheMs: 0 })
  const countedApp = await buildApp({
    services: counted,
    publicBaseUrl: 'http://localhost',
    rateLimit: NO_LIMIT,
    sites: { dashboardDomain: null, statusPageDomain: null, rateLimit: NO_LIMIT },
  })
  const queryCounts: QueryCount[] = []
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
  return { queryCounts, breakdown: await breakDownColdViews(bench, counter, counted) }
}

/** Each cold view three times, the median of each part. */
async function breakDownColdViews(bench: StatementsBench, counter: QueryCounter, counted: Services): Promise<Array<Record<string, unknown>>> {
  const { kind, store, clock, accountId } = bench
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
        checksOnPage: d === 'a' ? 15 : d === '10' ? 10 : d === '100' ? 100 : bench.checks,
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
  return breakdown
}
