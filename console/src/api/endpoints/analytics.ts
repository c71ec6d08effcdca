/**
 * Analytics (/v1/analytics): a check's series over a window, the metrics of a check type, and the 24-hour summaries
 * (with the latest runs) of many checks at once.
 */
import { qs } from '../client'
import type { AnalyticsResponseView, CheckSummaryView, MetricItemView, MetricMetaView } from '../contracts'
import { read, seg, type QueryParams, type Read } from '../read'
import type { ChecksQuery } from './checks'

/** Which analytics route serves a check type (none for a type without figures). */
const ROUTES: Record<string, string> = {
  API: 'api-checks',
  URL: 'url-monitors',
  TCP: 'tcp-checks',
  DNS: 'dns',
  ICMP: 'icmp',
  SSL: 'ssl',
  TRACEROUTE: 'traceroute',
  GRPC: 'grpc',
  AGENTIC: 'agentic',
  HEARTBEAT: 'heartbeat-checks',
  BROWSER: 'browser-checks',
  MULTI_STEP: 'multistep-checks',
  PLAYWRIGHT: 'playwright-checks',
}

export type MetricMeta = MetricMetaView

export type MetricItem = MetricItemView

/**
 * A row of a series: metric names (and timestamp) to their values. The server's schema leaves a row's fields open,
 * so the console names what they hold: numbers, ISO timestamps or null.
 */
export type SeriesRow = Record<string, string | number | null>

type ServerSeries = AnalyticsResponseView['series'][number]

/** A check's series over a window, with each series' rows typed as above. */
export type AnalyticsResponse = Omit<AnalyticsResponseView, 'series'> & { series: Array<Omit<ServerSeries, 'data'> & { data: SeriesRow[] | SeriesRow }> }

export type CheckSummary = CheckSummaryView

export type SummaryPoint = CheckSummary['series'][number]

/** One of a check's latest runs (newest first in a summary). */
export type RecentRun = CheckSummary['recentRuns'][number]

export const analyticsApi = {
  /** Whether the analytics routes serve a check type. */
  serves: (checkType: string): boolean => ROUTES[checkType] !== undefined,
  /** The series of one check; null for a check type the analytics routes do not serve. */
  series: (checkType: string, checkId: string, query: QueryParams): Read<AnalyticsResponse> | null => {
    const route = ROUTES[checkType]
    return route ? read<AnalyticsResponse>(`/v1/analytics/${route}/${seg(checkId)}${qs(query)}`) : null
  },
  metrics: (checkType: string) => read<MetricItem[]>(`/v1/analytics/metrics${qs({ checkType })}`),
  /** Figures, per-step series and the latest `runs` runs of many checks in one call. */
  checkSummaries: (checkIds: string[], quickRange: string, runs?: number) => read<CheckSummary[]>(`/v1/analytics/check-summaries${qs({ checkId: checkIds, quickRange, runs })}`),
  /**
   * The same for the checks of one page of the check list (its paging and filters): asked for beside the list rather
   * than after it, each with its status.
   */
  listSummaries: (list: ChecksQuery, quickRange: string, runs?: number) => read<CheckSummary[]>(`/v1/analytics/check-summaries${qs({ ...list, quickRange, runs })}`),
}
