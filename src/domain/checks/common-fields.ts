/** Fields common to every check type and the response-time / script fields several share. */
import { Type, type TSchema } from 'typebox'
import type { FieldSpec } from './check-type.js'
import {
  AlertChannelSubscription,
  AlertSettings,
  BasicAuth,
  Dependencies,
  KeyValue,
  Locations,
  Nullable,
  PrivateLocations,
  RetryStrategy,
  RuntimeId,
  Script,
  SnippetId,
  Tags,
  TriggerIncident,
  environmentVariables,
} from './shared-schemas.js'
import { normalizeAlertSettings, normalizeRetryStrategy } from './normalize-settings.js'

export const MAX_CHECK_ENV_VARS = 50

const nul = () => null
const empty = () => []

/** Precisely typed (not `Record<string, FieldSpec>`) so that the constructs can compute the static type of a body. */
export const commonFields = <F extends TSchema>(frequencySchema: F) =>
  ({
    name: { schema: Type.String({ minLength: 1, maxLength: 255 }) },
    activated: { schema: Type.Boolean({ default: true }), default: () => true },
    muted: { schema: Type.Boolean({ default: false }), default: () => false },
    doubleCheck: { schema: Type.Boolean({ default: true }), default: () => true },
    shouldFail: { schema: Type.Boolean({ default: false }), default: () => false },
    locations: { schema: Locations, default: empty, keepOnNull: true },
    privateLocations: { schema: PrivateLocations, default: empty, keepOnNull: true },
    tags: { schema: Nullable(Tags), default: empty, keepOnNull: true },
    alertSettings: { schema: Nullable(AlertSettings), default: () => normalizeAlertSettings(undefined), normalize: normalizeAlertSettings, keepOnNull: true },
    useGlobalAlertSettings: { schema: Type.Boolean({ default: true }), default: () => true },
    groupId: { schema: Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 })), default: nul },
    groupOrder: { schema: Nullable(Type.Integer({ minimum: 0 })), default: nul },
    runtimeId: { schema: RuntimeId, default: nul },
    alertChannelSubscriptions: { schema: Nullable(Type.Array(AlertChannelSubscription, { maxItems: 100 })), default: empty, keepOnNull: true },
    retryStrategy: { schema: Nullable(RetryStrategy), default: nul, normalize: normalizeRetryStrategy },
    triggerIncident: { schema: Nullable(TriggerIncident), default: nul },
    runParallel: { schema: Type.Boolean({ default: false }), default: () => false },
    description: { schema: Nullable(Type.String({ maxLength: 500 })), default: nul },
    frequency: { schema: frequencySchema, default: () => 10 },
    frequencyOffset: { schema: Nullable(Type.Integer({ minimum: 1, maximum: 100000 })) },
    environmentVariables: {
      schema: environmentVariables(MAX_CHECK_ENV_VARS),
      default: empty,
      keepOnNull: true,
      // Entries get their defaults, and secrets keep their stored values, in build-doc (secrets/env-var-secrets).
    },
  }) satisfies Record<string, FieldSpec>

/** degradedResponseTime / maxResponseTime with a type's defaults and upper bound. */
export const responseTimeFields = (degraded: number, max: number, cap: number) =>
  ({
    degradedResponseTime: { schema: Nullable(Type.Number({ minimum: 0, maximum: cap, default: degraded })), default: () => degraded },
    maxResponseTime: { schema: Nullable(Type.Number({ minimum: 0, maximum: cap, default: max })), default: () => max },
  }) satisfies Record<string, FieldSpec>

export const scriptPhaseFields = {
  setupSnippetId: { schema: SnippetId, default: nul },
  tearDownSnippetId: { schema: SnippetId, default: nul },
  localSetupScript: { schema: Script, default: nul },
  localTearDownScript: { schema: Script, default: nul },
} satisfies Record<string, FieldSpec>

export const scriptFields = {
  script: { schema: Script },
  scriptPath: { schema: Nullable(Type.String({ minLength: 1, maxLength: 1024 })), default: nul },
  sslCheckDomain: { schema: Nullable(Type.String({ maxLength: 253 })), default: nul },
  dependencies: { schema: Dependencies, default: empty, keepOnNull: true },
} satisfies Record<string, FieldSpec>

export const httpRequestParts = {
  headers: Type.Array(KeyValue, { maxItems: 100 }),
  queryParameters: Type.Array(KeyValue, { maxItems: 100 }),
  basicAuth: Nullable(BasicAuth),
}
