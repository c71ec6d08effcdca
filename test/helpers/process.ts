/**
 * Runs the real service and CLI as child processes, as an operator would. Every wait is on an event (a line on
 * stdout, an exit), never on a fixed sleep or an internal deadline: a slow machine only makes a test slower. What
 * bounds a hang is the test's own timeout, PROCESS_TEST_TIMEOUT_MS, which is generous because each process
 * compiles the TypeScript sources with tsx as it starts; stopStrayProcesses() (in afterAll) kills whatever a
 * failed or timed-out test left running.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/**
 * On PostgreSQL the service needs PICKET_SECRET_KEY, the same for every instance of a database: the processes of
 * this test run share one, unless a test gives its own. (On SQLite the service makes DATA_DIR/secret.key.)
 */
const TEST_SECRET_KEY = randomBytes(32).toString('base64')
const withSecretKey = (env: Record<string, string>): Record<string, string> =>
  env.DATABASE_URL && env.PICKET_SECRET_KEY === undefined && env.PICKET_SECRET_KEY_FILE === undefined ? { ...env, PICKET_SECRET_KEY: TEST_SECRET_KEY } : env

/** Per test or hook that starts processes; only a hang comes near it. */
export const PROCESS_TEST_TIMEOUT_MS = 240_000

const live = new Set<ChildProcess>()

function track(child: ChildProcess): Promise<number | null> {
  live.add(child)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      live.delete(child)
      resolve(code)
    }),
  )
}

/** Kills the processes still running (a test that failed before stopping its server). */
export function stopStrayProcesses(): void {
  for (const child of live) child.kill('SIGKILL')
}

export interface RunningServer {
  child: ChildProcess
  baseUrl: string
  stdout: () => string
  stderr: () => string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/

/** Starts src/main/server.ts on a free port; resolves when it logs that it listens, rejects if it exits first. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...withSecretKey(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = track(child)
  let out = ''
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  return new Promise((resolve, reject) => {
    let ready = false
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const match = ready ? null : LISTENING.exec(out)
      if (!match?.[1]) return
      ready = true
      resolve({
        child,
        baseUrl: match[1],
        stdout: () => out,
        stderr: () => err,
        async stop(signal = 'SIGTERM') {
          child.kill(signal)
          return exited
        },
      })
    })
    void exited.then((code) => {
      if (!ready) reject(new Error(`server exited with ${String(code)} before listening:\n${out}\n${err}`))
    })
  })
}

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs the `picket` command (bin/picket.js) to completion. `cwd` defaults to the repository; the environment is
 * only PATH, HOME and `env`.
 */
export function runCli(args: string[], env: Record<string, string>, cwd: string = ROOT): Promise<CliRun> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/picket.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...withSecretKey(env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = track(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  // 'close' comes after the output streams are drained, so nothing printed is missed.
  return new Promise((resolve) => child.on('close', () => void exited.then((code) => resolve({ code, stdout, stderr }))))
}
