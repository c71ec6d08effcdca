/**
 * Where a run's files are as the run itself sees them (pure). In a box the run's folder is always `/suite`, the
 * runner's packages `/node_modules` (links into `/opt/picket/runtime`, the service's own node_modules) and the
 * runner's helper files are under `/opt/picket`: every path a script can print, throw or leave in a trace is one of
 * these, never the service's install path, its data folder or the name of the run's folder on the host. Without a
 * box (SANDBOX=off) the run sees the host's paths, and the same names map them back.
 */
import path from 'node:path'
import type { BoxMount } from '../sandbox/box.js'

export const BOX_SUITE = '/suite'
export const BOX_MODULES = '/node_modules'
export const BOX_RUNTIME = '/opt/picket/runtime'
const BOX_HELPERS = '/opt/picket'

/** Where a box sees one of the runner's helper files. */
export const boxHelperPath = (hostFile: string): string => path.posix.join(BOX_HELPERS, path.basename(hostFile))

export interface RunLayout {
  /** The run's folder. */
  root: string
  /** The runner's packages (the runs root's node_modules). */
  modules: string
  /** A helper file of the runner (preload, network relay), by its host path. */
  helper(hostFile: string): string
  /** Mounts of a box (none without one). */
  mounts: BoxMount[]
  /** How results show the run's own paths: each prefix and what replaces it (see relativePaths). */
  shown: ReadonlyArray<readonly [string, string]>
}

export interface LayoutInput {
  boxed: boolean
  /** The run's folder on the host. */
  runDir: string
  /** The folder of a suite's installed dependencies (node_modules), when it has any, and where it goes in the suite. */
  dependencies: { hostDir: string; at: string } | null
  /** The service's node_modules on the host. */
  runtime: string
  /** The runner's helper files on the host. */
  helpers: readonly string[]
}

/** What the runs root's links to the runtime point at: the box's runtime mount, or the host's folder. */
export function runtimeSeenAs(boxed: boolean, hostRuntime: string): string {
  return boxed ? BOX_RUNTIME : hostRuntime
}

export function runLayout(input: LayoutInput): RunLayout {
  const hostModules = path.join(path.dirname(input.runDir), 'node_modules')
  if (!input.boxed) {
    const helperDirs = [...new Set(input.helpers.map((f) => path.dirname(f)))].map((d) => [d, ''] as const)
    return {
      root: input.runDir,
      modules: hostModules,
      helper: (f) => f,
      mounts: [],
      shown: [[input.runDir, ''], [hostModules, 'node_modules/'], [input.runtime, 'node_modules/'], ...helperDirs],
    }
  }
  const mounts: BoxMount[] = [
    { from: input.runDir, to: BOX_SUITE, writable: true },
    { from: hostModules, to: BOX_MODULES, writable: false },
    { from: input.runtime, to: BOX_RUNTIME, writable: false },
    ...input.helpers.map((f) => ({ from: f, to: boxHelperPath(f), writable: false })),
  ]
  if (input.dependencies) mounts.push({ from: input.dependencies.hostDir, to: path.posix.join(BOX_SUITE, input.dependencies.at, 'node_modules'), writable: false })
  return {
    root: BOX_SUITE,
    modules: BOX_MODULES,
    helper: boxHelperPath,
    mounts,
    shown: [
      [BOX_SUITE, ''],
      [BOX_MODULES, 'node_modules/'],
      [BOX_RUNTIME, 'node_modules/'],
      [BOX_HELPERS, ''],
    ],
  }
}

/** A path the run named, on the host: inside the run's folder, or null. */
export function hostPathOf(layout: RunLayout, runDir: string, seen: string): string | null {
  const rel = path.posix.relative(layout.root, seen)
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null
  return path.join(runDir, rel)
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * `text` with the run's own paths shown as results show them: relative to the suite's root, the runner's packages
 * as `node_modules/...`. A prefix counts only where a path starts (start of a line, after a space, a quote, a
 * bracket, `=` or `file://`), so a URL that happens to contain `/suite/` is left alone.
 */
export function relativePaths(text: string, shown: RunLayout['shown']): string {
  let out = text
  for (const [from, to] of shown) {
    const re = new RegExp(`(^|[\\s('"\`=,\\[]|file://)${escapeRegExp(from)}/`, 'gm')
    out = out.replace(re, (_m, lead: string) => `${lead === 'file://' ? '' : lead}${to}`)
  }
  return out
}
