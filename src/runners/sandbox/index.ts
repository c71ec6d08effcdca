/**
 * The child-process ScriptSandbox: every setup/teardown script runs in a fresh `node` process (see
 * spawn-child.ts for the limits and harness.mjs for what a script sees). At most `concurrency` children run at
 * once; the others wait. Failures of any kind come back as `{ok: false, error}`, never as a rejection.
 */
import { existsSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { egressRules, type EgressPolicy } from '../../domain/egress.js'
import type { ScriptRequest, ScriptResponse, ScriptSandbox, SetupOutcome, TeardownOutcome } from '../script-sandbox.js'
import { toSetupOutcome, toTeardownOutcome } from './outcome.js'
import { createSemaphore } from './semaphore.js'
import { createRunBox, type RunBox } from './box-host.js'
import { egressGuard } from '../egress-guard.js'
import { runInChild, type ChildLimits, type ChildResult } from './spawn-child.js'

export interface SandboxOptions {
  /** Wall-clock limit per script, spawn included (default 10 000 ms). */
  timeoutMs?: number
  /** V8 heap cap of the child (default 128 MB). */
  memoryMb?: number
  /** Resident-memory ceiling watched from outside, which also covers Buffers (default 2 × memoryMb + 64). */
  rssLimitMb?: number
  /** Children running at once (default 4). */
  concurrency?: number
  /** Data passed each way, in bytes (default 256 KB); the script source has the same bound. */
  maxDataBytes?: number
  /** Where runtime packages are `require`d from (default: the nearest node_modules above this module). */
  nodeModulesDir?: string | null
  /** The child's user; by default `nobody` (65534) when this process runs as root, else unchanged. */
  runAs?: { uid: number; gid: number } | null
  /** Where scripts may connect (EGRESS_POLICY); default open. The child guards its own sockets (egress-guard.cjs). */
  egress?: EgressPolicy
  /**
   * The box each script runs in (box.ts); by default bubblewrap at /usr/bin/bwrap. null runs scripts in a bare
   * child process, which only an operator's explicit SANDBOX=off may ask for.
   */
  box?: RunBox | null
}

export interface ChildProcessSandbox extends ScriptSandbox {
  /** Kills running children; later and queued scripts fail with "Script sandbox is closed". */
  close(): void
}

const HERE = path.dirname(fileURLToPath(import.meta.url))
const KB = 1024

/** The nearest node_modules folder at or above `from` (its real path), or null. */
export function findNodeModules(from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules')
    if (existsSync(candidate)) return realpathSync(candidate)
    if (path.dirname(dir) === dir) return null
  }
}

/** The user runs of users' code start as: nobody when this process is root, else this process's own. */
export function defaultRunAs(): { uid: number; gid: number } | null {
  return process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null
}

export function createChildProcessSandbox(options: SandboxOptions = {}): ChildProcessSandbox {
  const memoryMb = options.memoryMb ?? 128
  const maxDataBytes = options.maxDataBytes ?? 256 * KB
  const closed = new AbortController()
  const limits: ChildLimits = {
    harnessPath: realpathSync(path.join(HERE, 'harness.mjs')),
    nodeModulesDir: options.nodeModulesDir === undefined ? findNodeModules(HERE) : options.nodeModulesDir,
    timeoutMs: options.timeoutMs ?? 10_000,
    memoryMb,
    rssLimitMb: options.rssLimitMb ?? memoryMb * 2 + 64,
    maxDataBytes,
    runAs: options.runAs === undefined ? defaultRunAs() : options.runAs,
    signal: closed.signal,
    egress: null,
    box: null,
  }
  const rules = options.egress ? egressRules(options.egress) : null
  if (rules) limits.egress = { rules, guardPath: realpathSync(path.join(HERE, 'egress-guard.cjs')) }
  const box = options.box === undefined ? createRunBox() : options.box
  if (box) limits.box = { box, guard: egressGuard(options.egress) }
  const slots = createSemaphore(options.concurrency ?? 4)

  function tooLarge(script: string, input: unknown): string | null {
    if (Buffer.byteLength(script) > maxDataBytes) return `Script is larger than ${maxDataBytes / KB} KB`
    if (Buffer.byteLength(JSON.stringify(input)) > maxDataBytes) return `Script input is larger than ${maxDataBytes / KB} KB`
    return null
  }

  async function run(phase: 'setup' | 'teardown', script: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<ChildResult> {
    const error = tooLarge(script, input)
    if (error) return { ok: false, error, logs: [] }
    if (!signal) return slots.run(() => runInChild({ phase, script, input }, limits))
    // The script dies with its run (a cancel, a shutdown) as well as with the sandbox.
    const either = new AbortController()
    const stop = () => either.abort()
    for (const s of [closed.signal, signal]) {
      if (s.aborted) either.abort()
      else s.addEventListener('abort', stop, { once: true })
    }
    try {
      return await slots.run(() => runInChild({ phase, script, input }, { ...limits, signal: either.signal }))
    } finally {
      closed.signal.removeEventListener('abort', stop)
      signal.removeEventListener('abort', stop)
    }
  }

  return {
    async runSetup(script: string, input: { request: ScriptRequest; env: Record<string, string> }, signal?: AbortSignal): Promise<SetupOutcome> {
      return toSetupOutcome(await run('setup', script, { request: input.request, env: input.env }, signal))
    },
    async runTeardown(script: string, input: { request: ScriptRequest; response: ScriptResponse; env: Record<string, string> }, signal?: AbortSignal): Promise<TeardownOutcome> {
      const child = await run('teardown', script, { request: input.request, response: input.response, env: input.env }, signal)
      return toTeardownOutcome(child, input.response)
    },
    close() {
      closed.abort()
    },
  }
}
