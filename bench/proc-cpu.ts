/** CPU time and memory of processes from /proc (Linux): for benchmarks that compare what whole processes spend. */
import fs from 'node:fs'

const TICKS_PER_SECOND = 100

/** User + system CPU seconds of one process so far; 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** Resident memory of one process in MB (VmRSS, whole MB). */
export function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}

/** The pids of processes whose command name is `name` (e.g. every PostgreSQL backend: 'postgres'). */
export function pidsNamed(name: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === name
      } catch {
        return false
      }
    })
    .map(Number)
}

/**
 * CPU seconds spent between start() and stop() by fixed pids plus, each time, every process named in `names`
 * (PostgreSQL starts a backend per connection, so its set is read at both ends; a backend gone in between is lost).
 */
export function cpuMeter(pids: Record<string, number>, names: string[] = []) {
  const sample = () => {
    const out: Record<string, number> = {}
    for (const [label, pid] of Object.entries(pids)) out[label] = cpuSecondsOf(pid)
    for (const name of names) out[name] = pidsNamed(name).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0)
    return out
  }
  let before: Record<string, number> = {}
  return {
    start() {
      before = sample()
    },
    stop(): Record<string, number> {
      const after = sample()
      return Object.fromEntries(Object.keys(after).map((k) => [k, Math.round(((after[k] ?? 0) - (before[k] ?? 0)) * 100) / 100]))
    },
  }
}
