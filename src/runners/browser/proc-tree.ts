/**
 * The process tree of a run, read from /proc: a browser run is a node process, Playwright's workers and the
 * Chromium processes they launch (which Playwright puts in process groups of their own). A run is over only when
 * all of them are gone, so the runner kills the whole tree, and any process still naming the run's directory.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs'

export interface ProcInfo {
  pid: number
  ppid: number
  pgid: number
  rssKb: number
}

/** Parses /proc/<pid>/stat (the command name may hold spaces and parentheses, so fields count from its last `)`). */
export function parseStat(text: string): { pid: number; state: string; ppid: number; pgid: number; rssPages: number } | null {
  const close = text.lastIndexOf(')')
  if (close < 0) return null
  const pid = Number(text.slice(0, text.indexOf(' ')))
  const fields = text.slice(close + 2).split(' ', 22)
  // fields[0] is the state; ppid, pgrp follow; rss is field 24 of the whole line (index 21 here).
  const ppid = Number(fields[1])
  const pgid = Number(fields[2])
  const rssPages = Number(fields[21])
  if (![pid, ppid, pgid].every(Number.isInteger)) return null
  return { pid, state: fields[0] ?? '', ppid, pgid, rssPages: Number.isFinite(rssPages) ? rssPages : 0 }
}

/** Scratch space of procText: a stat line or a command line fits, and nothing is allocated per file. */
const scratch = Buffer.allocUnsafe(16 * 1024)

/** The start of a /proc file (up to 16 KiB), or '' when the process is gone. */
function procText(file: string): string {
  let fd: number | null = null
  try {
    fd = openSync(file, 'r')
    return scratch.toString('latin1', 0, readSync(fd, scratch, 0, scratch.length, 0))
  } catch {
    return ''
  } finally {
    if (fd !== null) closeSync(fd)
  }
}

/**
 * Every live process on the machine (zombies, already dead and waiting to be reaped, are left out). Read with
 * synchronous calls into one reused buffer: /proc files are made in memory by the kernel, and a scan of a hundred
 * processes takes about 2 ms this way against about 18 ms of CPU through promises and the thread pool, CPU that a
 * watchdog polling twice a second took from the Chromium it watches.
 */
export function listProcesses(): ProcInfo[] {
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return []
  }
  const out: ProcInfo[] = []
  for (const n of names) {
    if (!/^\d+$/.test(n)) continue
    const stat = parseStat(procText(`/proc/${n}/stat`))
    if (stat && stat.state !== 'Z' && stat.state !== 'X') out.push({ pid: stat.pid, ppid: stat.ppid, pgid: stat.pgid, rssKb: stat.rssPages * 4 })
  }
  return out
}

/** The root and every process below it (pure). */
export function treeOf(root: number, all: ProcInfo[]): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>()
  for (const p of all) {
    const siblings = children.get(p.ppid)
    if (siblings) siblings.push(p)
    else children.set(p.ppid, [p])
  }
  const out: ProcInfo[] = []
  const seen = new Set<number>()
  const stack = all.filter((p) => p.pid === root)
  while (stack.length > 0) {
    const p = stack.pop() as ProcInfo
    if (seen.has(p.pid)) continue
    seen.add(p.pid)
    out.push(p)
    stack.push(...(children.get(p.pid) ?? []))
  }
  return out
}

/** Processes whose command line contains `marker` (the run's directory): strays that left the tree. */
function processesNaming(marker: string, all: ProcInfo[]): ProcInfo[] {
  return all.filter((p) => p.pid !== process.pid && procText(`/proc/${p.pid}/cmdline`).includes(marker))
}

/** Resident memory of the tree in MB. */
export function treeRssMb(root: number): number {
  return treeOf(root, listProcesses()).reduce((sum, p) => sum + p.rssKb, 0) / 1024
}

/** Resident memory in MB of the processes naming `marker` (a run box's bwrap names the run's folder) and all below them. */
export function markedTreesRssMb(marker: string): number {
  const all = listProcesses()
  const seen = new Map<number, ProcInfo>()
  for (const root of processesNaming(marker, all)) for (const p of treeOf(root.pid, all)) seen.set(p.pid, p)
  return [...seen.values()].reduce((sum, p) => sum + p.rssKb, 0) / 1024
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/**
 * SIGKILLs the trees under `roots`, the process groups their members lead, and every process naming `marker`,
 * repeating until none is left (a process may fork while we kill). Returns how many processes were killed.
 */
export async function killTree(roots: readonly number[], marker: string, options: { orphansOnly?: boolean } = {}): Promise<number> {
  let killed = 0
  for (let round = 0; round < 20; round++) {
    const all = listProcesses()
    // Processes seen in the run's tree before its root exited are its orphans only if init adopted them since
    // (a pid reused by an unrelated process has another parent).
    if (options.orphansOnly) roots = roots.filter((pid) => all.some((p) => p.pid === pid && p.ppid === 1))
    const doomed = new Map<number, ProcInfo>()
    for (const root of roots) for (const p of treeOf(root, all)) doomed.set(p.pid, p)
    for (const p of processesNaming(marker, all)) doomed.set(p.pid, p)
    doomed.delete(process.pid)
    if (doomed.size === 0) return killed
    for (const p of doomed.values()) {
      if (p.pgid === p.pid && p.pgid !== process.pid) signal(-p.pgid)
      signal(p.pid)
    }
    killed += doomed.size
    await pause(50)
  }
  return killed
}
