/**
 * The contract of heartbeats: the heartbeat settings a heartbeat check stores, and the response views of its
 * events and availability (reference HeartbeatsV1Event, plus what Picket records beyond it). The ping's own view
 * is PingView (ping-view-schema.ts).
 */
import { Type, type Static } from 'typebox'
import { HEARTBEAT_UNITS } from '../checks/heartbeat.js'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'

/** The `heartbeat` of a heartbeat check as stored (the check's normalizer writes every part; no token is null). */
export const HeartbeatSettings = Type.Object({
  period: Type.Number(),
  periodUnit: StringEnum(HEARTBEAT_UNITS),
  grace: Type.Number(),
  graceUnit: StringEnum(HEARTBEAT_UNITS),
  pingToken: Nullable(Type.String()),
})
export type HeartbeatSettings = Static<typeof HeartbeatSettings>

/** What the heartbeat settings are read from: a heartbeat check's stored document. */
export interface HeartbeatCheckDoc {
  activated?: unknown
  heartbeat?: unknown
}

export const AvailabilityView = Type.Object({
  successRatio: Type.Object({
    currentPeriod: Type.Number({ description: 'Percentage of successful outcomes in the window (0 to 100, two decimals).' }),
    previousPeriod: Type.Number({
      description: 'The same for the window of equal length just before; 100 when that window had no outcome (no ping was due then, so none was missed).',
    }),
  }),
  totalEntitiesCurrentPeriod: Type.Number({ description: 'Outcomes in the window: pings, /fail signals and missed deadlines.' }),
})
export type AvailabilityView = Static<typeof AvailabilityView>

export const MaybeAvailabilityView = Type.Union([AvailabilityView, Type.Null()], { description: 'Null when the window holds no outcome.' })

export const HeartbeatEventView = Type.Object({
  id: Type.String(),
  state: Type.String({ description: 'EARLY, RECEIVED, GRACE, LATE or FAILING.' }),
  timestamp: Type.String(),
  source: Type.Union([Type.String(), Type.Null()], { description: 'Origin header of the ping, else its Referer.' }),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  type: Type.String({ description: 'PING, FAIL, START, or DEADLINE (no ping by the deadline).' }),
  method: Type.Union([Type.String(), Type.Null()]),
  durationMs: Type.Union([Type.Number(), Type.Null()], { description: 'Time since the /start signal, when there was one.' }),
  body: Type.Union([Type.String(), Type.Null()], { description: 'The first KiB of a POST body.' }),
  resultId: Type.Union([Type.String(), Type.Null()], { description: 'The check result recorded with the event.' }),
})
export type HeartbeatEventView = Static<typeof HeartbeatEventView>

export const EventStatsView = Type.Object(
  { last24Hours: MaybeAvailabilityView, last7Days: MaybeAvailabilityView },
  { description: 'Availability of the last 24 hours and of the last 7 days, each null without outcomes.' },
)
export type EventStatsView = Static<typeof EventStatsView>

/** GET /v1/checks/heartbeats/{checkId}/events: one entry for the check, its page of events and its stats. */
export const EventsOfCheckView = Type.Object({ events: Type.Array(HeartbeatEventView), stats: EventStatsView })
export type EventsOfCheckView = Static<typeof EventsOfCheckView>
