/**
 * Heartbeat ping throughput on the embedded default (SQLite file, one server process): `--checks` heartbeat checks
 * pinged at random over `--connections` keep-alive connections from a load generator in another process (GET, plus
 * a share of POSTs with a body), with the deadline scanner running every second as in the service. Reports pings
 * accepted per second, latency percentiles, and checks that every accepted ping was stored. Usage:
 * npx tsx bench/heartbeat-pings.ts [--checks 1000] [--connections 64] [--seconds 20] [--warmup 3] [--post 0.1]
 * [--wal-autocheckpoint PAGES] (the last tries an SQLite setting other than the store's own)
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import { systemClock } from '../src/lib/clock.js'
import { createSecretBox } from '../src/lib/secret-box.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { buildApp } from '../src/api/build-app.js'
import { machine, percentile, round } from './lib.js'

const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    post: { type: 'string', default: '0.1' },
    'wal-autocheckpoint': { type: 'string' },
  },
})
const N = Number(values.checks)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-bench-'))
// Ping tokens are sealed in check documents (and digested for the lookup), as in the service.
const store = await openStore({ sqliteFile: path.join(dir, 'picket.db'), secrets: createSecretBox({ current: randomBytes(32) }) })
await migrateToLatest(store)
if (values['wal-autocheckpoint']) await sql.raw(`pragma wal_autocheckpoint = ${Number(values['wal-autocheckpoint'])}`).execute(store.db)
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
const app = await buildApp({ services, publicBaseUrl: 'http://localhost', rateLimit: { max: 600, windowMs: 60_000 } })
await app.listen({ port: 0, host: '127.0.0.1' })
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const scanner = setInterval(() => void services.heartbeats.checkDeadlines(), 1000)

const countResults = async () =>
  Number(
    (
      await store.db
        .selectFrom('check_results')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const resultsBefore = await countResults()
// The server's own CPU time per ping over the measured window: a figure that holds when other work shares the cores.
let cpuMark: { cpu: NodeJS.CpuUsage; results: number; at: number } | undefined
setTimeout(() => void countResults().then((results) => (cpuMark = { cpu: process.cpuUsage(), results, at: performance.now() })), Number(values.warmup) * 1000)
const rss: number[] = []
const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 500)
const pathsFile = path.join(dir, 'paths.json')
fs.writeFileSync(pathsFile, JSON.stringify(paths))
const child = spawn(process.execPath, [path.join(import.meta.dirname, 'heartbeat-load.mjs'), base, pathsFile, values.connections, values.seconds, values.warmup, values.post], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let output = ''
child.stdout.on('data', (d: Buffer) => (output += d.toString()))
await new Promise((resolve) => child.once('exit', resolve))
const cpu = cpuMark ? process.cpuUsage(cpuMark.cpu) : undefined
const measuredResults = cpuMark ? (await countResults()) - cpuMark.results : 0
const measuredSeconds = cpuMark ? (performance.now() - cpuMark.at) / 1000 : 0
clearInterval(sampler)
clearInterval(scanner)
await services.heartbeats.drain()
await app.close()

const load = JSON.parse(output) as { latencies: number[]; statuses: Record<string, number>; errors: number; seconds: number }
const sorted = load.latencies.sort((a, b) => a - b)
const stored = (await countResults()) - resultsBefore
const cpuMsPerPing = cpu && measuredResults > 0 ? (cpu.user + cpu.system) / 1000 / measuredResults : NaN
console.log(
  JSON.stringify(
    {
      machine: machine(),
      store: `sqlite (embedded default), WAL${values['wal-autocheckpoint'] ? `, wal_autocheckpoint=${values['wal-autocheckpoint']}` : ''}`,
      checks: N,
      connections: Number(values.connections),
      postShare: Number(values.post),
      windowSeconds: load.seconds,
      pingsAccepted: load.statuses['200'] ?? 0,
      pingsPerSecond: round((load.statuses['200'] ?? 0) / load.seconds),
      statuses: load.statuses,
      errors: load.errors,
      latencyMs: {
        p50: round(percentile(sorted, 50), 2),
        p90: round(percentile(sorted, 90), 2),
        p99: round(percentile(sorted, 99), 2),
        max: round(sorted[sorted.length - 1] ?? NaN, 2),
      },
      resultsStoredDuringRun: stored,
      serverCpu: {
        share: round((cpu ? (cpu.user + cpu.system) / 1e6 : NaN) / measuredSeconds, 2),
        msPerPing: round(cpuMsPerPing, 3),
        pingsPerCpuSecond: round(1000 / cpuMsPerPing),
      },
      rssMb: { max: round(Math.max(...rss) / 2 ** 20) },
    },
    null,
    2,
  ),
)
await store.close()
fs.rmSync(dir, { recursive: true, force: true })
process.exit(0)
