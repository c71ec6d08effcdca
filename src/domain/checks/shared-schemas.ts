/** Sub-objects shared by several check types, as JSON schemas for the API layer. */
import { Type, type TSchema } from 'typebox'
import { RUNTIME_IDS, LOCATIONS } from './enums.js'
import { UUID_PATTERN } from '../../lib/ids.js'

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
export const IntEnum = <const T extends readonly number[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options })

export const KeyValue = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 1024 }),
  value: Type.String({ maxLength: 16384 }),
  locked: Type.Optional(Type.Boolean({ default: false })),
})

export const BasicAuth = Type.Object({
  username: Type.String({ maxLength: 1024 }),
  password: Type.String({ maxLength: 1024 }),
})

export const EnvironmentVariable = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z_][A-Za-z0-9_]*$', errorMessage: 'Use letters, digits and underscores, not starting with a digit' }),
  value: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 16384,
        description: 'Required, except for a secret already stored under this key: left out, null or ***** keeps its value.',
      }),
    ),
  ),
  locked: Type.Optional(Type.Boolean({ default: false })),
  secret: Type.Optional(Type.Boolean({ default: false, description: 'Once set it cannot be unset; the value is never returned again.' })),
})

export const environmentVariables = (max: number) => Nullable(Type.Array(EnvironmentVariable, { maxItems: max }))

export const AlertSettings = Type.Object({
  escalationType: Type.Optional(StringEnum(['RUN_BASED', 'TIME_BASED'] as const, { default: 'RUN_BASED' })),
  runBasedEscalation: Type.Optional(Type.Object({ failedRunThreshold: Type.Optional(IntEnum([1, 2, 3, 4, 5] as const, { default: 1 })) })),
  timeBasedEscalation: Type.Optional(Type.Object({ minutesFailingThreshold: Type.Optional(IntEnum([5, 10, 15, 30] as const, { default: 5 })) })),
  reminders: Type.Optional(
    Type.Object({
      amount: Type.Optional(IntEnum([0, 1, 2, 3, 4, 5, 100000] as const, { default: 0 })),
      interval: Type.Optional(IntEnum([1, 2, 3, 4, 5, 10, 15, 30] as const, { default: 5 })),
    }),
  ),
  parallelRunFailureThreshold: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean({ default: false })),
      percentage: Type.Optional(IntEnum([10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const, { default: 10 })),
    }),
  ),
  sslCertificates: Type.Optional(Type.Unknown({ description: 'Deprecated and ignored.' })),
})

export const RetryStrategy = Type.Object({
  type: StringEnum(['FIXED', 'LINEAR', 'EXPONENTIAL', 'SINGLE_RETRY'] as const),
  baseBackoffSeconds: Type.Optional(Type.Number({ minimum: 0, maximum: 600, default: 60 })),
  maxRetries: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10 }))),
  maxDurationSeconds: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 600 }))),
  sameRegion: Type.Optional(Type.Boolean({ default: true })),
  onlyOn: Type.Optional(Nullable(Type.Array(StringEnum(['NETWORK_ERROR'] as const), { maxItems: 1 }))),
})

export const TriggerIncident = Type.Object({
  serviceId: Type.String({ pattern: UUID_PATTERN }),
  severity: StringEnum(['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ maxLength: 500 }),
  notifySubscribers: Type.Boolean(),
})

export const AlertChannelSubscription = Type.Object({
  alertChannelId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  activated: Type.Boolean(),
})

export const Locations = Nullable(Type.Array(StringEnum(LOCATIONS), { uniqueItems: true, maxItems: LOCATIONS.length }))
export const PrivateLocations = Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 50 }))
export const RuntimeId = Nullable(StringEnum(RUNTIME_IDS))
export const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 100 })
export const SnippetId = Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))
export const Script = Nullable(Type.String({ maxLength: 512 * 1024 }))

/** Assertion with the source and comparison sets of one check type. */
export const assertionSchema = <const S extends readonly string[], const C extends readonly string[]>(sources: S, comparisons: C) =>
  Type.Object({
    source: StringEnum(sources),
    comparison: StringEnum(comparisons),
    property: Type.Optional(Type.String({ maxLength: 2048, default: '' })),
    target: Type.Optional(Type.Union([Type.String({ maxLength: 16384 }), Type.Number()])),
    regex: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  })

export const Dependencies = Nullable(
  Type.Array(Type.Object({ path: Type.String({ minLength: 1, maxLength: 1024 }), content: Type.String({ maxLength: 512 * 1024 }) }), {
    maxItems: 100,
  }),
)

/** Integer ids of serial columns (PostgreSQL `serial` is a 32-bit integer). */
export const MAX_SERIAL_ID = 2147483647
export const SerialId = (options: Record<string, unknown> = {}) => Type.Integer({ minimum: 1, maximum: MAX_SERIAL_ID, ...options })
