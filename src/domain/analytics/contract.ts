/**
 * The contract of analytics: the response views of a check's series over a window, of the metrics of a check type
 * and of the summaries of many checks at once, each a TypeBox schema with its static type.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'
import { AGGREGATIONS } from './catalogue.js'
import { CheckStatusView } from '../results/status-view-schema.js'

const UNITS = ['milliseconds', 'score', 'count', 'percentage'] as const

export const MetricMeta = Type.Object({ unit: StringEnum(UNITS), label: Type.String(), aggregation: Type.Optional(StringEnum(AGGREGATIONS)) })
export type MetricMeta = Static<typeof MetricMeta>

const Row = Type.Object({}, { additionalProperties: true })
export const AnalyticsResponse = Type.Object({
  checkId: Type.String({ format: 'uuid' }),
  name: Type.String(),
  checkType: Type.String(),
  activated: Type.Boolean(),
  muted: Type.Boolean(),
  frequency: Type.Number(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  tags: Type.Array(Type.String()),
  series: Type.Array(
    Type.Object(
      { runLocation: Type.Optional(Type.String()), statusCode: Type.Optional(Type.Union([Type.Integer(), Type.Null()])), data: Type.Union([Type.Array(Row), Row]) },
      { additionalProperties: true },
    ),
  ),
  pagination: Type.Object({ page: Type.Number(), limit: Type.Number() }),
  metadata: Type.Record(Type.String(), MetricMeta),
})
export type AnalyticsResponse = Static<typeof AnalyticsResponse>

const Figure = Type.Union([Type.Number(), Type.Null()])

/** The most runs a list shows per check in its bar of recent runs, and how many it shows when not told. */
export const RECENT_RUNS_MAX = 100
export const RECENT_RUNS_DEFAULT = 30

export const RecentRun = Type.Object({
  id: Type.String({ description: 'The id of the final result (GET /v1/check-results/{checkId}/{id}).' }),
  startedAt: Type.String({ format: 'date-time' }),
  runLocation: Type.String(),
  hasFailures: Type.Boolean({ description: 'The run failed.' }),
  isDegraded: Type.Boolean({ description: 'The run passed but was over degradedResponseTime (or the degraded packet loss).' }),
  responseTime: Type.Union([Type.Number(), Type.Null()], {
    description: "The run's main timing in ms: response time; TCP/DNS total; ICMP average latency. Null for a run without one (heartbeats, a failed ping).",
  }),
})
export type RecentRun = Static<typeof RecentRun>

export const CheckSummaryItem = Type.Object({
  checkId: Type.String({ format: 'uuid' }),
  status: CheckStatusView.properties.status,
  lastRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the latest final result started (null while pending).' }),
  runs: Type.Integer(),
  availability: Figure,
  responseTimeP95: Figure,
  series: Type.Array(Type.Object({ from: Type.String({ format: 'date-time' }), runs: Type.Integer(), availability: Figure, responseTime: Figure })),
  recentRuns: Type.Array(RecentRun, { description: "The check's latest final results, newest first, whatever the range (at most `runs` of them)." }),
})
export type CheckSummaryItem = Static<typeof CheckSummaryItem>

export const MetricItem = Type.Object({
  name: Type.String(),
  unit: StringEnum(UNITS),
  label: Type.String(),
  type: StringEnum(['Int', 'Float'] as const),
  aggregated: Type.Boolean(),
})
export type MetricItem = Static<typeof MetricItem>
