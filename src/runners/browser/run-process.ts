/**
 * Runs one browser run's node process and everything it starts, under a hard wall-clock limit and a memory
 * limit on the whole process tree. On the limit, on abort, and after a normal exit alike, every process of the
 * tree and every process naming the run's folder is killed, so no Chromium outlives its run.
 */
import { spawn } from 'node:child_process'
import { killTree, listProcesses, treeOf } from './proc-tree.js'
import { folderBytes } from './folder-size.js'

export interface ProcessLimits {
  timeoutMs: number
  /** Resident memory of the whole tree (node, workers, Chromium), in MB. */
  memoryMb: number
  runAs: { uid: number; gid: number } | null
  signal?: AbortSignal
  /** What the run's folder (options.cwd) may hold, in MB; checked every few seconds while it runs. */
  diskMb?: number
}

export interface ProcessOutcome {
  code: number | null
  signal: NodeJS.Signals | null
  killedFor: 'timeout' | 'memory' | 'disk' | 'aborted' | null
  stdout: string
  stderr: string
  wallMs: number
  /** Processes that were still alive after the run ended (killed). */
  strays: number
}

const TAIL_BYTES = 64 * 1024
/**
 * How often the run's process tree is read for its memory (a scan of /proc): once a second keeps a runaway run's
 * overshoot short while the scans cost the watched run almost nothing.
 */
const WATCH_MS = 1000
/** The folder is measured every this many memory checks (a walk of the run's files). */
const DISK_EVERY = 2

export function runProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string>; marker: string }, limits: ProcessLimits): Promise<ProcessOutcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    if (limits.signal?.aborted) {
      resolve({ code: null, signal: null, killedFor: 'aborted', stdout: '', stderr: '', wallMs: 0, strays: 0 })
      return
    }
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...(limits.runAs ?? {}) })
    let killedFor: ProcessOutcome['killedFor'] = null
    let stdout = ''
    let stderr = ''
    let killing: Promise<number> | null = null
    const kill = (reason: NonNullable<ProcessOutcome['killedFor']>): void => {
      if (killedFor) return
      killedFor = reason
      killing = killTree(child.pid === undefined ? [] : [child.pid], options.marker)
    }
    const timer = setTimeout(() => kill('timeout'), limits.timeoutMs)
    // The last tree seen: after the node process exits, its orphans are no longer below it.
    let lastTree: number[] = []
    let ticks = 0
    const watchdog = setInterval(() => {
      if (child.pid === undefined || killedFor) return
      const root = child.pid
      const capBytes = limits.diskMb === undefined ? null : limits.diskMb * 1024 * 1024
      if (capBytes !== null && ++ticks % DISK_EVERY === 0 && folderBytes(options.cwd, capBytes) > capBytes) kill('disk')
      const tree = treeOf(root, listProcesses())
      if (tree.length > 0) lastTree = tree.map((p) => p.pid)
      if (tree.reduce((sum, p) => sum + p.rssKb, 0) / 1024 > limits.memoryMb) kill('memory')
    }, WATCH_MS)
    const onAbort = (): void => kill('aborted')
    limits.signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.on('data', (c: Buffer) => {
      stdout = (stdout + c.toString('utf8')).slice(-TAIL_BYTES)
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-TAIL_BYTES)
    })
    let spawnError: string | null = null
    child.on('error', (e) => {
      spawnError = e.message
    })
    let strays: Promise<number> = Promise.resolve(0)
    child.on('exit', () => {
      clearTimeout(timer)
      clearInterval(watchdog)
      limits.signal?.removeEventListener('abort', onAbort)
      const orphans = lastTree.filter((pid) => pid !== child.pid)
      strays = (async () => {
        await killing
        return killTree(orphans, options.marker, { orphansOnly: true })
      })()
    })
    child.on('close', (code, signal) => {
      void strays.then((n) => {
        resolve({ code, signal, killedFor, stdout, stderr: spawnError ? `${stderr}\n${spawnError}` : stderr, wallMs: Date.now() - started, strays: n })
      })
    })
  })
}
