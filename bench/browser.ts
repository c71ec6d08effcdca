/**
 * Browser checks. Usage: npx tsx bench/browser.ts [--runs 10] [--concurrency 1,2] [--minutes 3]
 * [--checks 40] [--idle 30] [--warmup 20] [--rps 20] [--part all|1|2]
 *
 * Part 1: wall time of one realistic browser run (local shop, heading, add to cart in a step) through Picket's
 * browser runner against the same script run directly with the Playwright Test CLI (also through npx, and with the
 * runner's trace and screenshot options), alternating, in the same process and run.
 *
 * Part 2: the real service (src/main/server.ts, embedded SQLite, engine on) with BROWSER_CONCURRENCY = C; K
 * browser checks of frequency 1 created through the API, more than the lane can run in a minute, so it always
 * has queued work (created on schedule rather than triggered, so the lane is fed the way production feeds it);
 * completed browser runs per minute, and the latency of a cheap API read (GET /v1/checks?limit=10, open loop at
 * --rps) while they run against the same read, same service, before any browser check was activated.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { startWebShop } from '../test/helpers/targets/web-shop.js'
import { measureDirectVsRunner, SCRIPT } from './browser-direct.js'
import { cpuCounters, startApiLoad, startService, type Service } from './browser-service.js'
import { machine, percentile, round, sleep } from './lib.js'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '1,2' },
    minutes: { type: 'string', default: '3' },
    checks: { type: 'string', default: '40' },
    idle: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '20' },
    rps: { type: 'string', default: '20' },
    part: { type: 'string', default: 'all' },
  },
})
const RPS = Number(values.rps)
const API_READ = '/v1/checks?limit=10'

const cpuModel = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown'
console.log(
  JSON.stringify({
    machine: machine(),
    nproc: os.availableParallelism(),
    cpuModel,
    ramGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    loadAtStart: os.loadavg().map((l) => round(l, 2)),
  }),
)

const latencyStats = (xs: number[], errors: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return { requests: s.length, errors, p50: round(percentile(s, 50), 2), p95: round(percentile(s, 95), 2), p99: round(percentile(s, 99), 2), max: round(s[s.length - 1] ?? NaN, 1) }
}

async function apiWindow(service: Service, ms: number) {
  const c0 = cpuCounters(service.child.pid)
  const load = startApiLoad(service, API_READ, RPS)
  await sleep(ms)
  const { latencies, errors } = load.stop()
  const c1 = cpuCounters(service.child.pid)
  await sleep(500) // the last requests' answers
  // Jiffies are 1/100 s; the service's own process only (API, engine, runner bookkeeping), not Playwright's processes.
  const serviceCpuPct = round((c1.proc - c0.proc) / (ms / 1000), 1)
  return {
    api: latencyStats(latencies, errors),
    machineCpuBusyPct: round((100 * (c1.busy - c0.busy)) / (c1.total - c0.total), 0),
    serviceCpuPct,
    load1: round(os.loadavg()[0] ?? 0, 2),
  }
}

async function measureLane(concurrency: number, shopUrl: string) {
  const service = await startService(concurrency)
  try {
    const ids: string[] = []
    for (let i = 0; i < Number(values.checks); i++) {
      const r = await service.call('POST', '/v1/checks/browser?autoAssignAlerts=false', {
        name: `Shop ${i}`,
        frequency: 1,
        doubleCheck: false,
        activated: false,
        script: SCRIPT,
        environmentVariables: [{ key: 'SHOP_URL', value: shopUrl }],
      })
      if (r.status !== 201 && r.status !== 200) throw new Error(`creating a browser check answered ${r.status}: ${JSON.stringify(r.json)}`)
      ids.push(String((r.json as { id: string }).id))
    }
    process.stderr.write(`  part 2, concurrency ${concurrency}: idle API baseline\n`)
    const idle = await apiWindow(service, Number(values.idle) * 1000)
    for (const id of ids) {
      const r = await service.call('PUT', `/v1/checks/browser/${id}`, { activated: true })
      if (r.status !== 200) throw new Error(`activating answered ${r.status}: ${JSON.stringify(r.json)}`)
    }
    const queued = () => {
      const db = new Database(path.join(service.dataDir, 'picket.db'), { readonly: true, fileMustExist: true })
      const n = (db.prepare("SELECT count(*) AS n FROM run_jobs WHERE status = 'queued'").get() as { n: number }).n
      db.close()
      return n
    }
    process.stderr.write(`  part 2, concurrency ${concurrency}: warm-up, then ${values.minutes} min of browser runs\n`)
    await sleep(Number(values.warmup) * 1000)
    const queuedAtStart = queued()
    const from = Date.now()
    const during = await apiWindow(service, Number(values.minutes) * 60_000)
    const to = Date.now()
    const queuedAtEnd = queued()
    const db = new Database(path.join(service.dataDir, 'picket.db'), { readonly: true, fileMustExist: true })
    const rows = db
      .prepare(
        "SELECT status, response_time AS rt, started_at AS s, stopped_at AS e FROM check_results WHERE result_type = 'FINAL' AND check_type = 'BROWSER' AND stopped_at >= ? AND stopped_at < ?",
      )
      .all(from, to) as Array<{ status: string; rt: number; s: number; e: number }>
    db.close()
    const walls = rows.map((r) => r.e - r.s).sort((a, b) => a - b)
    const reported = rows.map((r) => r.rt).sort((a, b) => a - b)
    const minutes = (to - from) / 60_000
    return {
      concurrency,
      checks: ids.length,
      windowMinutes: round(minutes, 2),
      browserRuns: rows.length,
      runsPerMinute: round(rows.length / minutes, 1),
      notPassing: rows.filter((r) => r.status !== 'passing').length,
      runWallMs: { p50: percentile(walls, 50), p90: percentile(walls, 90) },
      playwrightReportedMs: { p50: percentile(reported, 50) },
      // The service's CPU beyond the same API load without browser runs, per run: engine, runner, artifacts, results.
      serviceCpuMsPerRun: round(((during.serviceCpuPct - idle.serviceCpuPct) * 10 * (to - from)) / 1000 / Math.max(1, rows.length), 0),
      queuedJobs: { atStart: queuedAtStart, atEnd: queuedAtEnd },
      idle,
      during,
    }
  } finally {
    await service.stop()
  }
}

const shop = await startWebShop()
try {
  if (values.part === 'all' || values.part === '1') {
    const part1 = await measureDirectVsRunner(shop.url, Number(values.runs))
    console.log(JSON.stringify({ part: 1, ...part1, loadAfter: os.loadavg().map((l) => round(l, 2)) }, null, 2))
  }
  if (values.part === 'all' || values.part === '2') {
    for (const c of values.concurrency.split(',').map(Number)) console.log(JSON.stringify({ part: 2, ...(await measureLane(c, shop.url)) }, null, 2))
  }
} finally {
  await shop.close()
}
process.exit(0)
