/**
 * The contract of test sessions: the trigger body, and the views of a session, its results, its list and its
 * error groups, in the reference's shapes.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { RunEnvironmentVariables, RunRetryStrategy } from '../runs/run-override-input.js'

const open = { additionalProperties: true }

export const TEST_SESSION_STATUSES = ['RUNNING', 'FAILED', 'PASSED', 'CANCELLED'] as const
export type TestSessionStatus = (typeof TEST_SESSION_STATUSES)[number]
export const TEST_SESSION_PROVIDERS = ['GITHUB', 'VERCEL', 'API', 'TRIGGER', 'PW_REPORTER'] as const

const NullableText = Type.Optional(Nullable(Type.String({ maxLength: 2000 })))

export const TestSessionMetadata = Type.Object(
  {
    environment: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    repoUrl: NullableText,
    commitId: NullableText,
    commitOwner: NullableText,
    commitMessage: NullableText,
    branchName: NullableText,
    github: Type.Optional(Type.Object({ reporting: Type.Boolean() }, open)),
  },
  { ...open, description: 'Where the session comes from: environment, repository, commit and branch.' },
)
export type TestSessionMetadata = Static<typeof TestSessionMetadata>

export const TriggerTestSessionBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  runLocation: Type.String({ minLength: 1, maxLength: 100, description: 'A data-center location, or a private location (slug name or id); every run goes there.' }),
  target: Type.Optional(
    Type.Object({
      matchTags: Type.Optional(Type.Array(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 20 }), { maxItems: 20 })),
      checkId: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100 })),
      allowDeactivated: Type.Optional(Type.Boolean({ default: false, description: 'Also run deactivated checks that match.' })),
    }),
  ),
  environmentVariables: Type.Optional(RunEnvironmentVariables),
  retryStrategy: Type.Optional(RunRetryStrategy),
  refreshCache: Type.Optional(
    Type.Boolean({ default: false, description: 'Install dependencies (package.json of Playwright check suites) anew instead of taking them from the install cache.' }),
  ),
  metadata: Type.Optional(TestSessionMetadata),
})
export type TriggerTestSessionBody = Static<typeof TriggerTestSessionBody>

export const TestSessionResultView = Type.Object(
  {
    testSessionResultId: Type.String(),
    testSessionResultLink: Type.String({ description: "The run's result in the console (its check's results until it has one)." }),
    checkId: Nullable(Type.String()),
    checkType: Type.String(),
    name: Type.String(),
    runLocation: Type.String(),
    errorGroupIds: Type.Array(Type.String()),
    resultType: StringEnum(['FINAL', 'ATTEMPT', 'PENDING'] as const),
    status: StringEnum(TEST_SESSION_STATUSES),
    hasErrors: Type.Boolean(),
    hasFailures: Type.Boolean(),
    isDegraded: Type.Boolean(),
    aborted: Type.Boolean(),
    responseTime: Nullable(Type.Number()),
    startedAt: Nullable(Type.String({ format: 'date-time' })),
    stoppedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  open,
)
export type TestSessionResultView = Static<typeof TestSessionResultView>

/** One result in full: the run's fields and the check result's details under its type's key. */
export const TestSessionResultDetailView = Type.Object(
  {
    ...TestSessionResultView.properties,
    id: Type.String(),
    privateLocationId: Nullable(Type.String()),
    isCancelled: Type.Boolean(),
    overMaxResponseTime: Type.Boolean(),
    attempts: Type.Integer(),
    sequenceId: Nullable(Type.String()),
    scheduleError: Nullable(Type.String()),
    traceId: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  open,
)
export type TestSessionResultDetailView = Static<typeof TestSessionResultDetailView>

export const TestSessionView = Type.Object(
  {
    testSessionId: Type.String(),
    testSessionLink: Type.String(),
    name: Type.String(),
    status: StringEnum(TEST_SESSION_STATUSES),
    errorGroupIds: Type.Array(Type.String()),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Nullable(Type.String({ format: 'date-time', description: 'null while a run has neither a final result nor was cancelled.' })),
    timeElapsed: Type.Number({ description: 'ms since the start, or the whole session once it stopped.' }),
    metadata: TestSessionMetadata,
    results: Type.Array(TestSessionResultView),
  },
  open,
)
export type TestSessionView = Static<typeof TestSessionView>

const Ids = Nullable(Type.Array(Type.String()))
export const TestSessionListEntry = Type.Object(
  {
    id: Type.String(),
    accountId: Type.String(),
    projectId: Nullable(Type.String()),
    name: Type.String(),
    provider: Type.String(),
    errorGroupIds: Ids,
    running: Ids,
    passed: Ids,
    failed: Ids,
    cancelled: Type.Array(Type.String()),
    status: StringEnum(TEST_SESSION_STATUSES),
    region: Type.String(),
    privateLocationId: Nullable(Type.String()),
    invoker: Nullable(Type.Object({ name: Type.String(), picture: Nullable(Type.String()) })),
    repoUrl: Nullable(Type.String()),
    commitId: Nullable(Type.String()),
    commitOwner: Nullable(Type.String()),
    commitMessage: Nullable(Type.String()),
    branchName: Nullable(Type.String()),
    environment: Nullable(Type.String()),
    startedAt: Type.String({ format: 'date-time' }),
    stoppedAt: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  open,
)
export type TestSessionListEntry = Static<typeof TestSessionListEntry>

export const TestSessionList = Type.Object({ length: Type.Integer(), entries: Type.Array(TestSessionListEntry), nextId: Nullable(Type.String()) })
export type TestSessionList = Static<typeof TestSessionList>

export const TestSessionErrorGroupView = Type.Object(
  {
    id: Type.String(),
    projectId: Nullable(Type.String()),
    environments: Nullable(Type.Array(Type.String())),
    errorHash: Type.String({ description: 'sha256 (hex) of the cleaned error message.' }),
    rawErrorMessage: Nullable(Type.String()),
    cleanedErrorMessage: Type.String(),
    firstSeen: Type.String({ format: 'date-time' }),
    lastSeen: Type.String({ format: 'date-time' }),
    archivedUntilNextEvent: Type.Boolean(),
    pwtMetadata: Nullable(Type.Array(Type.Object({}, open))),
    rootCauseAnalyses: Type.Array(Type.Object({}, open), {
      description: 'Its completed root-cause analyses, oldest first (id, created_at, analysis, provider, model, durationMs, userContext); pending and failed ones are read by id.',
    }),
    occurrences: Type.Integer(),
    archivedForever: Type.Boolean(),
  },
  open,
)
export type TestSessionErrorGroupView = Static<typeof TestSessionErrorGroupView>

/** The asset manifest of a test-session result: the files of its check result, named as the session's. */
export const TestSessionAssetManifest = Type.Object({
  assets: Type.Array(
    Type.Object({
      type: Type.String(),
      name: Type.String({ minLength: 1 }),
      url: Type.String({ format: 'uri' }),
      contentType: Type.String({ minLength: 1 }),
      source: Type.Object({
        type: StringEnum(['test-session-result'] as const),
        checkId: Type.String(),
        checkName: Type.String(),
        checkType: Type.String(),
        resultId: Type.String(),
        testSessionId: Type.String(),
      }),
    }),
  ),
})
export type TestSessionAssetManifest = Static<typeof TestSessionAssetManifest>
