/**
 * Per-run overrides as a request gives them (test-session triggers, ad-hoc runs): the reference's limits as
 * schemas, and the rules a schema cannot state, turning a valid body into the RunOverrides a run carries (pure).
 */
import { Type, type Static } from 'typebox'
import { Nullable, RetryStrategy } from '../checks/shared-schemas.js'
import { normalizeRetryStrategy } from '../checks/normalize-settings.js'
import type { FieldErrorCollector } from '../errors.js'
import type { RetryStrategy as Strategy } from '../schedule/retry-policy.js'
import type { RunOverrides } from './run-overrides.js'

export const MAX_RUN_VARIABLES = 50

export const RunEnvironmentVariable = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 255 }),
  value: Nullable(Type.String({ maxLength: 16384 })),
  secret: Type.Optional(Type.Boolean({ default: false, description: 'Redacted from results and logs, sealed while the run waits.' })),
  locked: Type.Optional(Type.Boolean({ default: false })),
})

export const RunEnvironmentVariables = Type.Array(RunEnvironmentVariable, {
  maxItems: MAX_RUN_VARIABLES,
  description: "Variables for these runs only: they win over the account's, the group's and the check's of the same key.",
})

export const RunRetryStrategy = Type.Union([RetryStrategy, Type.Null()], {
  description: "Replaces each check's retry strategy for these runs; null: no retries.",
})

export interface RunOverrideInput {
  environmentVariables?: Array<Static<typeof RunEnvironmentVariable>> | undefined
  /** Absent: each check keeps its own strategy; null: no retries. */
  retryStrategy?: Static<typeof RetryStrategy> | null | undefined
  refreshCache?: boolean | undefined
  environmentUrl?: string | undefined
}

/** The overrides of a body that passed its schema; problems the schema cannot state go to `errors`. */
export function buildRunOverrides(input: RunOverrideInput, errors: FieldErrorCollector): RunOverrides {
  const out: RunOverrides = {}
  if (input.environmentVariables && input.environmentVariables.length > 0) {
    out.environmentVariables = input.environmentVariables.map((v) => ({ key: v.key, value: v.value ?? '', secret: v.secret === true }))
  }
  const retry = input.retryStrategy
  if (retry === null) out.retryStrategy = null
  else if (retry !== undefined) {
    if (retry.type === 'SINGLE_RETRY' && retry.maxRetries !== undefined && retry.maxRetries !== null && retry.maxRetries !== 1)
      errors.add('retryStrategy.maxRetries', 'is not allowed with type SINGLE_RETRY')
    out.retryStrategy = normalizeRetryStrategy(retry) as unknown as Strategy
  }
  if (input.refreshCache === true) out.refreshCache = true
  if (input.environmentUrl !== undefined) out.environmentUrl = input.environmentUrl
  return out
}
