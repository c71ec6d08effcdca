/**
 * Over HTTP, for bench/dashboard-pages.ts, with the client in a process of its own (dashboard-pages-client.ts):
 * time to first byte and to the last byte, cold (page cache off) and warm (the default cache), one request after
 * another; then the requests per second one instance serves with keep-alive connections.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import type { DashboardWindow } from '../src/domain/dashboard-display.js'
import { round } from './lib.js'
import { log, url, type DashKey, type Served } from './dashboard-pages-site.js'
import { stat, type Latency } from './dashboard-pages-report.js'

/** The app twice on one database: every view computed (cold), and with the default 10 s cache (warm). */
export interface HttpBench {
  kind: 'sqlite' | 'postgres'
  cold: Served
  warm: Served
  /** The number of seeded checks: dashboard a shows them 15 a page. */
  checks: number
}

function client<T>(job: Record<string, unknown>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'dashboard-pages-client.ts'), JSON.stringify(job)], {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`client exited with ${String(code)}`))))
  })
}

/** Cold, dashboard a goes through all its pages, so that no page is read twice in a row. */
const coldUrls = (checks: number, d: DashKey, window: DashboardWindow, part = '') =>
  d === 'a' ? Array.from({ length: Math.ceil(checks / 15) }, (_, i) => url(d, window, i + 1, part)) : [url(d, window, undefined, part)]

export async function measureLatency({ kind, cold, warm, checks }: HttpBench): Promise<Latency[]> {
  const latency: Latency[] = []
  const cases: Array<{ d: DashKey; window: DashboardWindow; part?: string }> = [
    { d: 'a', window: '24h' },
    { d: 'a', window: '30d' },
    { d: 'a', window: '24h', part: '/data' },
    { d: 'b', window: '24h' },
    { d: 'b', window: '30d' },
  ]
  for (const c of cases) {
    const part = c.part ?? ''
    type Seq = { ttfb: number[]; total: number[]; bytes: number; errors: number; error: string }
    const coldRun = await client<Seq>({ mode: 'seq', origin: cold.origin, urls: coldUrls(checks, c.d, c.window, part), samples: 30, budgetMs: 60_000, warmup: 1 })
    // Warm: one request fills the cache, then requests for 8 s at most (within the 10 s the view is kept).
    const warmRun = await client<Seq>({ mode: 'seq', origin: warm.origin, urls: [url(c.d, c.window, c.d === 'a' ? 1 : undefined, part)], samples: 300, budgetMs: 8_000, warmup: 1 })
    latency.push({
      dashboard: c.d,
      window: c.window,
      route: part || 'page',
      kiB: round(coldRun.bytes / 1024, 0),
      cold: { ttfb: stat(coldRun.ttfb), total: stat(coldRun.total), errors: coldRun.errors, error: coldRun.error },
      warm: { ttfb: stat(warmRun.ttfb), total: stat(warmRun.total), errors: warmRun.errors, error: warmRun.error },
    })
    log(kind, 'latency', JSON.stringify(latency[latency.length - 1]))
  }
  return latency
}

/** Requests per second under load; a case whose sequential requests failed, or that would take minutes, is not loaded. */
export async function measureThroughput(
  { kind, cold, warm, checks }: HttpBench,
  latency: Latency[],
  load: { connections: number; seconds: number },
): Promise<Array<Record<string, unknown>>> {
  const throughput: Array<Record<string, unknown>> = []
  for (const c of [
    { d: 'a', window: '24h' },
    { d: 'a', window: '30d' },
    { d: 'b', window: '24h' },
    { d: 'b', window: '30d' },
  ] as Array<{ d: DashKey; window: DashboardWindow }>) {
    for (const mode of ['warm', 'cold'] as const) {
      const served = mode === 'warm' ? warm : cold
      const seq = latency.find((l) => l.dashboard === c.d && l.window === c.window && l.route === 'page')
      if (seq && seq[mode].errors > 0) {
        throughput.push({ dashboard: c.d, window: c.window, mode, skipped: true, error: seq[mode].error })
        continue
      }
      // A cold view that takes seconds would keep 16 connections busy for minutes: its rate is 1 / its time.
      if (mode === 'cold' && seq && seq.cold.total.p50 * load.connections > 30_000) {
        throughput.push({ dashboard: c.d, window: c.window, mode, skipped: true, rpsFromSequential: round(1000 / seq.cold.total.p50, 2) })
        continue
      }
      const urls = mode === 'cold' ? coldUrls(checks, c.d, c.window) : [url(c.d, c.window, c.d === 'a' ? 1 : undefined)]
      const r = await client<{ requests: number; errors: number; seconds: number; latencies: number[] }>({
        mode: 'load',
        origin: served.origin,
        urls,
        connections: load.connections,
        seconds: load.seconds,
      })
      throughput.push({
        dashboard: c.d,
        window: c.window,
        mode,
        rps: round(r.requests / r.seconds, 1),
        requests: r.requests,
        errors: r.errors,
        seconds: round(r.seconds, 1),
        latency: stat(r.latencies),
      })
      log(kind, 'throughput', JSON.stringify(throughput[throughput.length - 1]))
    }
  }
  return throughput
}
