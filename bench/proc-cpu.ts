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
 * (PostgreSQL starts a backend per connection). Named processes count by pid: one seen at both ends adds what it
 * spent in between, one started in between adds all it spent; one gone by stop() is lost (its CPU is not known).
 */
export function cpuMeter(pids: Record<string, number>, names: string[] = []) {
  const named = () => new Map(names.map((name) => [name, new Map(pidsNamed(name).map((pid) => [pid, cpuSecondsOf(pid)]))]))
  let before: Record<string, number> = {}
  let namedBefore = named()
  return {
    start() {
      before = Object.fromEntries(Object.entries(pids).map(([label, pid]) => [label, cpuSecondsOf(pid)]))
      namedBefore = named()
    },
    stop(): Record<string, number> {
      const out: Record<string, number> = {}
      for (const [label, pid] of Object.entries(pids)) out[label] = cpuSecondsOf(pid) - (before[label] ?? 0)
      for (const [name, now] of named()) {
        const then = namedBefore.get(name)
        out[name] = [...now].reduce((sum, [pid, cpu]) => sum + cpu - (then?.get(pid) ?? 0), 0)
      }
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v * 100) / 100]))
    },
  }
}
