/** Which analytics route serves a check type, and which timing is its headline figure. */

export const ANALYTICS_ROUTE: Record<string, string> = {
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

/** The timing base whose P95 the overview shows (none for heartbeats). */
export const PRIMARY_TIMING: Record<string, string> = {
  API: 'responseTime',
  URL: 'responseTime',
  TCP: 'total',
  DNS: 'total',
  ICMP: 'latencyAvg',
  BROWSER: 'responseTime',
  MULTI_STEP: 'responseTime',
  PLAYWRIGHT: 'responseTime',
}

/** How the overview names that timing's P95. */
export const PRIMARY_LABEL: Record<string, string> = { TCP: 'Total time', ICMP: 'Average latency' }

export const analyticsPath = (checkType: string, id: string): string | null => {
  const route = ANALYTICS_ROUTE[checkType]
  return route ? `/v1/analytics/${route}/${encodeURIComponent(id)}` : null
}

export interface MetricMeta {
  unit: 'milliseconds' | 'score' | 'count' | 'percentage'
  label: string
  aggregation?: string
}

export type SeriesRow = Record<string, string | number | null>

export interface AnalyticsResponse {
  from: string
  to: string
  series: Array<{ runLocation?: string; statusCode?: number | null; data: SeriesRow[] | SeriesRow }>
  metadata: Record<string, MetricMeta>
}
