/** Runs the real service and CLI as child processes, as an operator would. */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface RunningServer {
  child: ChildProcess
  baseUrl: string
  stdout: () => string
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Starts src/main/server.ts on a free port and waits until it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${err}`)), 20_000)
    const poll = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (match?.[1]) {
        clearInterval(poll)
        clearTimeout(timer)
        resolve({
          child,
          baseUrl: match[1],
          stdout: () => out,
          async stop(signal = 'SIGTERM') {
            child.kill(signal)
            return exited
          },
        })
      }
    }, 50)
    void exited.then((code) => {
      clearInterval(poll)
      clearTimeout(timer)
      reject(new Error(`server exited with ${String(code)}:\n${out}\n${err}`))
    })
  })
}

/** Runs the CLI to completion. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}
