/**
 * Analytics (/v1/analytics): a check's series over a window, the metrics of a check type, and the 24-hour summaries
 * of many checks at once. The server declares these response schemas inside its route module (Fastify and
 * services), so the console keeps the fields it reads.
 */
import { qs } from '../client'
import { read, seg, type QueryParams, type Read } from '../read'

/** Which analytics route serves a check type (none for a type without figures). */
const ROUTES: Record<string, string> = {
  API: 'api-checks',
  URL: 'url-monitors',
  TCP: 'tcp-checks',
  DNS: 'dns',
  ICMP: 'icmp',
  HEARTBEAT: 'heartbeat-checks',
  BROWSER: 'browser-checks',
  MULTI_STEP: 'multistep-checks',
  PLAYWRIGHT: 'playwright-checks',
}

export interface MetricMeta {
  unit: 'milliseconds' | 'score' | 'count' | 'percentage'
  label: string
  aggregation?: string
}

export interface MetricItem extends MetricMeta {
  name: string
  aggregated: boolean
}

export type SeriesRow = Record<string, string | number | null>

export interface AnalyticsResponse {
  from: string
  to: string
  series: Array<{ runLocation?: string; statusCode?: number | null; data: SeriesRow[] | SeriesRow }>
  metadata: Record<string, MetricMeta>
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

export const analyticsApi = {
  /** Whether the analytics routes serve a check type. */
  serves: (checkType: string): boolean => ROUTES[checkType] !== undefined,
  /** The series of one check; null for a check type the analytics routes do not serve. */
  series: (checkType: string, checkId: string, query: QueryParams): Read<AnalyticsResponse> | null => {
    const route = ROUTES[checkType]
    return route ? read<AnalyticsResponse>(`/v1/analytics/${route}/${seg(checkId)}${qs(query)}`) : null
  },
  metrics: (checkType: string) => read<MetricItem[]>(`/v1/analytics/metrics${qs({ checkType })}`),
  checkSummaries: (checkIds: string[], quickRange: string) => read<CheckSummary[]>(`/v1/analytics/check-summaries${qs({ checkId: checkIds, quickRange })}`),
}
