/** Figures and times as pages print them (pure). Times are UTC, as status pages state them. */

export const formatMs = (ms: number | null): string => {
  if (ms === null) return '–'
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`
}

export const formatPercent = (value: number | null): string => (value === null ? '–' : `${value.toFixed(value === 100 ? 0 : 2)}%`)

const pad = (n: number) => String(n).padStart(2, '0')
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "24 Nov 2026, 13:05 UTC" */
export function formatDateTime(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`
}

/** "24 Nov 2026" */
export function formatDate(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** "13:05:09 UTC" */
export function formatTime(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" */
export function formatAgo(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000))
  if (s < 45) return 'just now'
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min ago`
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`
  const days = Math.round(s / 86_400)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

/** "1 h 5 min", "3 days 2 h" */
export function formatDuration(seconds: number): string {
  const m = Math.round(seconds / 60)
  if (m < 1) return 'less than a minute'
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  if (h < 48) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`
  const d = Math.floor(h / 24)
  return h % 24 === 0 ? `${d} days` : `${d} days ${h % 24} h`
}

export const STATUS_LABELS: Readonly<Record<string, string>> = { passing: 'Passing', degraded: 'Degraded', failing: 'Failing', pending: 'Not run yet' }
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? 'Not run yet'

export const TYPE_LABELS: Readonly<Record<string, string>> = {
  API: 'API',
  URL: 'URL',
  TCP: 'TCP',
  DNS: 'DNS',
  ICMP: 'ICMP',
  GRPC: 'gRPC',
  SSL: 'SSL',
  TRACEROUTE: 'Traceroute',
  HEARTBEAT: 'Heartbeat',
  BROWSER: 'Browser',
  MULTI_STEP: 'Multi-step',
  PLAYWRIGHT: 'Playwright',
  AGENTIC: 'Agentic',
}
