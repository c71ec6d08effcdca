/** Request and response schemas of the agent protocol v1 (its job and result shapes: runners/agent-protocol.ts). */
import { Type, type Static } from 'typebox'

export const LeaseBody = Type.Object({
  capacity: Type.Integer({ minimum: 1, maximum: 10, description: 'Most jobs to lease.' }),
  waitSeconds: Type.Integer({ minimum: 0, maximum: 30, description: 'Long poll: wait this long for a job to be due.' }),
  checkTypes: Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50, description: 'The check types this agent can run.' }),
})
export type LeaseRequest = Static<typeof LeaseBody>

export const LeasedJob = Type.Object({
  jobId: Type.String(),
  leaseToken: Type.String(),
  leaseUntil: Type.String(),
  checkId: Type.String(),
  checkType: Type.String(),
  attempt: Type.Integer(),
  location: Type.String(),
  spec: Type.Object({}, { additionalProperties: true, description: 'The prepared run spec, as the runner of this check type takes it.' }),
  dueAt: Type.String({ description: 'When the run was due (ISO 8601): the agent measures its queue wait from it.' }),
})

const text = (description: string) => Type.String({ maxLength: 8_192, description })

const PostedArtifact = Type.Object({
  type: Type.Union(['log', 'trace', 'video', 'screenshot', 'report', 'file'].map((t) => Type.Literal(t))),
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._@-]+$' }),
  contentType: Type.String({ maxLength: 200 }),
})

export const RunResultBody = Type.Object(
  {
    status: Type.Union([Type.Literal('passing'), Type.Literal('degraded'), Type.Literal('failing')]),
    hasFailures: Type.Boolean(),
    hasErrors: Type.Boolean(),
    isDegraded: Type.Boolean(),
    overMaxResponseTime: Type.Boolean(),
    errorKind: Type.Union([Type.String({ maxLength: 50 }), Type.Null()]),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
    networkError: Type.Boolean(),
    responseTime: Type.Number({ minimum: 0 }),
    startedAt: Type.Number(),
    stoppedAt: Type.Number(),
    assertions: Type.Array(Type.Object({}, { additionalProperties: true })),
    timingPhases: Type.Record(Type.String(), Type.Number()),
    details: Type.Object({}, { additionalProperties: true }),
    jobLog: Type.Array(Type.String()),
    artifacts: Type.Optional(Type.Array(PostedArtifact, { maxItems: 100 })),
  },
  { description: "The runner's RunResult (src/runners/contract.ts), artifacts already uploaded." },
)

export const ResultBody = Type.Object({ leaseToken: Type.String({ minLength: 1, maxLength: 100 }), result: RunResultBody })
export type ResultRequest = Static<typeof ResultBody>

export const JobStatesBody = Type.Object({
  jobs: Type.Array(Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 100 }), leaseToken: Type.String({ minLength: 1, maxLength: 100 }) }), {
    maxItems: 100,
    description: 'The jobs this agent is running, with their lease tokens.',
  }),
})
export const JobStatesAnswer = Type.Object({
  jobs: Type.Array(Type.Object({ jobId: Type.String(), state: Type.Union([Type.Literal('running'), Type.Literal('cancelled'), Type.Literal('lost')]) })),
})

export const HeartbeatBody = Type.Object({
  jobsInFlight: Type.Integer({ minimum: 0, maximum: 1000 }),
  leaving: Type.Optional(Type.Boolean({ description: 'The agent stops: it no longer counts as connected from now on.' })),
})

export const ErrorReportBody = Type.Object({
  message: text('The error message.'),
  stack: text('The stack trace.'),
  agentVersion: text('The agent version.'),
  platform: text('The operating system and architecture.'),
  runtimeVersion: text('The Node.js version.'),
})
export type ErrorReport = Static<typeof ErrorReportBody>

export const JobParams = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 100 }) })
export const ArtifactParams = Type.Object({
  jobId: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._@-]+$' }),
})
