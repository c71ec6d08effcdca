/**
 * Drives Uptime Kuma (2.x, installed from npm) for the comparison benchmarks: starts it as a child process on a free
 * loopback port, completes its first-run setup (SQLite database, then an admin user) and adds HTTP monitors through
 * its socket.io API, the way its web UI does. socket.io-client is loaded from the Kuma folder at runtime, so this
 * repo needs no dependency of its own. Kuma's own output goes to `kuma.log` in the data folder.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'

export interface RunningKuma {
  pid: number
  url: string
  stop(): Promise<void>
}

interface KumaSocket {
  connected: boolean
  on(event: string, listener: (...args: unknown[]) => void): KumaSocket
  off(event: string, listener: (...args: unknown[]) => void): KumaSocket
  emit(event: string, ...args: unknown[]): KumaSocket
  disconnect(): KumaSocket
}
type Connect = (url: string, opts: { transports: string[]; reconnection: boolean; timeout: number }) => KumaSocket
interface Reply {
  ok?: boolean
  msg?: string
  monitorID?: number
}
interface SetupInfo {
  needSetup?: boolean
  runningSetup?: boolean
}

const ADMIN = { username: 'admin', password: 'bench-pass-1234' }
const START_TIMEOUT_MS = 120_000
/** The Kuma folder each running instance came from, to load socket.io-client from it. */
const kumaDirs = new WeakMap<RunningKuma, string>()

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

/** GET/POST JSON; resolves undefined while nothing listens (Kuma switches servers on the same port during setup). */
async function json<T>(url: string, body?: unknown): Promise<T | undefined> {
  try {
    const res = await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  } catch (e) {
    if (e instanceof TypeError) return undefined // fetch failed: connection refused or reset
    throw e
  }
}

function connect(kumaDir: string, url: string): Promise<KumaSocket> {
  const { io } = createRequire(path.join(kumaDir, 'package.json'))('socket.io-client') as { io: Connect }
  const socket = io(url, { transports: ['websocket'], reconnection: false, timeout: 20_000 })
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket))
    socket.on('connect_error', (err) => reject(err instanceof Error ? err : new Error(String(err))))
  })
}

/** Emits an acknowledged event and resolves with Kuma's `{ ok, msg }` reply. */
function call(socket: KumaSocket, event: string, ...args: unknown[]): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Kuma did not answer "${event}" within 60 s`)), 60_000)
    socket.emit(event, ...args, (reply: Reply) => {
      clearTimeout(timer)
      resolve(reply)
    })
  })
}

async function login(kumaDir: string, url: string): Promise<KumaSocket> {
  const socket = await connect(kumaDir, url)
  const res = await call(socket, 'login', { username: ADMIN.username, password: ADMIN.password, token: '' })
  if (!res.ok) {
    socket.disconnect()
    throw new Error(`Kuma login failed: ${res.msg ?? 'no message'}`)
  }
  return socket
}

/**
 * Kuma reads dist/, db/ and server/model/ relative to its working directory. The npm build of 2.0.0-dev.0 ships seven SQL patches in
 * db/ that it then reads from db/old_migrations/, so a first start dies with ENOENT. When db/ holds such strays, run
 * Kuma from a folder of symlinks whose db/old_migrations/ holds both sets, leaving the installed package untouched.
 */
function workDir(appDir: string, dataDir: string): string {
  const db = path.join(appDir, 'db')
  const strays = fs.readdirSync(db).filter((f) => f.endsWith('.sql'))
  if (strays.length === 0) return appDir
  const cwd = path.join(dataDir, 'kuma-cwd')
  fs.rmSync(cwd, { recursive: true, force: true })
  fs.mkdirSync(path.join(cwd, 'db', 'old_migrations'), { recursive: true })
  for (const f of fs.readdirSync(appDir)) if (f !== 'db') fs.symlinkSync(path.join(appDir, f), path.join(cwd, f))
  for (const f of fs.readdirSync(db)) if (f !== 'old_migrations' && !strays.includes(f)) fs.symlinkSync(path.join(db, f), path.join(cwd, 'db', f))
  const old = path.join(db, 'old_migrations')
  for (const f of fs.readdirSync(old)) fs.symlinkSync(path.join(old, f), path.join(cwd, 'db', 'old_migrations', f))
  for (const f of strays) fs.symlinkSync(path.join(db, f), path.join(cwd, 'db', 'old_migrations', f))
  return cwd
}

export async function startKuma(kumaDir: string, dataDir: string): Promise<RunningKuma> {
  const appDir = path.join(kumaDir, 'node_modules', 'uptime-kuma')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  fs.mkdirSync(dataDir, { recursive: true })
  const log = fs.openSync(path.join(dataDir, 'kuma.log'), 'a')
  const child = spawn(process.execPath, [path.join(appDir, 'server', 'server.js'), `--data-dir=${dataDir}`, `--port=${port}`, '--host=127.0.0.1'], {
    cwd: workDir(appDir, dataDir),
    env: { ...process.env, DATA_DIR: dataDir, UPTIME_KUMA_PORT: String(port), UPTIME_KUMA_HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  let exited: string | undefined
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `Kuma exited (code ${String(code)}, signal ${String(signal)}); see ${path.join(dataDir, 'kuma.log')}`
      resolve()
    }),
  )
  const stop = async () => {
    if (exited) return
    child.kill('SIGTERM') // Kuma shuts down gracefully: stops monitors, waits 2 s, closes the database
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000)
    await exit
    clearTimeout(timer)
  }

  try {
    // 1. First start shows the "setup database" page (a temporary express server on the same port): choose SQLite.
    //    The real server then migrates kuma.db and listens on the port; its /setup-database-info says needSetup: false.
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (exited) throw new Error(exited)
      if (Date.now() > deadline) throw new Error(`Kuma did not start within ${START_TIMEOUT_MS / 1000} s`)
      const info = await json<SetupInfo>(`${url}/setup-database-info`)
      if (info?.needSetup === false) break
      // `client` is not read by the setup but is stored in db-config.json, where Database.sqlHourOffset() looks for it
      // (2.0.0-dev.0 bug: without it the average-ping query uses MariaDB syntax and fails on SQLite).
      if (info?.needSetup && !info.runningSetup) await json(`${url}/setup-database`, { dbConfig: { type: 'sqlite', client: 'sqlite3' } })
      await sleep(200)
    }
    // 2. Create the admin user (refused once a user exists, e.g. when dataDir is reused), then check it logs in.
    const socket = await connect(kumaDir, url)
    const res = await call(socket, 'setup', ADMIN.username, ADMIN.password)
    socket.disconnect()
    if (!res.ok && !/initialized/.test(res.msg ?? '')) throw new Error(`Kuma setup failed: ${res.msg ?? 'no message'}`)
    ;(await login(kumaDir, url)).disconnect()
  } catch (e) {
    await stop()
    throw e
  }
  const running: RunningKuma = { pid: child.pid ?? 0, url, stop }
  kumaDirs.set(running, kumaDir)
  return running
}

/** The fields Kuma's "add monitor" page sends for a new HTTP monitor (monitor columns are frozen: no extras). */
function httpMonitor(name: string, url: string, interval: number) {
  return {
    type: 'http',
    name,
    parent: null,
    url,
    method: 'GET',
    interval,
    retryInterval: interval,
    resendInterval: 0,
    maxretries: 0,
    timeout: Math.max(1, Math.floor(interval * 0.8)),
    notificationIDList: {},
    ignoreTls: false,
    upsideDown: false,
    packetSize: 56,
    expiryNotification: false,
    maxredirects: 10,
    accepted_statuscodes: ['200-299'],
    dns_resolve_type: 'A',
    dns_resolve_server: '1.1.1.1',
    docker_container: '',
    docker_host: null,
    proxyId: null,
    mqttUsername: '',
    mqttPassword: '',
    mqttTopic: '',
    mqttSuccessMessage: '',
    authMethod: null,
    oauth_auth_method: 'client_secret_basic',
    httpBodyEncoding: 'json',
    kafkaProducerBrokers: [],
    kafkaProducerSaslOptions: { mechanism: 'None' },
    gamedigGivenPortOnly: true,
    active: true,
  }
}

export async function addHttpMonitors(kuma: RunningKuma, url: string, count: number, intervalSeconds: number): Promise<void> {
  const kumaDir = kumaDirs.get(kuma)
  if (!kumaDir) throw new Error(`${kuma.url} was not started by startKuma`)
  const socket = await login(kumaDir, kuma.url)
  try {
    const ids = new Set<number>()
    // One at a time, as the UI does: each add re-sends the whole monitor list, so parallel adds gain little.
    for (let i = 0; i < count; i++) {
      const res = await call(socket, 'add', httpMonitor(`bench-${i}`, `${url}/k/${i}`, intervalSeconds))
      if (!res.ok || res.monitorID === undefined) throw new Error(`Kuma refused monitor ${i}: ${res.msg ?? 'no message'}`)
      ids.add(res.monitorID)
    }
    // Kuma starts each monitor before acknowledging the add; confirm from its monitor list that all are active.
    const list = await new Promise<Record<string, { id: number; active: boolean }>>((resolve, reject) => {
      const onList = (l: unknown) => {
        socket.off('monitorList', onList)
        resolve(l as Record<string, { id: number; active: boolean }>)
      }
      socket.on('monitorList', onList)
      call(socket, 'getMonitorList').then((r) => (r.ok ? undefined : reject(new Error(r.msg))), reject)
    })
    const active = Object.values(list).filter((m) => ids.has(m.id) && m.active).length
    if (active !== count) throw new Error(`only ${active} of ${count} Kuma monitors are active`)
  } finally {
    socket.disconnect()
  }
}
