/** The API shapes the check views read, from the server's contracts, and the check types and statuses they filter by. */
import type { CheckResultView, CheckWithFields } from '../../api/contracts'
import { CHECK_TYPES as CREATABLE_TYPES } from '../check-form/check-types'

/**
 * The check types a list filters by: those a check can be made of, from the check form's one list (a type nobody
 * can create matches no check, so offering it would only ever show an empty list).
 */
export const CHECK_TYPES: readonly string[] = CREATABLE_TYPES.map((t) => t.checkType)
export const CHECK_TYPE_OPTIONS = CREATABLE_TYPES.map((t) => ({ value: t.checkType, label: t.label }))
export const CHECK_STATUSES = ['passing', 'failing', 'degraded'] as const
export type CheckStatusValue = (typeof CHECK_STATUSES)[number] | 'pending'

/**
 * A check as the check views read it: the contract's view with the stored fields every type has. `heartbeat` and
 * `request` differ by type (the union of type views is built from the registry at run time, so its static type
 * leaves them in an open record); the views name the parts they read.
 */
export type Check = CheckWithFields & {
  heartbeat?: { pingUrl?: string; period?: number; periodUnit?: string; grace?: number; graceUnit?: string }
  request?: { url?: string; method?: string; hostname?: string; port?: number }
}

/** Data-center and private locations of a check. */
export const locationsOf = (c: Check): string[] => [...(c.locations ?? []), ...(c.privateLocations ?? [])]

export type { AlertNotification, AssetEntry, CheckAlert, CheckStatus, CheckSummary, ErrorGroup, SummaryPoint } from '../../api/endpoints'
export type { RecentRun } from '../../api/endpoints/analytics'

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

/** A check result; the type's details sit under `<type>CheckResult` (one key per type, so an open record). */
export type CheckResult = CheckResultView & Record<string, unknown>

/**
 * The details of a run. The server leaves them open (they travel as the runner recorded them), so the console
 * names the parts it reads.
 */
export interface ResultDetails {
  timingPhases?: Record<string, number>
  assertions?: Assertion[]
  /** Lines of the run's log; an API or URL result holds them as `{lines}`. */
  jobLog?: string[] | { lines?: string[] }
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

/** The lines of a result's log, whichever form its type gives it. */
export const logLines = (d: ResultDetails): string[] => (Array.isArray(d.jobLog) ? d.jobLog : (d.jobLog?.lines ?? []))

export const TYPE_LABELS: Record<string, string> = {
  API: 'API',
  BROWSER: 'Browser',
  MULTI_STEP: 'Multi-step',
  PLAYWRIGHT: 'Playwright',
  URL: 'URL',
  TCP: 'TCP',
  DNS: 'DNS',
  ICMP: 'ICMP',
  GRPC: 'gRPC',
  SSL: 'SSL',
  TRACEROUTE: 'Traceroute',
  HEARTBEAT: 'Heartbeat',
  AGENTIC: 'Agentic',
}
export const typeLabel = (t: string): string => TYPE_LABELS[t] ?? t
