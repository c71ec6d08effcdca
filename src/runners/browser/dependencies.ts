/**
 * A check's npm dependencies, installed once and kept (effects; install-plan.ts decides what to install). npm runs
 * like users' code does: in a box of its own as the runs' user, its network only through the egress proxy, with a
 * time limit, install scripts off unless the installation allows them. The result is kept under the hash of
 * package.json, the lockfile, .npmrc and the command, so later runs (and other checks with the same files) mount
 * it read-only instead of installing again. The runtime's Playwright packages in the result are links to the
 * runtime's own, which every run sees at the same path.
 */
import { existsSync, realpathSync } from 'node:fs'
import { chmod, lchown, lstat, mkdir, mkdtemp, readdir, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { stripAnsi } from '../../lib/ansi.js'
import { suiteFileBytes } from '../../domain/checks/suite-file.js'
import { runProcess, type ProcessOutcome } from './run-process.js'
import { RUNTIME_PACKAGES, type Install } from './install-plan.js'
import type { BoxedCommand } from '../sandbox/box-host.js'

export interface InstallEnvironment {
  /**
   * The command that runs npm with `args` in `dir` (boxed, with the run's network), and what it needs closed after;
   * `variables` join npm's environment (those the project's .npmrc names).
   */
  command(args: string[], dir: string, variables: Record<string, string>): Promise<{ command: BoxedCommand; env: Record<string, string>; close(): Promise<void> }>
  runAs: { uid: number; gid: number } | null
  timeoutMs: number
  memoryMb: number
}

export interface DependencyCache {
  /** The installed node_modules of `install` (from the cache, or installed now), or npm's own error lines. */
  prepare(
    install: Install,
    env: InstallEnvironment,
    variables: Record<string, string>,
    signal?: AbortSignal,
    /** `refresh`: install anew even when the cache holds this install (the new one then replaces it). */
    options?: { refresh?: boolean },
  ): Promise<{ dir: string; cached: boolean } | { error: string; log: string[] }>
}

/**
 * A cached install that a refresh replaced is moved aside, not deleted, since a run that started before may still
 * be using it; it is removed by a later install once no run can be (older than the longest run).
 */
const RETIRED = 'retired-'
const RETIRED_KEEP_MS = 60 * 60 * 1000

async function sweepRetired(root: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [])) {
    if (!name.startsWith(RETIRED)) continue
    const dir = path.join(root, name)
    const info = await lstat(dir).catch(() => null)
    if (info && Date.now() - info.mtimeMs > RETIRED_KEEP_MS) await rm(dir, { recursive: true, force: true })
  }
}

const DONE = '.picket-installed'

/** The npm CLI of the node that runs this process (Debian's and the official builds keep it beside node). */
export function npmCliPath(execPath: string = process.execPath): string {
  return path.join(path.dirname(path.dirname(realpathSync(execPath))), 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')
}

/** npm's error lines (`npm error ...`, `npm ERR! ...`) from its output, or its last lines when it printed none. */
export function npmErrorLines(out: ProcessOutcome): string[] {
  const lines = stripAnsi(`${out.stderr}\n${out.stdout}`)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '')
  const errors = lines.filter((l) => /^npm (error|ERR!)/.test(l) && !/A complete log of this run|^npm (error|ERR!)\s*$/.test(l))
  return (errors.length > 0 ? errors : lines.slice(-10)).slice(0, 20)
}

/** Gives `dir` and everything in it to `owner`; a link is changed itself, never what it points at (npm and install scripts make links). */
async function ownTree(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await lchown(dir, owner.uid, owner.gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) await ownTree(p, owner)
    else await lchown(p, owner.uid, owner.gid).catch(() => undefined)
  }
}

/** The package folders in a node_modules folder, scoped ones (@scope/name) included; links are not followed. */
async function packagesIn(modules: string): Promise<Array<{ name: string; dir: string; isDir: boolean }>> {
  const out: Array<{ name: string; dir: string; isDir: boolean }> = []
  for (const entry of await readdir(modules, { withFileTypes: true }).catch(() => [])) {
    const dir = path.join(modules, entry.name)
    if (!entry.name.startsWith('@') || !entry.isDirectory()) {
      out.push({ name: entry.name, dir, isDir: entry.isDirectory() })
      continue
    }
    for (const sub of await readdir(dir, { withFileTypes: true }).catch(() => []))
      out.push({ name: `${entry.name}/${sub.name}`, dir: path.join(dir, sub.name), isDir: sub.isDirectory() })
  }
  return out
}

/** Takes every copy of the runtime packages out of `modules` and links the top-level names to `runtime`'s. */
async function linkRuntime(modules: string, runtime: string, depth = 0): Promise<void> {
  for (const pkg of await packagesIn(modules)) {
    if ((RUNTIME_PACKAGES as readonly string[]).includes(pkg.name)) await rm(pkg.dir, { recursive: true, force: true })
    else if (pkg.isDir && depth < 8) await linkRuntime(path.join(pkg.dir, 'node_modules'), runtime, depth + 1)
  }
  if (depth > 0 || !existsSync(modules)) return
  await mkdir(path.join(modules, '@playwright'), { recursive: true })
  for (const name of RUNTIME_PACKAGES) await symlink(path.join(runtime, name), path.join(modules, name))
}

/** `root` gives the cache's folder (made on first use); `runtimeSeenAs` is where runs see the runtime's packages. */
export function createDependencyCache(options: { root: () => Promise<string>; runtimeSeenAs: string }): DependencyCache {
  const inFlight = new Map<string, Promise<{ dir: string; cached: boolean } | { error: string; log: string[] }>>()
  const serviceOwner = process.getuid && process.getgid ? { uid: process.getuid(), gid: process.getgid() } : null

  async function install(
    plan: Install,
    env: InstallEnvironment,
    variables: Record<string, string>,
    signal?: AbortSignal,
    refresh = false,
  ): Promise<{ dir: string; cached: boolean } | { error: string; log: string[] }> {
    const root = await options.root()
    const done = path.join(root, plan.key)
    const kept = existsSync(path.join(done, DONE))
    if (kept && !refresh) return { dir: path.join(done, 'node_modules'), cached: true }
    await mkdir(root, { recursive: true, mode: 0o755 })
    await sweepRetired(root)
    const staging = await mkdtemp(path.join(root, 'tmp-'))
    try {
      await chmod(staging, 0o755)
      for (const f of plan.files) await writeFile(path.join(staging, f.path), suiteFileBytes(f))
      await mkdir(path.join(staging, '.npm'))
      if (env.runAs) await ownTree(staging, env.runAs)
      const boxed = await env.command(plan.args, staging, variables)
      let out: ProcessOutcome
      try {
        out = await runProcess(
          boxed.command.command,
          boxed.command.args,
          { cwd: staging, env: boxed.env, marker: staging },
          { timeoutMs: env.timeoutMs, memoryMb: env.memoryMb, runAs: env.runAs, ...(signal ? { signal } : {}) },
        )
      } finally {
        await boxed.close()
      }
      if (out.killedFor === 'timeout')
        return { error: `Installing the dependencies (${plan.label}) took longer than ${Math.round(env.timeoutMs / 1000)} s and was stopped`, log: npmErrorLines(out) }
      if (out.killedFor !== null || out.code !== 0) {
        const lines = npmErrorLines(out)
        return { error: `Installing the dependencies (${plan.label}) failed: ${lines.slice(0, 6).join('\n')}`, log: lines }
      }
      const modules = path.join(staging, 'node_modules')
      await mkdir(modules, { recursive: true })
      await rm(path.join(staging, '.npm'), { recursive: true, force: true })
      // The runs' user installed it; the service owns what is kept, so no run can change another run's packages.
      if (env.runAs && serviceOwner) await ownTree(staging, serviceOwner)
      await linkRuntime(modules, options.runtimeSeenAs)
      await writeFile(path.join(staging, DONE), `${plan.label}\n`)
      if (existsSync(done)) {
        const retired = path.join(root, `${RETIRED}${plan.key}-${Date.now()}`)
        await rename(done, retired).catch(() => undefined)
        await utimes(retired, new Date(), new Date()).catch(() => undefined)
      }
      await rename(staging, done).catch(async (err: NodeJS.ErrnoException) => {
        // Another process of this installation kept the same install first: use theirs.
        if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err
      })
      return { dir: path.join(done, 'node_modules'), cached: false }
    } finally {
      if ((await lstat(staging).catch(() => null)) !== null) await rm(staging, { recursive: true, force: true })
    }
  }

  return {
    prepare(plan, env, variables, signal, prepareOptions) {
      // A refresh never joins an install that may have been answered from the cache.
      const refresh = prepareOptions?.refresh === true
      const key = refresh ? `${plan.key}:refresh` : plan.key
      const running = inFlight.get(key)
      if (running) return running
      const started = install(plan, env, variables, signal, refresh).finally(() => inFlight.delete(key))
      inFlight.set(key, started)
      return started
    },
  }
}
