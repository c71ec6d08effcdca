/**
 * Engine throughput on the embedded default (SQLite file, one process): N API checks every `--every` seconds
 * against a local HTTP target in another process. Reports sustained runs/s, how late runs start relative to their
 * slot (p50/p99/max), resident memory and the process's CPU time per run. Usage: npx tsx bench/engine-throughput.ts
 * [--checks 10000] [--every 10] [--seconds 60] [--warmup 20] [--analytics on|off]. With --analytics off the
 * analytics roll-up job does not run and the index it reads results by is dropped: the baseline of what the
 * analytics path costs the engine (each result's metric values are still written, a column of ~100 bytes).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { systemClock } from '../src/lib/clock.js'
import { newId } from '../src/lib/ids.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildStores, transactor } from '../src/store/all-stores.js'
import { buildServices } from '../src/services/index.js'
import { startEngine } from '../src/engine/index.js'
import { DEFAULT_TUNING } from '../src/engine/engine-deps.js'
import { buildRunners } from '../src/runners/index.js'
import { createChildProcessSandbox } from '../src/runners/sandbox/index.js'
import { machine, percentile, round, sleep, startTarget } from './lib.js'

const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '10000' },
    every: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '256' },
    analytics: { type: 'string', default: 'on' },
  },
})
const N = Number(values.checks)
const EVERY = Number(values.every)
const SECONDS = Number(values.seconds)
const WARMUP = Number(values.warmup)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-bench-'))
const store = await openStore({ sqliteFile: path.join(dir, 'picket.db') })
await migrateToLatest(store)
const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
const { accountId } = await services.accounts.createAccount('bench')
const target = await startTarget()

const created = Date.now()
const frequency = EVERY < 60 ? { frequency: 0, frequencyOffset: EVERY } : { frequency: EVERY / 60 }
for (let i = 0; i < N; i++) {
  await services.checks.create(accountId, 'api', { name: `bench ${i}`, doubleCheck: false, ...frequency, request: { url: `${target.url}/c/${i}` } }, { autoAssignAlerts: false })
}
const createSeconds = (Date.now() - created) / 1000

const analytics = values.analytics !== 'off'
if (!analytics) await store.db.schema.dropIndex('check_results_created').execute()

const sandbox = createChildProcessSandbox()
const engine = startEngine({
  stores: buildStores(store),
  transact: transactor(store),
  clock: systemClock,
  runners: buildRunners({ sandbox }),
  instanceId: newId(),
  defaultLocation: 'us-east-1',
  log: { info: () => undefined, warn: () => undefined, error: (o, m) => console.error(m, o) },
  tuning: { ...DEFAULT_TUNING, concurrency: Number(values.concurrency) },
  periodic: analytics ? [{ name: 'analytics-rollup', everyMs: 5_000, run: () => services.analyticsRollup.rollUp(20).then(() => undefined) }] : [],
})

const rss: number[] = []
const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 1000)
await sleep(WARMUP * 1000)
const from = Date.now()
const cpuBefore = process.cpuUsage()
await sleep(SECONDS * 1000)
const cpu = process.cpuUsage(cpuBefore)
const to = Date.now()
clearInterval(sampler)
await engine.stop()
sandbox.close()

const rows = await store.db
  .selectFrom('check_results')
  .select(['started_at', 'scheduled_at', 'status', 'response_time'])
  .where('result_type', '=', 'FINAL')
  .where('started_at', '>=', from)
  .where('started_at', '<', to)
  .execute()
const delays = rows.map((r) => Number(r.started_at) - Number(r.scheduled_at)).sort((a, b) => a - b)
const failing = rows.filter((r) => r.status !== 'passing').length
const expected = (N / EVERY) * SECONDS
const out = {
  machine: machine(),
  analytics,
  checks: N,
  everySeconds: EVERY,
  createSeconds: round(createSeconds),
  windowSeconds: SECONDS,
  runs: rows.length,
  runsPerSecond: round(rows.length / SECONDS),
  expectedRunsPerSecond: round(expected / SECONDS),
  notPassing: failing,
  cpuMsPerRun: round((cpu.user + cpu.system) / 1000 / Math.max(1, rows.length), 3),
  startDelayMs: { p50: percentile(delays, 50), p95: percentile(delays, 95), p99: percentile(delays, 99), max: delays[delays.length - 1] },
  rssMb: { max: round(Math.max(...rss) / 2 ** 20), last: round((rss[rss.length - 1] ?? 0) / 2 ** 20) },
}
console.log(JSON.stringify(out, null, 2))
target.child.kill('SIGTERM')
await store.close()
fs.rmSync(dir, { recursive: true, force: true })
process.exit(0)
