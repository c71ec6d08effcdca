/** Small helpers shared by the benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i] as number
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

export function machine(): string {
  const cpus = os.cpus()
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => round(l, 1))
    .join('/')}`
}

/** Starts bench/target.mjs in a child process and resolves with its base URL. */
export function startTarget(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'target.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve({ url: `http://127.0.0.1:${d.toString().trim()}`, child }))
    child.once('exit', (code) => reject(new Error(`target exited with ${String(code)}`)))
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs `once` `n` times with `concurrency` of them in flight (after `warmup` runs), and returns the wall time and
 * each run's time, sorted.
 */
export async function timeRuns(n: number, concurrency: number, once: () => Promise<void>, warmup = 0): Promise<{ wallMs: number; times: number[] }> {
  for (let i = 0; i < warmup; i++) await once()
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) {
        const t0 = performance.now()
        await once()
        times.push(performance.now() - t0)
      }
    }),
  )
  return { wallMs: performance.now() - started, times: times.sort((a, b) => a - b) }
}

/**
 * A clock that stands at `at` until started, then runs on from there: seeded history ends at `at`, and a service
 * on this clock sees it as just recorded ("the last 24 hours" holds it).
 */
export class ReplayClock {
  private offset: number | null = null
  constructor(private readonly at: number) {}
  start(): void {
    this.offset = this.at - Date.now()
  }
  now(): number {
    return this.offset === null ? this.at : Date.now() + this.offset
  }
}

/** p50 and p99 of a set of timings, and how many. */
export function latencyStats(ms: number[]): { p50: number; p99: number; n: number } {
  const s = [...ms].sort((a, b) => a - b)
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), n: s.length }
}
