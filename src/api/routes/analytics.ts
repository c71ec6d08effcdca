/**
 * Analytics: one route per check type at the reference's paths, and the list of metrics per
 * type. Query parameters are read as text and checked in one place (domain/analytics/query.ts), so that a 400
 * names every offending parameter at once.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { ANALYTICS_ROUTES, TIMING_BASES, metricNamesFor } from '../../domain/analytics/catalogue.js'
import { AnalyticsResponse, CheckSummaryItem, MetricItem, RECENT_RUNS_DEFAULT, RECENT_RUNS_MAX } from '../../domain/analytics/contract.js'
import { QUICK_RANGES } from '../../domain/analytics/windows.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { errorResponses } from '../schemas/common.js'
import { SUMMARY_RANGES, type SummaryPick, type SummaryRange } from '../../services/analytics/check-series.js'
import { ValidationError } from '../../domain/errors.js'
import { ListQuery } from './checks/check-queries.js'

const Text = (description: string) => Type.Optional(Type.String({ description }))
const TextList = (description: string) => Type.Optional(Type.Array(Type.String(), { description }))

const AnalyticsQuery = Type.Object(
  {
    metrics: TextList('Required. Metric names, comma-separated or repeated (GET /v1/analytics/metrics lists them per type).'),
    from: Text('Start of the window: UNIX seconds (or an ISO 8601 date). Overrides quickRange.'),
    to: Text('End of the window (exclusive): UNIX seconds (or an ISO 8601 date). Overrides quickRange. Default: now.'),
    quickRange: Text(`One of ${QUICK_RANGES.join(', ')} (UTC; weeks start on Monday). Default last24Hours.`),
    aggregationInterval: Text('Bucket length in whole minutes, 1 to 43200; buckets are aligned to UTC midnight and weeks to Monday. Without it: one row for the whole window.'),
    filterByStatus: TextList('success and/or failure (degraded runs are successful). Heartbeats also take FAILING, EARLY, RECEIVED, GRACE, LATE.'),
    groupBy: Text('runLocation (every type with locations), or statusCode (API checks and URL monitors).'),
    limit: Text('Series per page (raw metrics: points per page), 1 to 100. Default 10.'),
    page: Text('Page number, from 1. Default 1.'),
  },
  { additionalProperties: true },
)

/** The list's filters (GET /v1/checks), which pick the checks of a page instead of ids. */
const LIST_FILTERS = ['limit', 'page', 'tag', 'checkType', 'search', 'status'] as const

const SummariesQuery = Type.Object({
  checkId: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Check ids, repeated (1 to 100). Or, instead, limit with the filters of GET /v1/checks.',
    }),
  ),
  quickRange: StringEnum(Object.keys(SUMMARY_RANGES) as SummaryRange[], { default: 'last24Hours' }),
  runs: Type.Integer({
    minimum: 0,
    maximum: RECENT_RUNS_MAX,
    default: RECENT_RUNS_DEFAULT,
    description: `How many of each check's latest runs recentRuns lists (0 to ${RECENT_RUNS_MAX}).`,
  }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Without checkId: the checks of this page of GET /v1/checks (with page and its filters).' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Without checkId: the page of GET /v1/checks, from 1 (default 1).' })),
  tag: ListQuery.properties.tag,
  checkType: ListQuery.properties.checkType,
  search: ListQuery.properties.search,
  status: ListQuery.properties.status,
})
type SummariesQuery = Static<typeof SummariesQuery>

/** Which checks a query picks: its ids, or a page of the list; both or neither is a 400 naming the parameters. */
function pickOf(q: SummariesQuery): SummaryPick {
  if (q.checkId) {
    const mixed = LIST_FILTERS.filter((name) => q[name] !== undefined)
    if (mixed.length > 0) throw new ValidationError(Object.fromEntries(mixed.map((name) => [name, 'cannot be combined with checkId'])))
    return { checkIds: q.checkId }
  }
  if (q.limit === undefined) throw new ValidationError({ checkId: 'is required (1 to 100 ids), or limit with the filters of GET /v1/checks instead' })
  return { list: { limit: q.limit, page: q.page ?? 1, tag: q.tag, checkType: q.checkType, search: q.search, status: q.status } }
}

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
const tags = ['analytics']

export async function analyticsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  for (const [route, rules] of Object.entries(ANALYTICS_ROUTES)) {
    const names = metricNamesFor(rules.checkType).map((m) => m.name)
    app.get<{ Params: Static<typeof Params>; Querystring: Record<string, unknown> }>(
      `/v1/analytics/${route}/:id`,
      {
        schema: {
          tags,
          summary: `Metrics of a ${rules.checkType} check over a window`,
          description:
            `Metrics: ${names.join(', ')}. Suffixed names (_avg, _p95 …) give one value per bucket; bare timing names give one point per run ` +
            '(paged by limit/page); availability (% of successful runs, degraded counts as up) and retries (retry attempts) are per bucket. ' +
            'Percentiles are within 1% of the exact value (DDSketch); every other figure is exact.' +
            (rules.groupBy.length > 0 ? ` groupBy: ${rules.groupBy.join(', ')}.` : ''),
          params: Params,
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsResponse, ...errorResponses(400, 401, 404, 429) },
        },
      },
      (request) => services.analytics.query(request.accountId, route, request.params.id, request.query),
    )
  }
  const MetricsQuery = Type.Object({ checkType: Type.Optional(Type.String({ description: `One of ${Object.keys(TIMING_BASES).join(', ')}.` })) })
  app.get<{ Querystring: SummariesQuery }>(
    '/v1/analytics/check-summaries',
    {
      schema: {
        tags,
        summary: 'Availability, P95 response time, a per-step series and the latest runs of many checks at once',
        description:
          'For lists of checks (the web console). Each check: runs, availability (% successful, degraded counts as up) and the P95 of its ' +
          'main timing (response time; TCP/DNS total; ICMP average latency) over the range, and the same figures per step: 1 hour for ' +
          'last24Hours, 6 hours for last7Days, 1 day for last30Days; and its latest runs (recentRuns, newest first, outcome and main timing), ' +
          'whatever the range; and its status (pending while it has no final result) with when its latest run started. The checks are the ' +
          'ids asked for (ids of other accounts or of no check are left out), or, with limit instead, those of the same page of GET /v1/checks ' +
          'with the same filters, in its order: a list can ask for its checks and their summaries at once.',
        querystring: SummariesQuery,
        response: { 200: Type.Array(CheckSummaryItem), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => services.analytics.summaries(request.accountId, pickOf(request.query), request.query.quickRange, request.query.runs),
  )

  app.get<{ Querystring: Static<typeof MetricsQuery> }>(
    '/v1/analytics/metrics',
    {
      schema: {
        tags,
        summary: 'The metric names of a check type',
        querystring: MetricsQuery,
        response: { 200: Type.Array(MetricItem), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => services.analytics.metrics(request.query.checkType ?? ''),
  )
}
