/**
 * The figures of bench/dashboard-pages.ts: their shapes, the p50/p99 summary of a list of timings, and the Markdown
 * tables printed for each database (HTTP timings, requests per second, statements per view, where a cold view's
 * time goes, the render in Chromium).
 */
import type { DashboardWindow } from '../src/domain/dashboard-display.js'
import { percentile, round } from './lib.js'
import type { DashKey } from './dashboard-pages-site.js'

export interface Stat {
  n: number
  p50: number
  p99: number
}
export const stat = (values: number[]): Stat => {
  const sorted = [...values].sort((a, b) => a - b)
  return { n: sorted.length, p50: round(percentile(sorted, 50), 1), p99: round(percentile(sorted, 99), 1) }
}

/** Requests one after another: time to first byte and to the last byte, and the answers other than 200. */
export interface Timed {
  ttfb: Stat
  total: Stat
  errors: number
  error: string
}
export interface Latency {
  dashboard: DashKey
  window: DashboardWindow
  route: string
  kiB: number
  cold: Timed
  warm: Timed
}
export interface QueryCount {
  dashboard: DashKey
  checksShown: number
  window: DashboardWindow
  page: number
  data: number
  status: number
}
export interface BrowserRun {
  dashboard: DashKey
  window: DashboardWindow
  mode: 'cold' | 'warm'
  ttfb: Stat
  fcp: Stat
  load: Stat
}
export interface BenchRun {
  db: 'sqlite' | 'postgres'
  seeded: {
    checks: number
    pending: number
    results: number
    everyMinutes: number
    days: number
    createSeconds: number
    seedSeconds: number
    rollupSeconds: number
    rollupRows: number
  }
  queryCounts: QueryCount[]
  breakdown: Array<Record<string, unknown>>
  latency: Latency[]
  throughput: Array<Record<string, unknown>>
  browser: BrowserRun[]
}

export function markdown(r: BenchRun): string {
  const lines: string[] = []
  const fmt = (s: Stat) => `${s.p50} / ${s.p99}`
  lines.push(
    `### ${r.db}`,
    '',
    '| dashboard | window | route | size | cold TTFB p50 / p99 | cold total p50 / p99 (n) | warm TTFB p50 / p99 | warm total p50 / p99 (n) |',
    '|---|---|---|---|---|---|---|---|',
  )
  const n = (t: Timed) => (t.errors > 0 ? `${t.total.n}, ${t.errors === t.total.n ? 'all' : t.errors} ${t.error}` : `${t.total.n}`)
  for (const l of r.latency) {
    lines.push(
      `| ${l.dashboard} | ${l.window} | ${l.route} | ${l.kiB} KiB | ${fmt(l.cold.ttfb)} ms | ${fmt(l.cold.total)} ms (${n(l.cold)}) | ${fmt(l.warm.ttfb)} ms | ${fmt(l.warm.total)} ms (${n(l.warm)}) |`,
    )
  }
  lines.push('', '| dashboard | window | cache | requests/s | latency p50 / p99 under load |', '|---|---|---|---|---|')
  for (const t of r.throughput) {
    if (t.error) lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | not loaded: ${String(t.error)} | — |`)
    else if (t.skipped) lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | ≈ ${String(t.rpsFromSequential)} (1 / sequential p50; not loaded) | — |`)
    else lines.push(`| ${String(t.dashboard)} | ${String(t.window)} | ${String(t.mode)} | ${String(t.rps)} | ${fmt(t.latency as Stat)} ms |`)
  }
  lines.push('', '| dashboard | checks shown | 1h | 24h | 7d | 30d | (data route: 1h / 24h / 7d / 30d) |', '|---|---|---|---|---|---|---|')
  for (const d of ['10', '100', '100p', 'a', 'b']) {
    const q = r.queryCounts.filter((x) => x.dashboard === d)
    const mark = (x: (typeof q)[number]) => `${x.page}${x.status === 200 ? '' : ` (HTTP ${x.status})`}`
    lines.push(`| ${d} | ${Math.max(...q.map((x) => x.checksShown))} | ${q.map(mark).join(' | ')} | ${q.map((x) => x.data).join(' / ')} |`)
  }
  lines.push(
    '',
    '| dashboard | window | checks on page | cold view (data) | SQL under way | checks, statuses, groups | sort by name | analytics of the page | HTML | rows read | statements | HTML size |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  )
  for (const b of r.breakdown) {
    const f = (x: unknown, unit = '') => (typeof x === 'number' && Number.isFinite(x) ? `${x}${unit}` : '—')
    const v = b.error ? `fails: ${String(b.error)}` : f(b.viewMs, ' ms')
    lines.push(
      `| ${String(b.dashboard)} | ${String(b.window)} | ${String(b.checksOnPage)} | ${v} | ${f(b.sqlMs, ' ms')} | ${f(b.checksMs, ' ms')} | ${f(b.sortMs, ' ms')} | ${f(b.analyticsMs, ' ms')} | ${f(b.htmlMs, ' ms')} | ${f(b.rowsRead)} | ${f(b.statements)} | ${f(b.htmlKiB, ' KiB')} |`,
    )
  }
  lines.push('', '| dashboard | window | server cache | TTFB p50 / p99 | FCP p50 / p99 | load p50 / p99 (n) |', '|---|---|---|---|---|---|')
  for (const b of r.browser) {
    lines.push(`| ${b.dashboard} | ${b.window} | ${b.mode} | ${fmt(b.ttfb)} ms | ${fmt(b.fcp)} ms | ${fmt(b.load)} ms (${b.load.n}) |`)
  }
  return lines.join('\n')
}
