/**
 * Runs one job in a fresh `node` child: permission model on (reads only the harness and node_modules; no child
 * processes, no workers, no addons), an empty environment, a heap cap plus an RSS watchdog, and a wall-clock
 * limit enforced with SIGKILL. The limit counts from the moment the script begins, so a slow start of node on a
 * loaded machine is not the script's time; the start has its own, generous bound. Whatever the child does, this
 * resolves (never rejects) with the raw result line or a failure message.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { EgressGuard } from '../egress-guard.js'
import type { BoxedCommand, RunBox } from './box-host.js'
import { NET_RELAY_PATH, startBoxNet } from './box-net.js'
import { treeRssMb } from '../browser/proc-tree.js'

export interface ChildLimits {
  harnessPath: string
  /** Readable by the child so that `require` of runtime packages works; null when there is none. */
  nodeModulesDir: string | null
  timeoutMs: number
  memoryMb: number
  /** Resident-memory ceiling (heap + buffers + code) watched from outside; the child is killed above it. */
  rssLimitMb: number
  maxDataBytes: number
  /** Run the child as this user (e.g. nobody when the service runs as root); null keeps ours. */
  runAs: { uid: number; gid: number } | null
  signal: AbortSignal
  /**
   * The egress policy (egressRules of domain/egress.ts), or null when open: the child installs egress-guard.cjs
   * (at `egressGuardPath`, readable by it) before the script runs.
   */
  egress: { rules: unknown; guardPath: string } | null
  /**
   * The box each script runs in (box.ts), with its own egress proxy checked by `guard`; null only when the operator
   * turned the sandbox off (then `egress` guards the script's own sockets).
   */
  box: { box: RunBox; guard: EgressGuard } | null
}

/** `result` is the harness's result object, not yet validated; `logs` is what the script printed before it ended. */
export type ChildResult = { logs: string[] } & ({ ok: true; result: unknown } | { ok: false; error: string })

type KillReason = 'timeout' | 'startup' | 'memory' | 'output' | 'closed'

/** How long node may take to start and read its job before the script's own time limit begins. */
export const STARTUP_LIMIT_MS = 60_000

const WATCH_INTERVAL_MS = 100
/** A box's memory is the whole process tree's, read from every process of the machine: every fifth tick. */
const BOX_WATCH_EVERY = 5
const MAX_LOG_LINES = 100
const STDERR_TAIL_BYTES = 8 * 1024

export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))}s`
}

export async function runInChild(job: Record<string, unknown>, limits: ChildLimits): Promise<ChildResult> {
  if (!limits.box) return spawnChild(job, limits, null, {})
  if (limits.box.box.unavailable) return { ok: false, error: limits.box.box.unavailable, logs: [] }
  const net = await startBoxNet(limits.box.guard, os.tmpdir(), limits.nodeModulesDir ?? '')
  try {
    return boxedOutcome(await spawnChild(job, { ...limits, egress: null }, limits.box.box, net.env, net.dir), net.denials)
  } finally {
    await net.close()
  }
}

const DIRECT_FAILURE = /\b(ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|EAI_AGAIN|ENOTFOUND)\b/
export const BOX_NETWORK_HINT =
  "a script reaches the network only through its run's egress proxy (fetch, http and https, and programs that read http_proxy); other connections reach nothing"

/**
 * A boxed script that the egress proxy refused fails with the policy's message, whatever the script made of the
 * refusal; one that tried to connect around the proxy is told how scripts reach the network.
 */
export function boxedOutcome(result: ChildResult, denials: readonly string[]): ChildResult {
  const denial = denials[0]
  if (denial !== undefined) return { ok: false, error: denial, logs: result.logs }
  const hinted = (error: string): string => (DIRECT_FAILURE.test(error) ? `${error} (${BOX_NETWORK_HINT})` : error)
  if (!result.ok) return { ...result, error: hinted(result.error) }
  // The harness reports a script's own error inside its result: {ok: false, error}.
  const inner = result.result as { ok?: unknown; error?: unknown } | null
  if (inner && typeof inner === 'object' && inner.ok === false && typeof inner.error === 'string') return { ...result, result: { ...inner, error: hinted(inner.error) } }
  return result
}

function spawnChild(job: Record<string, unknown>, limits: ChildLimits, box: RunBox | null, env: Record<string, string>, egressDir: string | null = null): Promise<ChildResult> {
  const nonce = `@@picket-result-${randomBytes(16).toString('hex')}@@`
  const egress = limits.egress ? { rules: limits.egress.rules, guardPath: limits.egress.guardPath } : null
  const input = JSON.stringify({ ...job, nonce, maxDataBytes: limits.maxDataBytes, nodeModulesDir: limits.nodeModulesDir ?? path.dirname(limits.harnessPath), egress })
  const args = box ? ['--require', NET_RELAY_PATH, '--experimental-permission', `--allow-fs-read=${NET_RELAY_PATH}`] : ['--experimental-permission']
  args.push(`--allow-fs-read=${limits.harnessPath}`)
  if (limits.egress) args.push(`--allow-fs-read=${limits.egress.guardPath}`)
  if (limits.nodeModulesDir) args.push(`--allow-fs-read=${limits.nodeModulesDir}${path.sep}`)
  args.push(`--max-old-space-size=${limits.memoryMb}`, '--no-warnings', limits.harnessPath)
  const readOnly = [limits.harnessPath, NET_RELAY_PATH, ...(limits.nodeModulesDir ? [limits.nodeModulesDir] : [])]
  const command: BoxedCommand = box ? box.wrap([process.execPath, ...args], { cwd: '/tmp', writable: [], readOnly, egressDir }) : { command: process.execPath, args }
  // The result line is at most maxDataBytes of data plus 100 log lines of 1000 characters (up to 3 bytes each).
  const maxStdoutBytes = limits.maxDataBytes + 512 * 1024

  return new Promise<ChildResult>((resolve) => {
    if (limits.signal.aborted) return resolve({ ok: false, error: 'Script sandbox is closed', logs: [] })
    const child = spawn(command.command, command.args, {
      env,
      cwd: box ? '/' : path.dirname(limits.harnessPath),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(limits.runAs ?? {}),
    })
    let killedFor: KillReason | null = null
    let settled = false
    const stdout: Buffer[] = []
    let stdoutBytes = 0
    let stderrTail = ''

    const kill = (reason: KillReason): void => {
      if (killedFor) return
      killedFor = reason
      child.kill('SIGKILL')
    }
    const onAbort = (): void => kill('closed')
    // The script's time limit starts when the harness says the script begins (its `S` frame), not at spawn.
    let timer = setTimeout(() => kill('startup'), STARTUP_LIMIT_MS)
    const startMarker = `${nonce}S`
    let started = false
    let head = ''
    let ticks = 0
    const watchdog = setInterval(() => {
      if (!box || ++ticks % BOX_WATCH_EVERY === 0) void checkMemory()
    }, WATCH_INTERVAL_MS)
    limits.signal.addEventListener('abort', onAbort, { once: true })

    async function checkMemory(): Promise<void> {
      if (child.pid === undefined || killedFor) return
      // A box is bwrap and the processes below it: the whole tree counts.
      const rssMb = box ? treeRssMb(child.pid) : Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => ''))?.[1] ?? 0) / 1024
      if (rssMb > limits.rssLimitMb) kill('memory')
    }
    const settle = (result: ChildResult): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watchdog)
      limits.signal.removeEventListener('abort', onAbort)
      resolve(result)
    }

    child.on('error', (error) => {
      kill('closed')
      settle({ ok: false, error: `Could not start the script sandbox: ${error.message}`, logs: [] })
    })
    child.stdin.on('error', () => undefined) // the child may die before reading its input
    child.stdin.end(input)
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length
      if (stdoutBytes > maxStdoutBytes) return kill('output')
      stdout.push(chunk)
      if (started) return
      head += chunk.toString('utf8')
      if (!head.includes(startMarker)) return
      started = true
      head = ''
      clearTimeout(timer)
      timer = setTimeout(() => kill('timeout'), limits.timeoutMs)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES)
    })
    child.on('close', (code, signal) => {
      settle(classifyExit({ killedFor, code, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderrTail, nonce, limits }))
    })
  })
}

interface ExitFacts {
  killedFor: KillReason | null
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderrTail: string
  nonce: string
  limits: ChildLimits
}

/** Reads the nonce-prefixed lines (`L` log line, `R` result) and ignores everything else on stdout. */
function readFrames(stdout: string, nonce: string): { logs: string[]; result: unknown } {
  const logs: string[] = []
  let result: unknown
  for (const line of stdout.split('\n')) {
    const at = line.indexOf(nonce)
    if (at < 0) continue
    const kind = line[at + nonce.length]
    try {
      const value = JSON.parse(line.slice(at + nonce.length + 1)) as unknown
      if (kind === 'L' && typeof value === 'string' && logs.length < MAX_LOG_LINES) logs.push(value)
      if (kind === 'R') result = value
    } catch {
      // not one of ours after all
    }
  }
  return { logs, result }
}

function classifyExit({ killedFor, code, signal, stdout, stderrTail, nonce, limits }: ExitFacts): ChildResult {
  const { logs, result } = readFrames(stdout, nonce)
  const fail = (error: string): ChildResult => ({ ok: false, error, logs })
  const outOfMemory = `Script ran out of memory (${limits.memoryMb} MB)`
  if (killedFor === 'timeout') return fail(`Script timed out after ${formatSeconds(limits.timeoutMs)}`)
  if (killedFor === 'startup') return fail(`The script sandbox did not start within ${formatSeconds(STARTUP_LIMIT_MS)}`)
  if (killedFor === 'memory') return fail(outOfMemory)
  if (killedFor === 'output') return fail('Script wrote too much output')
  if (killedFor === 'closed') return fail('Script sandbox is closed')
  if (result !== undefined) return { ok: true, result, logs }
  if (/heap out of memory|Reached heap limit/i.test(stderrTail) || signal === 'SIGABRT' || code === 134) return fail(outOfMemory)
  const lastLine = stderrTail
    .trim()
    .split('\n')
    .filter((l) => !/^\s+at |^Node\.js v/.test(l))
    .pop()
    ?.slice(0, 200)
  const how = signal ? `signal ${signal}` : `code ${String(code)}`
  return fail(`Script exited before finishing (${how})${lastLine ? `: ${lastLine}` : ''}`)
}
