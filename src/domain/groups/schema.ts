/**
 * The contract of a check group: its fields with their defaults and limits, the create and update bodies, and the
 * stored document, each a TypeBox schema with its static type. The response view is in view-schema.ts.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox'
import { API_SOURCES } from '../checks/api.js'
import { httpRequestParts } from '../checks/common-fields.js'
import { COMPARISONS } from '../checks/enums.js'
import { normalizeAlertSettings, normalizeRetryStrategy } from '../checks/normalize-settings.js'
import {
  AlertChannelSubscription,
  AlertSettings,
  BasicAuth,
  KeyValue,
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

/** apiCheckDefaults as stored: every part present, entries with their defaults. */
export const StoredApiCheckDefaults = Type.Object({
  url: Nullable(Type.String()),
  headers: Type.Array(KeyValue),
  queryParameters: Type.Array(KeyValue),
  assertions: Type.Array(assertionSchema(API_SOURCES, COMPARISONS)),
  basicAuth: Nullable(BasicAuth),
})
export type StoredApiCheckDefaults = Static<typeof StoredApiCheckDefaults>

export const defaultApiCheckDefaults = (): StoredApiCheckDefaults => ({ url: '', headers: [], queryParameters: [], assertions: [], basicAuth: null })

/** A part of a body not yet known to match its schema: the walker of GROUP_FIELDS also reads bodies that failed it. */
type Unchecked = Record<string, unknown>

/** Stored form of a body's apiCheckDefaults: every part present, entries with their defaults. */
export const normalizeApiCheckDefaults = (value: unknown) => {
  const d = value as Unchecked
  const entries = (list: unknown) => ((list as Unchecked[] | undefined) ?? []).map((h) => ({ key: h.key, value: h.value, locked: h.locked ?? false }))
  return {
    url: d.url ?? '',
    headers: entries(d.headers),
    queryParameters: entries(d.queryParameters),
    assertions: ((d.assertions as Unchecked[] | undefined) ?? []).map(normalizeAssertion),
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
  // Text, as the spec types it (an earlier version stored an object: answered-settings.ts reads it as text).
  browserCheckDefaults: { schema: Nullable(Type.String({ maxLength: 16384 })), default: () => '', keepOnNull: true },
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

const F = GROUP_FIELD_SPECS

/** Every field a group body may give: the stored fields, then the subscriptions (kept in their own table). */
const bodyFields = {
  name: Type.Optional(F.name.schema),
  activated: Type.Optional(F.activated.schema),
  muted: Type.Optional(F.muted.schema),
  tags: Type.Optional(F.tags.schema),
  locations: Type.Optional(F.locations.schema),
  concurrency: Type.Optional(F.concurrency.schema),
  apiCheckDefaults: Type.Optional(F.apiCheckDefaults.schema),
  browserCheckDefaults: Type.Optional(F.browserCheckDefaults.schema),
  runtimeId: Type.Optional(F.runtimeId.schema),
  environmentVariables: Type.Optional(F.environmentVariables.schema),
  setupSnippetId: Type.Optional(F.setupSnippetId.schema),
  tearDownSnippetId: Type.Optional(F.tearDownSnippetId.schema),
  localSetupScript: Type.Optional(F.localSetupScript.schema),
  localTearDownScript: Type.Optional(F.localTearDownScript.schema),
  privateLocations: Type.Optional(F.privateLocations.schema),
  runParallel: Type.Optional(F.runParallel.schema),
  alertSettings: Type.Optional(F.alertSettings.schema),
  retryStrategy: Type.Optional(F.retryStrategy.schema),
  useGlobalAlertSettings: Type.Optional(F.useGlobalAlertSettings.schema),
  doubleCheck: Type.Optional(F.doubleCheck.schema),
  alertChannelSubscriptions: Type.Optional(GroupAlertChannelSubscriptions),
} satisfies Record<keyof typeof GROUP_FIELD_SPECS | 'alertChannelSubscriptions', TSchema>

/**
 * The published form of a body schema: `{type, properties, required}` in the order the API has always served it
 * (TypeBox writes `required` first), so that /openapi.json does not change; the static type is the object's.
 */
function published<T extends TObject>(schema: T) {
  // TypeBox leaves `required` out of an object with no required property, whatever its static type says.
  const required: readonly string[] = Object.hasOwn(schema, 'required') ? schema.required : []
  return Type.Unsafe<Static<T>>({ type: 'object', properties: schema.properties, ...(required.length > 0 ? { required: [...required] } : {}) })
}

/** Body of POST /v1/check-groups and /v2/check-groups (and of PUT on /v2, where name is required too). */
export const CheckGroupCreateBody = published(Type.Object({ ...bodyFields, name: F.name.schema }))
export type CheckGroupCreateBody = Static<typeof CheckGroupCreateBody>

/** Body of the deprecated PUT /v1/check-groups/{id}: every field optional, fields left out keep their value. */
export const CheckGroupUpdateBody = published(Type.Object(bodyFields))
export type CheckGroupUpdateBody = Static<typeof CheckGroupUpdateBody>

/** Body of create (name required) and update (name required on /v2, optional on the deprecated /v1 update). */
export const groupBodySchema = (requireName: boolean) => (requireName ? CheckGroupCreateBody : CheckGroupUpdateBody)

/**
 * A check group as buildGroupDoc stores it: every field of GROUP_FIELD_SPECS, normalized (apiCheckDefaults complete,
 * retryStrategy a strategy or FALLBACK). A document stored by an older version may lack a field added since:
 * readers take a stored group as StoredCheckGroupDoc.
 */
export const CheckGroupDoc = Type.Object({
  name: Type.String(),
  activated: Type.Boolean(),
  muted: Type.Boolean(),
  tags: F.tags.schema,
  locations: F.locations.schema,
  concurrency: Type.Integer(),
  apiCheckDefaults: StoredApiCheckDefaults,
  browserCheckDefaults: F.browserCheckDefaults.schema,
  runtimeId: F.runtimeId.schema,
  environmentVariables: F.environmentVariables.schema,
  setupSnippetId: F.setupSnippetId.schema,
  tearDownSnippetId: F.tearDownSnippetId.schema,
  localSetupScript: F.localSetupScript.schema,
  localTearDownScript: F.localTearDownScript.schema,
  privateLocations: F.privateLocations.schema,
  runParallel: F.runParallel.schema,
  alertSettings: Nullable(AlertSettings),
  retryStrategy: Type.Union([RetryStrategy, Type.Literal(FALLBACK)]),
  useGlobalAlertSettings: F.useGlobalAlertSettings.schema,
  doubleCheck: Type.Boolean(),
})
export type CheckGroupDoc = Static<typeof CheckGroupDoc>
/**
 * A stored group as read back: its name (required since the first version), and any other field may be missing from
 * a document written before the field existed.
 */
export type StoredCheckGroupDoc = Pick<CheckGroupDoc, 'name'> & Partial<Omit<CheckGroupDoc, 'name'>>
/** What applying a group's settings to its checks reads: its settings, whichever of them the document holds. */
export type GroupSettings = Partial<CheckGroupDoc>
