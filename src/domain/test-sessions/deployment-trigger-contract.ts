/** The contract of deployment triggers: after a deploy of a repository, its check or group runs as a test session. */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { TestSessionView } from './contract.js'
import { LOCATIONS } from '../checks/enums.js'

/** A deployment's checks run in one of the API's locations. */
export const DEPLOYMENT_RUN_LOCATIONS = LOCATIONS

const Filter = Type.Optional(Nullable(Type.String({ maxLength: 255, description: 'A regular expression; null: every deployment matches.' })))

export const CreateDeploymentTriggerBody = Type.Object({
  checkId: Type.Optional(Nullable(Type.String({ format: 'uuid', description: 'The check to run (or groupId).' }))),
  groupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'The check group to run (or checkId).' }))),
  repoId: Type.Union([Type.Number(), Type.String({ minLength: 1, maxLength: 255 })], { description: 'The provider-side repository id.' }),
  repoName: Type.String({ minLength: 1, maxLength: 255 }),
  repoLink: Type.Optional(Type.String({ maxLength: 2000 })),
  useEnvironmentUrl: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        "Run the check against the deployment's environment_url instead of its own target. API and URL checks get their host swapped; browser and multi-step checks receive it as the ENVIRONMENT_URL environment variable.",
    }),
  ),
  includeScreenshots: Type.Optional(
    Type.Boolean({ default: false, description: 'Kept with the trigger; this service posts no deployment report back to the commit, so no screenshot is attached anywhere.' }),
  ),
  provider: Type.Optional(StringEnum(['GITHUB'] as const, { default: 'GITHUB' })),
  runLocation: Type.Optional(StringEnum(DEPLOYMENT_RUN_LOCATIONS, { default: 'us-east-1' })),
  environmentRegexFilter: Filter,
  environmentUrlRegexFilter: Filter,
})
export type CreateDeploymentTriggerBody = Static<typeof CreateDeploymentTriggerBody>

export const DeploymentTriggerView = Type.Object({
  id: Type.Integer(),
  checkId: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  provider: Type.String(),
  repoId: Type.String(),
  repoName: Type.String(),
  repoLink: Nullable(Type.String()),
  useEnvironmentUrl: Type.Boolean(),
  includeScreenshots: Type.Boolean(),
  environmentRegexFilter: Nullable(Type.String()),
  environmentUrlRegexFilter: Nullable(Type.String()),
  runLocation: Type.String(),
  created_at: Type.String({ format: 'date', description: 'The day it was created (UTC), as the reference gives it.' }),
  updated_at: Nullable(Type.String({ format: 'date' })),
})
export type DeploymentTriggerView = Static<typeof DeploymentTriggerView>

/** A deployment, as the CI reports it once the deploy finished. */
export const DeploymentBody = Type.Object({
  repoId: Type.Union([Type.Number(), Type.String({ minLength: 1, maxLength: 255 })]),
  environment: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The environment deployed to (e.g. production).' })),
  environmentUrl: Type.Optional(
    Type.String({ maxLength: 2000, description: 'Where the deploy is served (http or https); triggers with useEnvironmentUrl run their checks against it.' }),
  ),
  sha: Type.Optional(Type.String({ maxLength: 255 })),
  branchName: Type.Optional(Type.String({ maxLength: 255 })),
  commitOwner: Type.Optional(Type.String({ maxLength: 255 })),
  commitMessage: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type DeploymentBody = Static<typeof DeploymentBody>

export const DeploymentStarted = Type.Object({
  testSessions: Type.Array(TestSessionView, { description: 'One test session per trigger of the repository whose filters match the deployment; empty when none does.' }),
})
export type DeploymentStarted = Static<typeof DeploymentStarted>
