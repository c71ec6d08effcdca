/** The response view of a check result: the recorded run, with the details of its check type under one key. */
import { Type, type Static, type TSchema } from 'typebox'
import { Nullable } from '../checks/shared-schemas.js'

const open = { additionalProperties: true }

/** Where a result's type-specific details live, by check type (API and URL share apiCheckResult). */
export const RESULT_DETAIL_KEYS = [
  'apiCheckResult',
  'tcpCheckResult',
  'grpcCheckResult',
  'dnsCheckResult',
  'icmpCheckResult',
  'sslCheckResult',
  'tracerouteCheckResult',
  'browserCheckResult',
  'multiStepCheckResult',
  'heartbeatCheckResult',
  'playwrightCheckResult',
  'agenticCheckResult',
  'checkResult',
] as const
export type ResultDetailKey = (typeof RESULT_DETAIL_KEYS)[number]

/** The details' key of each check type; a type not listed keeps them under `checkResult`. */
const DETAIL_KEY_OF_TYPE: Readonly<Record<string, ResultDetailKey>> = {
  API: 'apiCheckResult',
  URL: 'apiCheckResult',
  TCP: 'tcpCheckResult',
  GRPC: 'grpcCheckResult',
  DNS: 'dnsCheckResult',
  ICMP: 'icmpCheckResult',
  SSL: 'sslCheckResult',
  TRACEROUTE: 'tracerouteCheckResult',
  BROWSER: 'browserCheckResult',
  MULTI_STEP: 'multiStepCheckResult',
  HEARTBEAT: 'heartbeatCheckResult',
  PLAYWRIGHT: 'playwrightCheckResult',
  AGENTIC: 'agenticCheckResult',
}
export const resultDetailKey = (checkType: string): ResultDetailKey => DETAIL_KEY_OF_TYPE[checkType] ?? 'checkResult'

/**
 * The log of an API or URL run, as the reference types it there: an object. Its `lines` are the run's log in
 * order (setup script output, the request and its redirects, teardown script output).
 */
export const ApiJobLogView = Type.Object({ lines: Type.Array(Type.String()) }, { ...open, description: 'Check run log: lines, in order.' })

const detailFields = (jobLog: TSchema) => ({
  timingPhases: Type.Object({}, { ...open, description: 'Phase durations in ms (wait, dns, tcp, firstByte, download...).' }),
  assertions: Type.Array(Type.Object({}, open), { description: 'Each assertion with its actual value and whether it passed.' }),
  jobLog,
  playwrightTestTraces: Type.Optional(Type.Array(Type.String())),
  playwrightTestVideos: Type.Optional(Type.Array(Type.String())),
  playwrightTestJsonReportFile: Type.Optional(Type.String()),
  jobAssets: Type.Optional(Type.Array(Type.String())),
  playwrightTraceFiles: Type.Optional(Type.Array(Type.Object({ url: Type.String(), name: Type.String(), filename: Type.String() }, open))),
})

/**
 * The details of a run. What the runner measured beside these (request, response, steps, errors...) depends on the
 * check type and travels as it was recorded, so the object is open. The log is a list of lines, but for API and
 * URL runs (apiCheckResult), where the reference makes it an object (ApiJobLogView).
 */
export const ResultDetailsView = Type.Object(detailFields(Type.Array(Type.String(), { description: 'Log lines of the run.' })), open)
export const ApiResultDetailsView = Type.Object(detailFields(ApiJobLogView), open)

const details: Record<string, TSchema> = Object.fromEntries(
  RESULT_DETAIL_KEYS.map((key) => [key, Type.Optional(key === 'apiCheckResult' ? ApiResultDetailsView : ResultDetailsView)]),
)

export const CheckResultView = Type.Object(
  {
    id: Type.String(),
    checkId: Type.String(),
    name: Nullable(Type.String({ description: 'The name of the check; null when the check is gone.' })),
    checkType: Type.String(),
    resultType: Type.String({ description: 'FINAL for a run, ATTEMPT for an attempt that was retried.' }),
    sequenceId: Type.String(),
    checkRunId: Type.Number({ description: 'The run that produced the result, as a number (domain/results/run-ids.ts).' }),
    traceId: Type.String({ description: 'The run as an OpenTelemetry-style trace id: 32 hex digits (domain/results/run-ids.ts).' }),
    attempts: Type.Integer(),
    runLocation: Type.String(),
    status: Type.String(),
    hasFailures: Type.Boolean(),
    hasErrors: Type.Boolean(),
    isDegraded: Type.Boolean(),
    overMaxResponseTime: Type.Boolean(),
    responseTime: Type.Number(),
    errorKind: Nullable(Type.String()),
    error: Nullable(Type.String()),
    statusCode: Nullable(Type.Integer()),
    trigger: Type.String(),
    checkSessionId: Nullable(Type.String()),
    scheduledAt: Nullable(Type.String({ format: 'date-time' })),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    ...details,
  },
  { ...open, description: 'A check result; the details of the run are under the key of its check type (e.g. apiCheckResult).' },
)
export type CheckResultView = Static<typeof CheckResultView>
