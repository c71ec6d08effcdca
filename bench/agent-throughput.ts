/**
 * Private-location agent throughput against the built-in runners, in one run, as processes: the service
 * (`tsx src/main/server.ts`, fresh DATA_DIR, engine on, ENGINE_CONCURRENCY=10), a local HTTP target that answers
 * after --delay-ms, and one agent (bin/picket-agent.js, JOB_CONCURRENCY=10). N API checks every --every seconds
 * run (A) in the data-center location us-east-1 by the service's runners, then (B) only in a private location
 * through the agent. Both sides run at most 10 runs at once, so with a delay that dominates a run the ceiling of
 * either is ~10 / delay; N is chosen so that the offered load exceeds it. Results written in a window after a
 * warm-up are counted read-only in the SQLite file. The agent's idle CPU (no jobs) and resident memory come from
 * /proc. Usage: npx tsx bench/agent-throughput.ts [--checks 600] [--every 10] [--delay-ms 200] [--seconds 60]
 * [--warmup 20] [--idle-seconds 60]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { machine, round, sleep } from './lib.js'
import { cpuSecondsOf as cpuSeconds, rssMbOf as rssMb } from './proc-cpu.js'

const { values } = parseArgs({
  options: {
    checks: { type: 'string', default: '600' },
    every: { type: 'string', default: '10' },
    'delay-ms': { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '20' },
    'idle-seconds': { type: 'string', default: '60' },
  },
})
const N = Number(values.checks)
const EVERY = Number(values.every)
const DELAY = Number(values['delay-ms'])
const SECONDS = Number(values.seconds)
const WARMUP = Number(values.warmup)
const IDLE = Number(values['idle-seconds'])
const CONCURRENCY = 10
const ROOT = path.resolve(import.meta.dirname, '..')

const children = new Set<ChildProcess>()
const killAll = (signal: NodeJS.Signals) => {
  for (const c of children) if (c.exitCode === null) c.kill(signal)
}
process.on('exit', () => killAll('SIGKILL'))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(130))

/** Spawns a child and resolves with the first match of `ready` in its stdout (rejects if it exits first). */
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let out = ''
  let err = ''
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)))
  return new Promise((resolve, reject) => {
    let done = false
    child.stdout?.on('data', (d: Buffer) => {
      if (done) return // keep draining the pipe
      out += d.toString()
      const m = ready.exec(out)?.[1]
      if (m) {
        done = true
        resolve({ child, match: m })
      }
    })
    child.once('exit', (code) => {
      if (!done) reject(new Error(`${args.join(' ')} exited with ${String(code)}:\n${out}\n${err}`))
    })
  })
}

const TARGET = `import http from 'node:http'
const server = http.createServer((req, res) => setTimeout(() => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}') }, ${DELAY}))
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'))`

const load = () =>
  os
    .loadavg()
    .map((l) => round(l, 2))
    .join('/')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-agent-bench-'))
const accountId = randomUUID()
const apiKey = `bench-${randomUUID()}`
try {
  const target = await start(['--input-type=module', '-e', TARGET], {}, /port (\d+)/)
  const targetUrl = `http://127.0.0.1:${target.match}`
  const svcEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ENGINE: 'on',
    ENGINE_CONCURRENCY: String(CONCURRENCY),
    PICKET_ACCOUNT_ID: accountId,
    PICKET_API_KEY: apiKey,
    RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'info',
  }
  const svc = await start(['--import', 'tsx', 'src/main/server.ts'], svcEnv, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/)
  const base = svc.match
  const svcPid = svc.child.pid as number
  const api = async (method: string, url: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'x-service-account': accountId, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }
  /** Calls f for each of items, `width` at a time. */
  const each = async <T>(items: T[], width: number, f: (item: T, i: number) => Promise<unknown>) => {
    let next = 0
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < items.length) {
          const i = next++
          await f(items[i] as T, i)
        }
      }),
    )
  }

  const location = await api('POST', '/v1/private-locations', { name: 'Bench', slugName: 'bench' })
  const rawKey = String((location.keys as Array<{ rawKey: string }>)[0]?.rawKey)
  const ids: string[] = []
  await each(
    Array.from({ length: N }, (_, i) => i),
    10,
    async (i) => {
      const body = {
        name: `bench ${i}`,
        activated: false,
        doubleCheck: false,
        frequency: 0,
        frequencyOffset: EVERY,
        locations: ['us-east-1'],
        request: { url: `${targetUrl}/c/${i}` },
      }
      ids.push(String((await api('POST', '/v1/checks/api?autoAssignAlerts=false', body)).id))
    },
  )
  const updateAll = (body: unknown) => each(ids, 10, (id) => api('PUT', `/v1/checks/api/${id}?autoAssignAlerts=false`, body))

  const db = new Database(path.join(dataDir, 'picket.db'), { readonly: true, fileMustExist: true })
  const countResults = (loc: string) =>
    db
      .prepare<[string], { n: number; bad: number | null }>("SELECT count(*) AS n, sum(status != 'passing') AS bad FROM check_results WHERE result_type = 'FINAL' AND location = ?")
      .get(loc) ?? { n: 0, bad: 0 }
  const queued = () => (db.prepare('SELECT count(*) AS n FROM run_jobs').get() as { n: number }).n

  const agent = await start(['bin/picket-agent.js'], { API_KEY: rawKey, PICKET_URL: base, JOB_CONCURRENCY: String(CONCURRENCY), AGENT_HEALTH_PORT: '0' }, /"healthPort":(\d+)/)
  const agentPid = agent.child.pid as number
  await sleep(5000)
  const idleRssStart = rssMb(agentPid)
  const idleCpu0 = cpuSeconds(agentPid)
  await sleep(IDLE * 1000)
  const idleCpu = cpuSeconds(agentPid) - idleCpu0
  const idleRss = rssMb(agentPid)

  /** Activates the checks, waits the warm-up, counts the results written in the window and the CPU spent. */
  async function phase(loc: string, body: Record<string, unknown>, pids: number[]) {
    await updateAll({ ...body, activated: true })
    await sleep(WARMUP * 1000)
    const rss: number[] = []
    const sampler = setInterval(() => rss.push(rssMb(agentPid)), 1000)
    const [c0, t0, cpu0] = [countResults(loc), Date.now(), pids.map(cpuSeconds)]
    await sleep(SECONDS * 1000)
    const [c1, t1, cpu1] = [countResults(loc), Date.now(), pids.map(cpuSeconds)]
    clearInterval(sampler)
    const loadAfter = load()
    await updateAll({ activated: false })
    const runs = c1.n - c0.n
    const secs = (t1 - t0) / 1000
    const cpuMsPerRun = pids.map((_, i) => round((((cpu1[i] as number) - (cpu0[i] as number)) * 1000) / Math.max(1, runs), 2))
    return { runs, perSecond: round(runs / secs, 1), notPassing: (c1.bad ?? 0) - (c0.bad ?? 0), cpuMsPerRun, agentRssMax: Math.max(...rss), load: loadAfter }
  }
  /** Waits until the queue left by a phase is empty (at most 3 minutes). */
  async function drain() {
    for (let i = 0; i < 180 && queued() > 0; i++) await sleep(1000)
  }

  const a = await phase('us-east-1', { locations: ['us-east-1'], privateLocations: [] }, [svcPid])
  await drain()
  const b = await phase('bench', { locations: [], privateLocations: ['bench'] }, [svcPid, agentPid])
  await drain()

  const offered = round(N / EVERY, 1)
  const ceiling = DELAY > 0 ? `${round((CONCURRENCY * 1000) / DELAY, 1)} runs/s` : 'none, CPU-bound'
  const ratio = round((b.perSecond / a.perSecond) * 100, 1)
  console.log(`\n${machine()}`)
  console.log(
    `checks ${N} every ${EVERY} s (offered ${offered} runs/s), target delay ${DELAY} ms (ceiling at concurrency ${CONCURRENCY}: ${ceiling}), window ${SECONDS} s after ${WARMUP} s warm-up\n`,
  )
  console.log('| runs by | runs/s | runs in window | not passing | service CPU per run | agent CPU per run | agent RSS max | load after |')
  console.log('|---|---|---|---|---|---|---|---|')
  console.log(`| built-in runners (ENGINE_CONCURRENCY=10) | ${a.perSecond} | ${a.runs} | ${a.notPassing} | ${a.cpuMsPerRun[0]} ms | | | ${a.load} |`)
  console.log(
    `| one agent (JOB_CONCURRENCY=10) | ${b.perSecond} | ${b.runs} | ${b.notPassing} | ${b.cpuMsPerRun[0]} ms | ${b.cpuMsPerRun[1]} ms | ${b.agentRssMax} MB | ${b.load} |`,
  )
  console.log(`\nratio agent / built-in: ${ratio} %`)
  console.log(`agent idle: CPU ${round((idleCpu / IDLE) * 100, 2)} % of one core over ${IDLE} s (${round(idleCpu * 1000)} ms), RSS ${idleRssStart} → ${idleRss} MB`)
  db.close()
} finally {
  killAll('SIGTERM')
  await sleep(2000)
  killAll('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
