/**
 * API read and write latency under steady load: the service as deployed (`src/main/server.ts`, API and engine, on
 * the embedded SQLite default and on PostgreSQL, one after the other in the same run), with `--checks` API checks
 * running every `--every` seconds against a local target, while a load generator in another process
 * (`bench/api-load.mjs`) sends `--rate` requests per second, open-loop: reads (a check, a page of checks, a check's
 * status, a page of its results) and `--writes` of them writes (create, update, delete a check). Reports per store
 * p50/p90/p99/max per kind and over all requests, the rate achieved (answers over the time they took), the server's
 * CPU and PostgreSQL's, and PostgreSQL's figures as ratios of SQLite's. Usage: npx tsx bench/api-latency.ts
 * [--stores sqlite,pg] [--rate 1000] [--writes 0.2] [--seconds 60] [--warmup 10] [--checks 500] [--every 10]
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
  const meter = cpuMeter({ server: server.child.pid ?? 0, target: target.child.pid ?? 0 }, scratch ? ['postgres'] : [])
  const gen = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'api-load.mjs'), server.baseUrl, account, key, JSON.stringify(checkIds), values.rate, values.seconds, values.warmup, values.writes],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  setTimeout(() => meter.start(), Number(values.warmup) * 1000 + 200)
  let output = ''
  gen.stdout.on('data', (d: Buffer) => (output += d.toString()))
  await new Promise((resolve) => gen.once('exit', resolve))
  const cpuSeconds = meter.stop()
  await server.stop()
  target.child.kill('SIGTERM')
  await scratch?.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
  const load = JSON.parse(output) as { read: number[]; write: number[]; statuses: Record<string, number>; errors: number; spanSeconds: number }
  const answered = load.read.length + load.write.length
  return {
    store,
    allMs: stats([...load.read, ...load.write]),
    readMs: stats(load.read),
    writeMs: stats(load.write),
    achievedPerSecond: round(answered / Math.max(load.spanSeconds, Number(values.seconds))),
    statuses: load.statuses,
    errors: load.errors,
    cpuSeconds,
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
