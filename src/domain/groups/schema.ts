/** Check group fields: the body schemas of create and update, with their defaults and limits. */
import { Type, type TSchema } from 'typebox'
import { API_SOURCES } from '../checks/api.js'
import { httpRequestParts } from '../checks/common-fields.js'
import { COMPARISONS } from '../checks/enums.js'
import { normalizeAlertSettings, normalizeRetryStrategy } from '../checks/normalize-settings.js'
import {
  AlertChannelSubscription,
  AlertSettings,
  Locations,
  Nullable,
  PrivateLocations,
  RetryStrategy,
  RuntimeId,
  Script,
  SnippetId,
  StringEnum,
  Tags,
  assertionSchema,
  environmentVariables,
} from '../checks/shared-schemas.js'
import { normalizeAssertion } from '../checks/assertion-rules.js'

type Doc = Record<string, unknown>

/** At most 100 environment variables per group, as the public API allows. */
export const MAX_GROUP_ENV_VARS = 100
/** The public API sets only the minimum (1); 100 checks at once is our ceiling for a CI/API group trigger. */
export const MAX_GROUP_CONCURRENCY = 100
export const FALLBACK = 'FALLBACK'

export const ApiCheckDefaults = Type.Object({
  url: Type.Optional(Nullable(Type.String({ maxLength: 2048, default: '', description: "Base URL, used in the group's checks as {{GROUP_BASE_URL}}. Empty or http(s)://..." }))),
  headers: Type.Optional(httpRequestParts.headers),
  queryParameters: Type.Optional(httpRequestParts.queryParameters),
  assertions: Type.Optional(Type.Array(assertionSchema(API_SOURCES, COMPARISONS), { maxItems: 100 })),
  basicAuth: Type.Optional(httpRequestParts.basicAuth),
})

export const defaultApiCheckDefaults = (): Doc => ({ url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null })

export const normalizeApiCheckDefaults = (value: unknown): Doc => {
  const d = value as Doc
  const entries = (list: unknown) => ((list as Doc[] | undefined) ?? []).map((h) => ({ key: h.key, value: h.value, locked: h.locked ?? false }))
  return {
    url: d.url ?? '',
    headers: entries(d.headers),
    queryParameters: entries(d.queryParameters),
    assertions: ((d.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
    basicAuth: d.basicAuth ?? null,
  }
}

export interface GroupFieldSpec {
  schema: TSchema
  default: () => unknown
  /** null in an update keeps the stored value (lists and settings objects, as for checks); on create it means the default. */
  keepOnNull?: boolean
  normalize?: (value: unknown) => unknown
}

const nul = () => null
const empty = () => []

/**
 * Every stored field of a group. alertChannelSubscriptions is not stored here: it lives in the subscriptions table.
 * GROUP_FIELD_SPECS keeps each field's schema type (the constructs compute a group's create body from it);
 * GROUP_FIELDS is the same object seen as a plain record, for the code that walks the fields.
 */
export const GROUP_FIELD_SPECS = {
  name: { schema: Type.String({ minLength: 1, maxLength: 255 }), default: () => '' },
  activated: { schema: Type.Boolean({ default: true }), default: () => true },
  muted: { schema: Type.Boolean({ default: false }), default: () => false },
  tags: { schema: Nullable(Tags), default: empty, keepOnNull: true },
  locations: { schema: Locations, default: empty, keepOnNull: true },
  concurrency: {
    schema: Type.Integer({ minimum: 1, maximum: MAX_GROUP_CONCURRENCY, default: 3, description: 'Checks run at once when the group is triggered from CI/CD or the API.' }),
    default: () => 3,
  },
  apiCheckDefaults: { schema: Nullable(ApiCheckDefaults), default: defaultApiCheckDefaults, keepOnNull: true, normalize: normalizeApiCheckDefaults },
  browserCheckDefaults: {
    schema: Nullable(Type.Union([Type.Object({}, { additionalProperties: true }), Type.String({ maxLength: 16384 })])),
    default: () => ({}),
    keepOnNull: true,
  },
  runtimeId: { schema: RuntimeId, default: nul },
  environmentVariables: {
    schema: environmentVariables(MAX_GROUP_ENV_VARS),
    default: empty,
    keepOnNull: true,
    // Entries get their defaults, and secrets keep their stored values, in build-doc (secrets/env-var-secrets).
  },
  setupSnippetId: { schema: SnippetId, default: nul },
  tearDownSnippetId: { schema: SnippetId, default: nul },
  localSetupScript: { schema: Script, default: nul },
  localTearDownScript: { schema: Script, default: nul },
  privateLocations: { schema: PrivateLocations, default: empty, keepOnNull: true },
  runParallel: { schema: Nullable(Type.Boolean({ description: "null: each check's own setting." })), default: () => false },
  alertSettings: {
    schema: Nullable(AlertSettings),
    default: nul,
    normalize: (v) => (v === null ? null : normalizeAlertSettings(v)),
  },
  retryStrategy: {
    schema: Nullable(Type.Union([RetryStrategy, StringEnum([FALLBACK] as const)], { description: "A retry strategy, or FALLBACK (null means FALLBACK): each check's own." })),
    default: () => FALLBACK,
    normalize: (v) => (v === null || v === FALLBACK ? FALLBACK : normalizeRetryStrategy(v)),
  },
  useGlobalAlertSettings: { schema: Nullable(Type.Boolean()), default: nul },
  doubleCheck: { schema: Type.Boolean({ default: false, description: 'Deprecated; retryStrategy replaces it.' }), default: () => false },
} satisfies Record<string, GroupFieldSpec>
export const GROUP_FIELDS: Record<string, GroupFieldSpec> = GROUP_FIELD_SPECS

/** The alertChannelSubscriptions field of a group body (not a stored field: see GROUP_FIELDS). */
export const GroupAlertChannelSubscriptions = Nullable(Type.Array(AlertChannelSubscription, { maxItems: 100 }))

/** Body of create (name required) and update (name required on /v2, optional on the deprecated /v1 update). */
export function groupBodySchema(requireName: boolean): TSchema {
  const properties: Record<string, TSchema> = {}
  for (const [name, spec] of Object.entries(GROUP_FIELDS)) properties[name] = spec.schema
  properties.alertChannelSubscriptions = GroupAlertChannelSubscriptions
  const schema: Record<string, unknown> = { type: 'object', properties }
  if (requireName) schema.required = ['name']
  return schema as unknown as TSchema
}
