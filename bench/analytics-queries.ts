/**
 * Analytics query speed and storage. Seeds 30 days of final results of one API check that runs every
 * 10 s from two locations (518,400 results), rolls them up, then times queries through the HTTP layer
 * (app.inject): responseTime_p95,responseTime_avg,availability over last30Days by the hour, the same grouped by
 * location, and windows of 1, 7 and 30 days; then adds 99 more checks (1 day each, every minute, two locations) and
 * times the first check again and all 100 in turn. Reports medians of 20, roll-up throughput and bytes per result.
 *
 * Usage: npx tsx bench/analytics-queries.ts [--db sqlite|postgres|both] [--days 30] [--repeat 20]
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), in a schema of its own.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import pg from 'pg'
import { FakeClock } from '../src/lib/clock.js'
import { openStore, type Store } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildStores } from '../src/store/all-stores.js'
import { buildServices } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import type { CheckResultRow } from '../src/store/run-rows.js'
import { machine, percentile, round } from './lib.js'

const { values } = parseArgs({ options: { db: { type: 'string', default: 'both' }, days: { type: 'string', default: '30' }, repeat: { type: 'string', default: '20' } } })
const DAYS = Number(values.days)
const REPEAT = Number(values.repeat)
const DAY = 86_400_000
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0)
const LOCATIONS = ['us-east-1', 'eu-west-1']

/** A deterministic pseudo-random source, so every run seeds the same data. */
let state = 42
const rnd = () => ((state = (state * 1103515245 + 12345) % 2 ** 31), state / 2 ** 31)
const logNormal = (mu: number, sigma: number) => Math.exp(mu + sigma * Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd()))

function result(accountId: string, checkId: string, location: string, startedAt: number): CheckResultRow {
  const phases = {
    wait: round(rnd() * 2, 2),
    dns: round(logNormal(1, 0.5), 2),
    tcp: round(logNormal(2.5, 0.4), 2),
    tls: 0,
    firstByte: round(logNormal(4, 0.6), 2),
    download: round(logNormal(1, 0.8), 2),
  }
  const total = round(
    Object.values(phases).reduce((a, b) => a + b, 0),
    2,
  )
  const failing = rnd() < 0.01
  const status = failing ? 'failing' : total > 200 ? 'degraded' : 'passing'
  const metrics = { responseTime: total, wait: phases.wait, dns: phases.dns, tcp: phases.tcp, firstByte: phases.firstByte, download: phases.download }
  return {
    id: crypto.randomUUID(),
    account_id: accountId,
    check_id: checkId,
    check_type: 'API',
    sequence_id: crypto.randomUUID(),
    run_job_id: crypto.randomUUID(),
    attempt: failing ? 2 : 1,
    result_type: 'FINAL',
    location,
    status,
    has_failures: failing ? 1 : 0,
    has_errors: 0,
    is_degraded: status === 'degraded' ? 1 : 0,
    over_max_response_time: 0,
    response_time: total,
    error_kind: failing ? 'NETWORK' : null,
    error_message: failing ? 'connect ECONNREFUSED 10.0.0.1:443' : null,
    status_code: failing ? null : 200,
    scheduled_at: startedAt,
    started_at: startedAt,
    stopped_at: startedAt + Math.round(total),
    trigger: 'SCHEDULER',
    session_id: null,
    doc: JSON.stringify({
      assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', actual: 200, passed: true }],
      timingPhases: { ...phases, total },
      details: { response: { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body: '{"ok":true}' } },
      jobLog: [],
    }),
    metrics: JSON.stringify(metrics),
    created_at: startedAt + 1000,
  }
}

async function seed(store: Store, accountId: string, checkId: string, days: number, everyMs: number): Promise<number> {
  const stores = buildStores(store)
  let batch: CheckResultRow[] = []
  let n = 0
  for (let t = NOW - days * DAY; t < NOW - 120_000; t += everyMs) {
    for (const location of LOCATIONS) batch.push(result(accountId, checkId, location, t + (location === LOCATIONS[0] ? 0 : 5000)))
    if (batch.length >= 5000) {
      const rows = batch
      await store.db.transaction().execute((trx) => buildStores({ db: trx, dialect: store.dialect }).results.insertMany(rows))
      n += rows.length
      batch = []
    }
  }
  await stores.results.insertMany(batch)
  return n + batch.length
}

async function timeQuery(app: Awaited<ReturnType<typeof buildApp>>, headers: Record<string, string>, url: string): Promise<{ median: number; p90: number }> {
  const times: number[] = []
  for (let i = 0; i < REPEAT + 2; i++) {
    const t0 = performance.now()
    const res = await app.inject({ method: 'GET', url, headers })
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    if (i >= 2) times.push(performance.now() - t0) // two warm-up queries
  }
  times.sort((a, b) => a - b)
  return { median: round(percentile(times, 50), 1), p90: round(percentile(times, 90), 1) }
}

async function tableBytes(store: Store, table: string): Promise<number> {
  if (store.dialect === 'postgres') {
    const r = await sql<{ n: string }>`select pg_total_relation_size(${table}::regclass) as n`.execute(store.db)
    return Number(r.rows[0]?.n ?? 0)
  }
  const r = await sql<{
    n: number
  }>`select sum(pgsize) as n from dbstat where name = ${table} or name in (select name from sqlite_master where tbl_name = ${table} and type = 'index')`.execute(store.db)
  return Number(r.rows[0]?.n ?? 0)
}

async function run(kind: 'sqlite' | 'postgres') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-analytics-'))
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const schema = `bench_${Date.now()}`
  const store = kind === 'sqlite' ? await openStore({ sqliteFile: path.join(dir, 'picket.db') }) : await openStore({ databaseUrl: pgUrl, pgSchema: schema })
  await migrateToLatest(store)
  const clock = new FakeClock(NOW)
  const services = buildServices({ store, clock, publicBaseUrl: 'http://localhost' })
  const { accountId, apiKey } = await services.accounts.createAccount('bench')
  const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: { max: 1e9, windowMs: 60_000 } })
  const headers = { authorization: `Bearer ${apiKey}`, 'x-service-account': accountId }
  const create = async (name: string) =>
    (await services.checks.create(accountId, 'api', { name, activated: false, request: { url: 'https://example.test' } }, { autoAssignAlerts: false })).id as string
  const first = await create('main')

  let t0 = performance.now()
  const seeded = await seed(store, accountId, first, DAYS, 10_000)
  const seedSeconds = (performance.now() - t0) / 1000
  t0 = performance.now()
  let rolled = 0
  for (let n = -1; n !== 0; rolled += n) n = await services.analyticsRollup.rollUp(1000)
  const rollupSeconds = (performance.now() - t0) / 1000

  const q = (id: string, extra: string) => `/v1/analytics/api-checks/${id}?metrics=responseTime_p95,responseTime_avg,availability${extra}`
  const queries = {
    last30DaysHourly: await timeQuery(app, headers, q(first, '&quickRange=last30Days&aggregationInterval=60')),
    last30DaysHourlyByLocation: await timeQuery(app, headers, q(first, '&quickRange=last30Days&aggregationInterval=60&groupBy=runLocation')),
    last24HoursHourly: await timeQuery(app, headers, q(first, '&quickRange=last24Hours&aggregationInterval=60')),
    last7DaysHourly: await timeQuery(app, headers, q(first, '&quickRange=last7Days&aggregationInterval=60')),
    last30DaysWhole: await timeQuery(app, headers, q(first, '&quickRange=last30Days')),
    last30Days5Minutes: await timeQuery(app, headers, q(first, '&quickRange=last30Days&aggregationInterval=5')),
    last24HoursRawPage: await timeQuery(app, headers, `/v1/analytics/api-checks/${first}?metrics=responseTime,dns&quickRange=last24Hours&limit=100&page=50`),
  }
  const resultBytes = await tableBytes(store, 'check_results')
  const rollupBytes = await tableBytes(store, 'analytics_rollups')
  const rollupRows = Number(
    (
      await store.db
        .selectFrom('analytics_rollups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

  // 99 more checks, one day each at one run a minute from two locations.
  const others: string[] = []
  for (let i = 0; i < 99; i++) {
    const id = await create(`other ${i}`)
    others.push(id)
    await seed(store, accountId, id, 1, 60_000)
  }
  for (let n = -1; n !== 0;) n = await services.analyticsRollup.rollUp(1000)
  const with100 = await timeQuery(app, headers, q(first, '&quickRange=last30Days&aggregationInterval=60'))
  t0 = performance.now()
  for (const id of [first, ...others]) {
    const res = await app.inject({ method: 'GET', url: q(id, '&quickRange=last24Hours&aggregationInterval=60'), headers })
    if (res.statusCode !== 200) throw new Error(res.body)
  }
  const all100Ms = performance.now() - t0

  await app.close()
  await store.close()
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: pgUrl })
    await c.connect()
    await c.query(`DROP SCHEMA "${schema}" CASCADE`)
    await c.end()
  }
  fs.rmSync(dir, { recursive: true, force: true })
  return {
    db: kind,
    results: seeded,
    seedSeconds: round(seedSeconds),
    rollup: { results: rolled, seconds: round(rollupSeconds), perSecond: round(rolled / rollupSeconds, 0), rows: rollupRows },
    queryMs: queries,
    oneCheckWith100ChecksStored: with100,
    all100ChecksLast24HoursMs: round(all100Ms, 0),
    bytesPerResult: { resultRow: round(resultBytes / seeded, 0), rollups: round(rollupBytes / seeded, 1) },
  }
}

const kinds = values.db === 'both' ? (['sqlite', 'postgres'] as const) : [values.db as 'sqlite' | 'postgres']
const out = { machine: machine(), days: DAYS, repeat: REPEAT, runs: [] as unknown[] }
for (const kind of kinds) out.runs.push(await run(kind))
out.machine = machine()
console.log(JSON.stringify(out, null, 2))
process.exit(0)
