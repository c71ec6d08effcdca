/**
 * API check runs per second of whole Picket instances (`src/main/server.ts` with ROLES=engine, as deployed), on the
 * embedded SQLite default or on PostgreSQL with 1, 2, 3… instances sharing one database, against a bare
 * fresh-connection undici loop to the same local target measured in the same run (the ceiling of this machine for
 * a request that opens its own connection, as every monitor run does).
 *
 * Each scenario: a fresh database (a scratch PostgreSQL database, or a new SQLite file), `rate × every` API checks
 * every `every` seconds, the instances started, `warmup` seconds, then a `seconds` window in which results are
 * counted from the database: runs/s, start delay percentiles (start minus slot), failing runs, duplicate runs (two
 * results for one check slot), and the CPU seconds of each process (instances, target, PostgreSQL).
 *
 * Overload (`--overload`, on by default): each scenario runs at `rate` and again at twice `rate` (take a rate at the
 * capacity of one instance): runs/s at 2x offered as a ratio of runs/s at `rate` (the goal: at least 0.9, throughput
 * holds instead of collapsing as the backlog grows), with the runs skipped as stale (run_skips, when the table is
 * there), the start delay and the PostgreSQL CPU of each.
 *
 * Usage: npx tsx bench/scale-out.ts [--scenarios sqlite:1,pg:1,pg:2,pg:3] [--rate 1000] [--every 10]
 * [--seconds 60] [--warmup 20] [--baseline-seconds 15] [--overload true|false]
 * [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { Agent, request } from 'undici'
import { systemClock } from '../src/lib/clock.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { createScratchDatabase } from '../test/helpers/scratch-database.js'
import { startServer, type RunningServer } from '../test/helpers/process.js'
import { machine, percentile, round, sleep, startTarget } from './lib.js'
import { cpuMeter } from './proc-cpu.js'

const { values } = parseArgs({
  options: {
    scenarios: { type: 'string', default: 'sqlite:1,pg:1,pg:2,pg:3' },
    rate: { type: 'string', default: '1000' },
    every: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '20' },
    'baseline-seconds': { type: 'string', default: '15' },
    'baseline-concurrency': { type: 'string', default: '32' },
    overload: { type: 'string', default: 'true' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const RATE = Number(values.rate)
const EVERY = Number(values.every)
const SECONDS = Number(values.seconds)
const WARMUP = Number(values.warmup)
const target = await startTarget()

/** The ceiling: fresh-connection requests to the same target, `concurrency` in flight, for `seconds`. */
async function bareUndici(seconds: number, concurrency: number) {
  const url = `${target.url}/bare`
  const until = Date.now() + seconds * 1000
  let done = 0
  const meter = cpuMeter({ bench: process.pid, target: target.child.pid ?? 0 })
  meter.start()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const agent = new Agent({ pipelining: 0 })
        const res = await request(url, { dispatcher: agent, headers: { connection: 'close' } })
        await res.body.json()
        await agent.close()
        done++
      }
    }),
  )
  return { concurrency, requestsPerSecond: round(done / ((performance.now() - started) / 1000)), cpuSeconds: meter.stop() }
}

/** Stale slots skipped instead of run late in the window (run_skips); null where this version has no such table. */
async function skipsBetween(store: Awaited<ReturnType<typeof openStore>>, from: number, to: number): Promise<number | null> {
  try {
    const r = await sql<{ n: number }>`select count(*) as n from run_skips where skipped_at >= ${from} and skipped_at < ${to}`.execute(store.db)
    return Number(r.rows[0]?.n ?? 0)
  } catch {
    return null
  }
}

/**
 * With BENCH_CPU_PROFILE set, each instance loads cpu-profile.mjs and, from a SIGUSR2 sent to it, records a CPU
 * profile to that file (the last instance to stop writes it).
 */
const profiling = (): Record<string, string> =>
  process.env.BENCH_CPU_PROFILE ? { NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`, BENCH_CPU_PROFILE: process.env.BENCH_CPU_PROFILE } : {}

async function scenario(storeKind: 'sqlite' | 'pg', instances: number, rate: number) {
  const scratch = storeKind === 'pg' ? await createScratchDatabase(values.pg, 'bench_scale') : undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-scale-'))
  const store = await openStore(scratch ? { databaseUrl: scratch.url } : { sqliteFile: path.join(dataDir, 'picket.db') })
  await migrateToLatest(store)
  const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
  const { accountId } = await services.accounts.createAccount('bench')
  const checks = rate * EVERY
  const frequency = EVERY < 60 ? { frequency: 0, frequencyOffset: EVERY } : { frequency: EVERY / 60 }
  for (let i = 0; i < checks; i++) {
    await services.checks.create(accountId, 'api', { name: `bench ${i}`, doubleCheck: false, ...frequency, request: { url: `${target.url}/c/${i}` } }, { autoAssignAlerts: false })
  }
  // Creating the checks takes a while (longer on PostgreSQL); without this the instances would start with every
  // check created early already overdue. Each check keeps its phase in the interval, from the next boundary on.
  const intervalMs = EVERY * 1000
  const base = Math.ceil((Date.now() + 5_000) / intervalMs) * intervalMs
  await sql`update check_schedules set next_due_at = ${base} + next_due_at % ${intervalMs}`.execute(store.db)
  const env: Record<string, string> = { ROLES: 'engine', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...profiling() }
  const servers: RunningServer[] = []
  for (let i = 0; i < instances; i++) servers.push(await startServer(env))
  await sleep(WARMUP * 1000)
  const meter = cpuMeter(
    { ...Object.fromEntries(servers.map((s, i) => [`instance${i + 1}`, s.child.pid ?? 0])), target: target.child.pid ?? 0 },
    storeKind === 'pg' ? ['postgres'] : [],
  )
  const from = Date.now()
  meter.start()
  await sleep(SECONDS * 1000)
  const cpuSeconds = meter.stop()
  const to = Date.now()
  await Promise.all(servers.map((s) => s.stop()))
  const rows = await store.db
    .selectFrom('check_results')
    .select(['check_id', 'started_at', 'scheduled_at', 'status', 'error_message'])
    .where('result_type', '=', 'FINAL')
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .execute()
  const slots = new Set(rows.map((r) => `${r.check_id}@${String(r.scheduled_at)}`))
  const skips = await skipsBetween(store, from, to)
  const errors: Record<string, number> = {}
  for (const r of rows) if (r.status !== 'passing') errors[String(r.error_message).slice(0, 120)] = (errors[String(r.error_message).slice(0, 120)] ?? 0) + 1
  const delays = rows.map((r) => Number(r.started_at) - Number(r.scheduled_at)).sort((a, b) => a - b)
  await store.close()
  await scratch?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  return {
    store: storeKind,
    instances,
    checks,
    everySeconds: EVERY,
    windowSeconds: SECONDS,
    runsPerSecond: round(rows.length / SECONDS),
    expectedPerSecond: rate,
    skipped: skips,
    startDelayMs: { p50: percentile(delays, 50), p95: percentile(delays, 95), p99: percentile(delays, 99), max: delays.at(-1) ?? NaN },
    failing: rows.filter((r) => r.status !== 'passing').length,
    errors,
    duplicateRuns: rows.length - slots.size,
    cpuSeconds,
  }
}

const baseline = await bareUndici(Number(values['baseline-seconds']), Number(values['baseline-concurrency']))
console.error(JSON.stringify({ baseline }))
const results = []
for (const spec of values.scenarios.split(',')) {
  const [kind, n] = spec.split(':')
  if (kind !== 'sqlite' && kind !== 'pg') throw new Error(`scenario ${spec}: expected sqlite:N or pg:N`)
  const r = await scenario(kind, Number(n ?? 1), RATE)
  console.error(JSON.stringify(r))
  const atRate = { ...r, ofBareUndici: round(r.runsPerSecond / baseline.requestsPerSecond, 2) }
  if (values.overload !== 'true') {
    results.push(atRate)
    continue
  }
  const twice = await scenario(kind, Number(n ?? 1), RATE * 2)
  console.error(JSON.stringify(twice))
  results.push({
    store: kind,
    instances: Number(n ?? 1),
    atRate,
    atTwiceRate: { ...twice, ofBareUndici: round(twice.runsPerSecond / baseline.requestsPerSecond, 2) },
    // Throughput offered twice the rate, as a share of throughput at the rate: 1 holds, below 0.9 collapses.
    overloadRatio: round(twice.runsPerSecond / r.runsPerSecond, 2),
  })
}
console.log(JSON.stringify({ machine: machine(), rate: RATE, baseline, results }, null, 2))
target.child.kill('SIGTERM')
process.exit(0)
