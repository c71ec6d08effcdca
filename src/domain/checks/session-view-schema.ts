/** The response view of a check session: one on-demand run of a check, followed to completion. */
import { Type, type Static } from 'typebox'
import { CheckResultView } from '../results/result-view-schema.js'
import { Nullable, StringEnum } from './shared-schemas.js'

export const SESSION_STATUSES = ['STARTED', 'PROGRESS', 'PROGRESS_FAILED', 'PROGRESS_DEGRADED', 'PASSED', 'FAILED', 'DEGRADED'] as const

export const CheckSessionView = Type.Object(
  {
    checkSessionId: Type.String(),
    checkId: Type.String(),
    checkType: Nullable(Type.String({ description: 'null when the check is gone.' })),
    name: Nullable(Type.String({ description: 'null when the check is gone.' })),
    status: StringEnum(SESSION_STATUSES),
    runSource: Type.String(),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Nullable(Type.String({ format: 'date-time', description: 'null until every run has a final result.' })),
    timeElapsed: Type.Number({ description: 'ms since the start, or the whole run once it stopped.' }),
    runLocations: Type.Array(Type.String()),
    hasFailures: Type.Boolean(),
    responseTime: Nullable(Type.Number({ description: 'The longest final response time, in ms; null before the first.' })),
    results: Type.Array(CheckResultView),
  },
  { additionalProperties: true },
)
export type CheckSessionView = Static<typeof CheckSessionView>

/** What POST /v1/check-sessions/trigger answers: one session per matching check. */
export const CheckSessionsTriggered = Type.Object({ sessions: Type.Array(CheckSessionView) }, { additionalProperties: true })
export type CheckSessionsTriggered = Static<typeof CheckSessionsTriggered>
