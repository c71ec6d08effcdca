/** The response view of a check session: one on-demand run of a check, followed to completion. */
import { Type, type Static } from 'typebox'
import { CheckResultView } from '../results/result-view-schema.js'
import { Nullable, StringEnum } from './shared-schemas.js'

export const SESSION_STATUSES = ['STARTED', 'PROGRESS', 'PROGRESS_FAILED', 'PROGRESS_DEGRADED', 'PASSED', 'FAILED', 'DEGRADED', 'CANCELLED'] as const

/** A result of a session: the check result, with its own id and console link under the reference's names. */
export const CheckSessionResultView = Type.Object(
  {
    ...CheckResultView.properties,
    checkResultId: Type.String(),
    checkResultLink: Type.String({ description: "The result's page in the console." }),
    aborted: Type.Boolean(),
    isCancelled: Type.Boolean(),
  },
  { additionalProperties: true },
)
export type CheckSessionResultView = Static<typeof CheckSessionResultView>

export const CheckSessionView = Type.Object(
  {
    checkSessionId: Type.String(),
    checkSessionLink: Type.String({ description: "The session's check results in the console." }),
    checkId: Type.String(),
    checkType: Nullable(Type.String({ description: 'null when the check is gone.' })),
    name: Nullable(Type.String({ description: 'null when the check is gone.' })),
    status: StringEnum(SESSION_STATUSES),
    runSource: Type.String(),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Nullable(Type.String({ format: 'date-time', description: 'null until every run has a final result or was cancelled.' })),
    timeElapsed: Type.Number({ description: 'ms since the start, or the whole run once it stopped.' }),
    runLocations: Type.Array(Type.String()),
    hasFailures: Type.Boolean(),
    responseTime: Nullable(Type.Number({ description: 'The longest final response time, in ms; null before the first.' })),
    results: Type.Array(CheckSessionResultView),
  },
  { additionalProperties: true },
)
export type CheckSessionView = Static<typeof CheckSessionView>

/** What POST /v1/check-sessions/trigger answers: one session per matching check. */
export const CheckSessionsTriggered = Type.Object({ sessions: Type.Array(CheckSessionView) }, { additionalProperties: true })
export type CheckSessionsTriggered = Static<typeof CheckSessionsTriggered>
