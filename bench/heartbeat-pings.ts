/**
 * Heartbeat ping throughput against a bare baseline measured in the same run (bench/heartbeat-baseline.ts: a
 * `node:http` server storing one row per request durably in the same database with the same settings). Picket runs
 * in this process (the API with its ping route, the deadline scanner every second as in the service) on the
 * embedded SQLite file or on a scratch PostgreSQL database; `--checks` heartbeat checks are pinged at random over
 * `--connections` keep-alive connections by a load generator in another process (GET, plus a share of POSTs with a
 * body). Each round measures the baseline, then Picket, with the same generator. Reports pings accepted per second,
 * latency percentiles, server CPU per ping (and PostgreSQL's), Picket's rate as a ratio of the baseline's, and that every accepted
 * ping was stored. Usage: npx tsx bench/heartbeat-pings.ts [--store sqlite|pg] [--checks 1000] [--connections 64]
 * [--seconds 20] [--warmup 3] [--post 0.1] [--rounds 1] [--sync full|normal] [--pg postgres://…] [--profile picket.cpuprofile].
 * `--sync` is SQLite's synchronous level for both servers: `full` (the default, a commit is on disk before its answer)
 * or `normal` (a commit survives a crash of the process, not of the machine).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { systemClock } from '../src/lib/clock.js'
import { createSecretBox } from '../src/lib/secret-box.js'
import { openStore, type SqliteSynchronous, type Store } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import { createScratchDatabase } from '../test/helpers/scratch-database.js'
import { postgresBaseline, sqliteBaseline, type Baseline } from './heartbeat-baseline.js'
import { machine, percentile, round } from './lib.js'
import { cpuMeter } from './proc-cpu.js'

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    checks: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    post: { type: 'string', default: '0.1' },
    rounds: { type: 'string', default: '1' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    profile: { type: 'string' },
    sync: { type: 'string', default: 'full' },
  },
})
const N = Number(values.checks)
const POOL = 10
const onPg = values.store === 'pg'
const sync: SqliteSynchronous = values.sync === 'normal' ? 'normal' : 'full'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-bench-'))
const scratch = onPg ? await createScratchDatabase(values.pg, 'bench_hb') : undefined
const bareScratch = onPg ? await createScratchDatabase(values.pg, 'bench_hb_bare') : undefined
// Ping tokens are sealed in check documents (and digested for the lookup), as in the service.
const store: Store = await openStore({
  ...(scratch ? { databaseUrl: scratch.url, pgPoolSize: POOL } : { sqliteFile: path.join(dir, 'picket.db'), sqliteSynchronous: sync }),
  secrets: createSecretBox({ current: randomBytes(32) }),
})
await migrateToLatest(store)
const synchronousCommit = onPg ? ((await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(store.db)).rows[0]?.synchronous_commit ?? 'on') : undefined
const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
const { accountId } = await services.accounts.createAccount('bench')
const paths: string[] = []
for (let i = 0; i < N; i++) {
  const check = await services.checks.create(
    accountId,
    'heartbeat',
    { name: `job ${i}`, script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' } },
    { autoAssignAlerts: false },
  )
  paths.push(new URL(String((check.heartbeat as Record<string, unknown>).pingUrl)).pathname)
}
const pathsFile = path.join(dir, 'paths.json')
fs.writeFileSync(pathsFile, JSON.stringify(paths))

interface LoadOutput {
  latencies: number[]
  statuses: Record<string, number>
  errors: number
  seconds: number
}

/** Runs the load generator against `base`; measures this process's CPU and `stored()` over the measured window. */
async function load(base: string, stored: () => Promise<number>) {
  let mark: { cpu: NodeJS.CpuUsage; stored: number; at: number } | undefined
  // PostgreSQL's backends run beside this process on the same cores: their CPU is part of what a ping costs.
  const database = cpuMeter({}, onPg ? ['postgres'] : [])
  const timer = setTimeout(
    () =>
      void stored().then((n) => {
        database.start()
        mark = { cpu: process.cpuUsage(), stored: n, at: performance.now() }
      }),
    Number(values.warmup) * 1000,
  )
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'heartbeat-load.mjs'), base, pathsFile, values.connections, values.seconds, values.warmup, values.post], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise((resolve) => child.once('exit', resolve))
  clearTimeout(timer)
  const cpu = mark ? process.cpuUsage(mark.cpu) : undefined
  const databaseSeconds = database.stop()['postgres'] ?? 0
  const storedInWindow = mark ? (await stored()) - mark.stored : 0
  const out = JSON.parse(output) as LoadOutput
  const sorted = out.latencies.sort((a, b) => a - b)
  const accepted = out.statuses['200'] ?? 0
  const cpuMsPerPing = cpu && storedInWindow > 0 ? (cpu.user + cpu.system) / 1000 / storedInWindow : NaN
  return {
    pingsAccepted: accepted,
    pingsPerSecond: round(accepted / out.seconds),
    statuses: out.statuses,
    errors: out.errors,
    latencyMs: {
      p50: round(percentile(sorted, 50), 2),
      p90: round(percentile(sorted, 90), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(sorted[sorted.length - 1] ?? NaN, 2),
    },
    serverCpuMsPerPing: round(cpuMsPerPing, 3),
    ...(onPg ? { databaseCpuMsPerPing: round(storedInWindow > 0 ? (databaseSeconds * 1000) / storedInWindow : NaN, 3) } : {}),
  }
}

async function measureBaseline(round: number) {
  const bare: Baseline = bareScratch ? await postgresBaseline(bareScratch.url, POOL, synchronousCommit ?? 'on') : await sqliteBaseline(path.join(dir, `bare-${round}.db`), sync)
  const before = await bare.count()
  const figures = await load(bare.url, () => bare.count())
  const stored = (await bare.count()) - before
  await bare.close()
  return { ...figures, storedDuringRun: stored }
}

const countResults = async () =>
  Number(
    (
      await store.db
        .selectFrom('check_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Starts a CPU profile of this process (Picket's side only); the returned function writes it to a .cpuprofile file. */
async function startProfile() {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop')
    fs.writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
  }
}

async function measurePicket() {
  const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: { max: 600, windowMs: 60_000 } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const scanner = setInterval(() => void services.heartbeats.checkDeadlines(), 1000)
  const before = await countResults()
  const profiler = values.profile ? await startProfile() : undefined
  const figures = await load(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, countResults)
  if (profiler && values.profile) await profiler(values.profile)
  clearInterval(scanner)
  await services.heartbeats.drain()
  await app.close()
  // Every ping answered 200 with `recorded` wrote one FINAL result before its answer.
  return { ...figures, resultsStoredDuringRun: (await countResults()) - before }
}

const rounds = []
for (let r = 0; r < Number(values.rounds); r++) {
  const baseline = await measureBaseline(r)
  const picket = await measurePicket()
  rounds.push({ baseline, picket, ratio: round(picket.pingsPerSecond / baseline.pingsPerSecond, 2) })
}
const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b)
console.log(
  JSON.stringify(
    {
      machine: machine(),
      store: onPg ? `postgresql, pool ${POOL}, synchronous_commit=${synchronousCommit}` : `sqlite (embedded default), WAL, synchronous=${sync.toUpperCase()}`,
      checks: N,
      connections: Number(values.connections),
      postShare: Number(values.post),
      windowSeconds: Number(values.seconds),
      rounds,
      medianRatio: ratios[Math.floor(ratios.length / 2)],
    },
    null,
    2,
  ),
)
await store.close()
await scratch?.drop()
await bareScratch?.drop()
fs.rmSync(dir, { recursive: true, force: true })
process.exit(0)
