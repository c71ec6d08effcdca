/** GET /v1/reporting: success ratio and response times per check over a window, or per calendar bucket of it. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { isNamedTimeZone } from '../../analytics/calendar-buckets.js'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { ValidationError } from '../../domain/errors.js'
import { MAX_REPORT_BUCKETS, MAX_REPORT_DAYS, REPORTING_RANGES } from '../../services/analytics/reporting.js'
import { errorResponses } from '../schemas/common.js'

const ReportingQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Start of the window: UNIX seconds (or an ISO 8601 date). Overrides quickRange.' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'End of the window (exclusive): UNIX seconds (or an ISO 8601 date). Overrides quickRange. Default: now.' })),
  quickRange: StringEnum(REPORTING_RANGES, { default: 'last24Hrs', description: 'A preset window (UTC; weeks start on Monday).' }),
  filterByTags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50, description: 'Only checks with at least one of these tags.' })),
  deactivated: Type.Optional(Type.Boolean({ description: 'true: only deactivated checks; false: only activated ones; absent: all.' })),
  granularity: Type.Optional(
    StringEnum(['day', 'week', 'month'] as const, {
      description: `One aggregate per calendar bucket in aggregates (buckets without runs left out) instead of aggregate; at most ${MAX_REPORT_DAYS} days and ${MAX_REPORT_BUCKETS} buckets.`,
    }),
  ),
  timezone: Type.Optional(Type.String({ maxLength: 64, description: 'Named IANA time zone of the bucket boundaries (default UTC).' })),
})

const Figures = {
  successRatio: Type.Number({ minimum: 0, description: 'Percentage of successful runs (degraded counts as successful), 4 decimals.' }),
  avg: Type.Number({ minimum: 0, description: 'Average of the main timing in ms (response time; TCP/DNS total; ICMP latency).' }),
  p95: Type.Number({ minimum: 0 }),
  p99: Type.Number({ minimum: 0 }),
  runs: Type.Integer({ minimum: 0, description: 'Final results in the window.' }),
  failedRuns: Type.Integer({ minimum: 0 }),
  degradedRuns: Type.Integer({ minimum: 0 }),
}
const ReportItem = Type.Object({
  name: Type.String(),
  checkId: Type.String(),
  checkType: Type.String(),
  deactivated: Type.Boolean(),
  tags: Type.Array(Type.String()),
  aggregate: Type.Optional(Type.Object(Figures, { description: 'Absent when the check has no runs in the window.' })),
  aggregates: Type.Optional(Type.Array(Type.Object({ ...Figures, from: Type.String({ format: 'date-time' }), to: Type.String({ format: 'date-time' }) }))),
})

export async function reportingRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Querystring: Static<typeof ReportingQuery> }>(
    '/v1/reporting',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Success ratio and response times of every check (or those with some tags) over a window',
        description: "Every figure equals the check's own analytics for the same window: availability, and the _avg, _p95 and _p99 of its main timing.",
        querystring: ReportingQuery,
        response: { 200: Type.Array(ReportItem), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const q = request.query
      if (q.timezone !== undefined && !isNamedTimeZone(q.timezone)) throw new ValidationError({ timezone: 'must be a named IANA time zone such as America/New_York' })
      return services.analytics.report(request.accountId, q)
    },
  )
}
