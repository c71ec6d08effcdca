/** The API shapes the check views read (only the fields they use; the API sends more). */

export const CHECK_TYPES = ['API', 'BROWSER', 'MULTI_STEP', 'PLAYWRIGHT', 'URL', 'TCP', 'DNS', 'ICMP', 'HEARTBEAT', 'AGENTIC'] as const
export const CHECK_STATUSES = ['passing', 'failing', 'degraded'] as const
export type CheckStatusValue = (typeof CHECK_STATUSES)[number] | 'pending'

export interface Check {
  id: string
  name: string
  checkType: string
  activated: boolean
  muted: boolean
  frequency?: number
  locations?: string[] | null
  privateLocations?: string[] | null
  tags?: string[]
  description?: string | null
  heartbeat?: { pingUrl?: string; period?: number; periodUnit?: string; grace?: number; graceUnit?: string }
  request?: { url?: string; method?: string; hostname?: string; port?: number }
}

/** Data-center and private locations of a check. */
export const locationsOf = (c: Check): string[] => [...(c.locations ?? []), ...(c.privateLocations ?? [])]

export interface CheckStatus {
  checkId: string
  name: string
  status: CheckStatusValue
  hasFailures: boolean
  isDegraded: boolean
  lastRunLocation: string | null
  lastCheckRunId: string | null
  lastRunAt: string | null
  sslDaysRemaining: number | null
}

export interface SummaryPoint {
  from: string
  availability: number | null
  responseTime: number | null
}

export interface CheckSummary {
  checkId: string
  availability: number | null
  responseTimeP95: number | null
  runs: number
  series: SummaryPoint[]
}

export interface Assertion {
  source: string
  property?: string
  comparison: string
  target: string
  regex?: string | null
  actual?: unknown
  passed: boolean
  error?: string
}

/** A check result as GET /v1/check-results lists it; the type's details sit under `<type>CheckResult`. */
export interface CheckResult {
  id: string
  checkId: string
  checkType: string
  resultType: string
  attempts: number
  runLocation: string
  status: 'passing' | 'failing' | 'degraded'
  hasFailures: boolean
  hasErrors: boolean
  isDegraded: boolean
  overMaxResponseTime: boolean
  responseTime: number
  errorKind: string | null
  error: string | null
  statusCode: number | null
  trigger: string | null
  checkSessionId: string | null
  startedAt: string
  stoppedAt: string
  [detailsKey: string]: unknown
}

export interface ResultDetails {
  timingPhases?: Record<string, number>
  assertions?: Assertion[]
  jobLog?: string[]
  request?: Record<string, unknown>
  response?: Record<string, unknown> | null
  requestError?: string
  redirects?: unknown[]
  [key: string]: unknown
}

/** The `<type>CheckResult` object of a result, whatever its type. */
export function detailsOf(r: CheckResult): ResultDetails {
  const key = Object.keys(r).find((k) => k.endsWith('CheckResult') || k === 'checkResult')
  const v = key ? r[key] : undefined
  return typeof v === 'object' && v !== null ? (v as ResultDetails) : {}
}

export interface ErrorGroup {
  id: string
  checkId: string
  rawErrorMessage: string | null
  cleanedErrorMessage: string
  firstSeen: string
  lastSeen: string
  archivedUntilNextEvent: boolean
  archivedForever: boolean
  occurrences: number
}

export interface CheckAlert {
  id: string
  alertType: string
  runLocation: string
  responseTime: number
  error: string | null
  statusCode: string | null
  created_at: string
  startedAt: string
  isReminder: boolean
}

export interface AlertNotification {
  id: string
  type: string
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | 'RATE_LIMITED'
  alertType: string | null
  alertChannelId: number
  attempts: number
  lastError: string | null
  responseStatus: number | null
  nextAttemptAt: string | null
  created_at: string
  sent_at: string | null
}

export interface AssetEntry {
  type: 'log' | 'trace' | 'video' | 'screenshot' | 'report' | 'file'
  name: string
  url: string
  contentType: string
}

export const TYPE_LABELS: Record<string, string> = {
  API: 'API',
  BROWSER: 'Browser',
  MULTI_STEP: 'Multi-step',
  PLAYWRIGHT: 'Playwright',
  URL: 'URL',
  TCP: 'TCP',
  DNS: 'DNS',
  ICMP: 'ICMP',
  HEARTBEAT: 'Heartbeat',
  AGENTIC: 'Agentic',
}
export const typeLabel = (t: string): string => TYPE_LABELS[t] ?? t
