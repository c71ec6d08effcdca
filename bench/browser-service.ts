/**
 * Part 2 helpers of bench/browser.ts: the real service (src/main/server.ts, embedded SQLite under a fresh DATA_DIR,
 * engine on, BROWSER_CONCURRENCY as asked) in a child process; an HTTP client with its bootstrapped account; an
 * open-loop load of cheap API reads; CPU counters.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { sleep } from './lib.js'

const REPO = path.resolve(import.meta.dirname, '..')

export interface Service {
  url: string
  child: ChildProcess
  dataDir: string
  call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }>
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function startService(browserConcurrency: number): Promise<Service> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pbs-'))
  await chmod(dataDir, 0o755)
  const port = await freePort()
  const accountId = randomUUID()
  const apiKey = randomBytes(24).toString('hex')
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PICKET_ACCOUNT_ID: accountId,
    PICKET_API_KEY: apiKey,
    BROWSER_CONCURRENCY: String(browserConcurrency),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    ENGINE: 'on',
  }
  // What `npm start` runs (tsx src/main/server.ts), without npm in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/server.ts'], { cwd: REPO, env, stdio: ['ignore', 'ignore', 'inherit'] })
  const orphan = (): void => void child.kill('SIGKILL') // never leave the service running if this process dies
  process.once('exit', orphan)
  const url = `http://127.0.0.1:${port}`
  const headers = { authorization: `Bearer ${apiKey}`, 'x-service-account': accountId, 'content-type': 'application/json' }
  const call: Service['call'] = async (method, p, body) => {
    const res = await fetch(url + p, {
      method,
      headers: body === undefined ? { authorization: headers.authorization, 'x-service-account': accountId } : headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null }
  }
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`)
    if ((await call('GET', '/v1/checks?limit=1').catch(() => ({ status: 0 }))).status === 200) break
    if (i > 300) throw new Error('the service did not answer within 60 s')
    await sleep(200)
  }
  return {
    url,
    child,
    dataDir,
    call,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, sleep(30_000)])
      process.off('exit', orphan)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** GET `path` every 1000/rps ms without waiting for earlier requests (open loop); latencies in ms. */
export function startApiLoad(service: Service, p: string, rps: number): { stop(): { latencies: number[]; errors: number } } {
  const latencies: number[] = []
  let errors = 0
  const timer = setInterval(() => {
    const t0 = performance.now()
    service.call('GET', p).then(
      (r) => (r.status === 200 ? latencies.push(performance.now() - t0) : errors++),
      () => errors++,
    )
  }, 1000 / rps)
  return {
    stop() {
      clearInterval(timer)
      return { latencies: [...latencies], errors }
    },
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat), and of one process and its reaped children. */
export function cpuCounters(pid?: number): { busy: number; total: number; proc: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number)
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0)
  const total = cpu.reduce((s, x) => s + x, 0)
  let proc = 0
  if (pid !== undefined) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    proc = Number(f[11]) + Number(f[12]) // utime + stime of the service's own process
  }
  return { busy: total - idle, total, proc }
}
