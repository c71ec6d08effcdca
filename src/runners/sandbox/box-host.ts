/**
 * The host side of the run box (box.ts): whether bubblewrap works here, and the command that runs a piece of
 * users' code in a box. Runners receive a RunBox, or null when the operator turned the sandbox off explicitly
 * (SANDBOX=off); a box that cannot start is a failed run saying why, never an unsandboxed run.
 */
import { execFile } from 'node:child_process'
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { BOX_SYSTEM_DIRS, boxArgs, DEFAULT_BOX_LIMITS, type BoxLimits, type BoxMount, type BoxSpec } from './box.js'

const run = promisify(execFile)

export interface BoxedCommand {
  command: string
  args: string[]
}

export interface RunBox {
  /** Why boxes cannot start here (bubblewrap missing, user namespaces refused), or null when they can. */
  readonly unavailable: string | null
  /** The command that runs `command` in a new box. */
  wrap(
    command: readonly string[],
    where: { cwd: string; writable: readonly string[]; readOnly: readonly string[]; egressDir: string | null; mounts?: readonly BoxMount[]; asNamespaceRoot?: boolean },
  ): BoxedCommand
}

export interface RunBoxOptions {
  bwrapPath?: string
  limits?: Partial<BoxLimits>
  /** Host paths every box may read; by default the node binary's folder when it is outside /usr. */
  runtime?: readonly string[]
}

function systemDirs(): Record<string, string | 'dir' | null> {
  const out: Record<string, string | 'dir' | null> = {}
  for (const dir of BOX_SYSTEM_DIRS) {
    try {
      const st = lstatSync(dir)
      out[dir] = st.isSymbolicLink() ? readlinkSync(dir) : st.isDirectory() ? 'dir' : null
    } catch {
      out[dir] = null
    }
  }
  return out
}

/** Read-only paths that hold the node binary (unless /usr already holds it). */
function nodeBinaryPaths(execPath: string = process.execPath): string[] {
  const real = realpathSync(execPath)
  return real.startsWith('/usr/') ? [] : [path.dirname(path.dirname(real))]
}

const INSTALL_HINT =
  "install bubblewrap (`apt-get install -y bubblewrap`) and allow user namespaces, or set SANDBOX=off to run users' code without a sandbox (only where every user of this installation is trusted)"

/** Starts one trivial box as the run user: the probe that decides whether runs can be boxed here. */
export async function probeRunBox(box: RunBox, runAs: { uid: number; gid: number } | null): Promise<string | null> {
  if (box.unavailable) return box.unavailable
  const { command, args } = box.wrap(['/usr/bin/true'], { cwd: '/', writable: [], readOnly: [], egressDir: null })
  try {
    await run(command, args, { timeout: 20_000, env: {}, ...(runAs ?? {}) })
    return null
  } catch (err) {
    const detail = String((err as { stderr?: unknown }).stderr ?? (err as Error).message)
      .trim()
      .split('\n')[0]
    return `The run sandbox could not start (${detail}): ${INSTALL_HINT}`
  }
}

export function createRunBox(options: RunBoxOptions = {}): RunBox {
  const bwrapPath = options.bwrapPath ?? '/usr/bin/bwrap'
  const limits = { ...DEFAULT_BOX_LIMITS, ...options.limits }
  const runtime = options.runtime ?? nodeBinaryPaths()
  const dirs = systemDirs()
  const unavailable = existsSync(bwrapPath) ? null : `bubblewrap was not found at ${bwrapPath}: ${INSTALL_HINT}`
  return {
    unavailable,
    wrap(command, where) {
      const spec: BoxSpec = {
        systemDirs: dirs,
        limits,
        command,
        cwd: where.cwd,
        writable: where.writable,
        egressDir: where.egressDir,
        mounts: where.mounts ?? [],
        asNamespaceRoot: where.asNamespaceRoot ?? false,
        readOnly: [...new Set([...runtime, ...where.readOnly])],
      }
      return { command: bwrapPath, args: boxArgs(spec) }
    },
  }
}
