/**
 * API read and write latency under steady load: the service as deployed (`src/main/server.ts`, API and engine, on
 * the embedded SQLite default and on PostgreSQL, one after the other in the same run), with `--checks` API checks
 * running every `--every` seconds against a local target, while a load generator in another process
 * (`bench/api-load.mjs`) sends `--rate` requests per second, open-loop: reads (a check, a page of checks, a check's
 * status, a page of its results) and `--writes` of them writes (create, update, delete a check). Reports per store
 * p50/p90/p99/max per kind and over all requests, the rate achieved (answers over the time they took), the server's
 * CPU and PostgreSQL's (in all, and in ms per answered request), p50/p99 per request kind, and PostgreSQL's figures
 * as ratios of SQLite's. `--profile DIR` writes a V8 CPU profile of the server process into DIR (for Chrome's
 * DevTools or speedscope; profiling slows the server somewhat, so figures of such a run are not comparable).
 * Usage: npx tsx bench/api-latency.ts [--stores sqlite,pg] [--rate 1000] [--writes 0.2] [--seconds 60] [--warmup 10]
 * [--checks 500] [--every 10] [--profile DIR]
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { createScratchDatabase } from '../test/helpers/scratch-database.js'
import { startServer } from '../test/helpers/process.js'
import { machine, percentile, round, startTarget } from './lib.js'
import { cpuMeter } from './proc-cpu.js'

const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,pg' },
    rate: { type: 'string', default: '1000' },
    writes: { type: 'string', default: '0.2' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    checks: { type: 'string', default: '500' },
    every: { type: 'string', default: '10' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    profile: { type: 'string' },
  },
})
const every = Number(values.every)

const stats = (list: number[]) => {
  const s = [...list].sort((a, b) => a - b)
  return { count: s.length, p50: round(percentile(s, 50), 2), p90: round(percentile(s, 90), 2), p99: round(percentile(s, 99), 2), max: round(s.at(-1) ?? NaN, 2) }
}

async function measure(store: string) {
  const account = randomUUID()
  const key = `bench-key-${randomUUID()}`
  if (values.profile) fs.mkdirSync(values.profile, { recursive: true })
  const scratch = store === 'pg' ? await createScratchDatabase(values.pg, 'bench_api') : undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-api-'))
  const target = await startTarget()
  const server = await startServer({
    DATA_DIR: dataDir,
    PICKET_ACCOUNT_ID: account,
    PICKET_API_KEY: key,
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'info',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(values.profile
      ? {
          NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.mjs')}`,
          BENCH_CPU_PROFILE: path.join(path.resolve(values.profile), `server-${store}-${Date.now()}.cpuprofile`),
        }
      : {}),
  })
  const headers = { authorization: `Bearer ${key}`, 'x-service-account': account, 'content-type': 'application/json' }
  const checkIds: string[] = []
  for (let i = 0; i < Number(values.checks); i++) {
    const res = await fetch(`${server.baseUrl}/v1/checks/api`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `steady ${i}`,
        ...(every < 60 ? { frequency: 0, frequencyOffset: every } : { frequency: every / 60 }),
        request: { url: `${target.url}/s/${i}` },
      }),
    })
    if (res.status !== 201) throw new Error(`creating a check: ${res.status} ${await res.text()}`)
    checkIds.push(((await res.json()) as { id: string }).id)
  }
  const gen = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'api-load.mjs'), server.baseUrl, account, key, JSON.stringify(checkIds), values.rate, values.seconds, values.warmup, values.writes],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const meter = cpuMeter({ server: server.child.pid ?? 0, target: target.child.pid ?? 0 }, scratch ? ['postgres'] : [])
  setTimeout(
    () => {
      meter.start()
      // The profile (when asked for) covers the measured window only, not the setup or the warm-up.
      if (values.profile) server.child.kill('SIGUSR2')
    },
    Number(values.warmup) * 1000 + 200,
  )
  let output = ''
  gen.stdout.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise((resolve) => gen.once('exit', resolve))
  const cpuSeconds: Record<string, number> = meter.stop()
  await server.stop()
  target.child.kill('SIGTERM')
  await scratch?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  const load = JSON.parse(output) as {
    read: number[]
    write: number[]
    kinds: Record<string, number[]>
    statuses: Record<string, number>
    errors: number
    spanSeconds: number
    cpuSeconds: number
  }
  const answered = load.read.length + load.write.length
  // The load generator shares the cores too; it measures its own CPU (it is gone by the time the meter stops).
  cpuSeconds.loadGenerator = load.cpuSeconds
  const kinds = Object.fromEntries(
    Object.entries(load.kinds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, list]) => {
        const { count, p50, p99 } = stats(list)
        return [kind, { count, p50, p99 }]
      }),
  )
  // CPU per answered request, the background engine's share included (it runs in the server process).
  const cpuMsPerRequest = Object.fromEntries(Object.entries(cpuSeconds).map(([label, s]) => [label, round((s * 1000) / Math.max(answered, 1), 3)]))
  return {
    store,
    allMs: stats([...load.read, ...load.write]),
    readMs: stats(load.read),
    writeMs: stats(load.write),
    kinds,
    achievedPerSecond: round(answered / Math.max(load.spanSeconds, Number(values.seconds))),
    statuses: load.statuses,
    errors: load.errors,
    cpuSeconds,
    cpuMsPerRequest,
  }
}

const results = []
for (const store of values.stores.split(',')) results.push(await measure(store.trim()))
const [first, second] = results
console.log(
  JSON.stringify(
    {
      machine: machine(),
      offeredPerSecond: Number(values.rate),
      writeShare: Number(values.writes),
      windowSeconds: Number(values.seconds),
      background: `${values.checks} API checks every ${every} s`,
      results,
      ...(first && second
        ? {
            [`${second.store}Over${first.store}`]: {
              achieved: round(second.achievedPerSecond / first.achievedPerSecond, 2),
              p50: round(second.allMs.p50 / first.allMs.p50, 2),
              p99: round(second.allMs.p99 / first.allMs.p99, 2),
            },
          }
        : {}),
    },
    null,
    2,
  ),
)
process.exit(0)
