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
 * This file seeds and runs each database and prints the figures; the measurements are dashboard-pages-statements.ts,
 * dashboard-pages-http.ts and dashboard-pages-browser.ts, the site they measure dashboard-pages-site.ts, the tables
 * dashboard-pages-report.ts.
 *
 * Usage: npx tsx bench/dashboard-pages.ts [--db sqlite|postgres|both] [--checks 1000] [--days 30] [--every 60]
 *        [--seconds 10] [--connections 16] [--loads 30] [--json out.json]
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of its own.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import pg from 'pg'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { machine, round } from './lib.js'
import { createChecks, resetRandom, rollUpAll, seedResults } from './dashboard-pages-seed.js'
import { BenchClock, DASHBOARDS, log, NOW, serve } from './dashboard-pages-site.js'
import { measureStatements } from './dashboard-pages-statements.js'
import { measureLatency, measureThroughput } from './dashboard-pages-http.js'
import { measureBrowser } from './dashboard-pages-browser.js'
import { markdown, type BenchRun } from './dashboard-pages-report.js'

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

let abandon = async (): Promise<void> => undefined

async function run(kind: 'sqlite' | 'postgres'): Promise<BenchRun> {
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
  const { queryCounts, breakdown } = await measureStatements({ kind, store, clock, accountId, checks: CHECKS })

  // 3. Over HTTP: time to first byte and to the last byte, cold and warm; then requests per second.
  const cold = await serve(store, clock, 0)
  const warm = await serve(store, clock, undefined)
  const latency = await measureLatency({ kind, cold, warm, checks: CHECKS })
  const throughput = await measureThroughput({ kind, cold, warm, checks: CHECKS }, latency, { connections: CONNECTIONS, seconds: SECONDS })

  // 4. Full render in Chromium: a fresh browser context (empty cache) per load.
  const browserRuns = await measureBrowser(kind, cold, warm, LOADS)

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

const kinds = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres']
const out = { machineAtStart: machine(), machineAtEnd: '', checks: CHECKS, days: DAYS, everyMinutes: EVERY, runs: [] as BenchRun[] }
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
