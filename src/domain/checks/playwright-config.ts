/**
 * The subset of a Playwright config (playwright.config.ts) that a check may set through the API, for PLAYWRIGHT,
 * BROWSER and MULTI_STEP checks. Every option is optional and stored as given; the runner applies Playwright's own
 * defaults to what is left out. Options outside the subset (workers, trace, headless, projects...) are rejected
 * rather than ignored, because the runner decides them and silently dropping them would mislead.
 */
import { Type, type TObject, type TProperties, type TSchema, type TUnsafe } from 'typebox'
import type { FieldSpec } from './check-type.js'
import { Nullable, StringEnum } from './shared-schemas.js'

/**
 * An object that accepts only its listed properties. An extra one fails at its own path (e.g.
 * `playwrightConfig.use.headless`), which `additionalProperties: false` would not give: that reports the object.
 */
const Closed = <T extends TProperties>(properties: T, options: Record<string, unknown> = {}): TObject<T> =>
  Type.Object(properties, { ...options, additionalProperties: Type.Never({ description: 'Options not listed are not supported.' }) })

export const MAX_PLAYWRIGHT_TIMEOUT_MS = 240_000

const Timeout = (description: string, minimum = 1) => Type.Optional(Type.Integer({ minimum, maximum: MAX_PLAYWRIGHT_TIMEOUT_MS, description }))

const Dimension = Type.Integer({ minimum: 1, maximum: 10_000 })

export const PlaywrightUseOptions = Closed(
  {
    baseURL: Type.Optional(Type.String({ maxLength: 2048, description: 'Base URL for page.goto() and request calls with a relative URL.' })),
    viewport: Type.Optional(Nullable(Closed({ width: Dimension, height: Dimension }, { description: 'null: no fixed viewport.' }))),
    locale: Type.Optional(Type.String({ maxLength: 64, description: 'e.g. en-GB' })),
    timezoneId: Type.Optional(Type.String({ maxLength: 64, description: 'e.g. Europe/Paris' })),
    extraHTTPHeaders: Type.Optional(
      // Typed as the record it accepts (an empty Type.Object with additionalProperties is typed as `object`).
      Type.Object({}, { additionalProperties: Type.String({ maxLength: 16384 }), maxProperties: 100, description: 'Headers sent with every request.' }) as TSchema as TUnsafe<
        Record<string, string>
      >,
    ),
    httpCredentials: Type.Optional(Closed({ username: Type.String({ maxLength: 1024 }), password: Type.String({ maxLength: 1024 }) })),
    ignoreHTTPSErrors: Type.Optional(Type.Boolean()),
    actionTimeout: Timeout('Milliseconds for each action such as click(); 0: no limit.', 0),
    navigationTimeout: Timeout('Milliseconds for each navigation; 0: no limit.', 0),
    userAgent: Type.Optional(Type.String({ maxLength: 1024 })),
    colorScheme: Type.Optional(StringEnum(['light', 'dark', 'no-preference'] as const)),
    geolocation: Type.Optional(Closed({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) })),
    permissions: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50, description: 'e.g. geolocation' })),
  },
  { description: 'The supported subset of Playwright `use` options.' },
)

export const PlaywrightConfig = Closed(
  {
    timeout: Timeout('Milliseconds each test may take.'),
    expect: Type.Optional(Closed({ timeout: Timeout('Milliseconds each expect() assertion retries for.') })),
    retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: 'Retries of a failed test within one run.' })),
    use: Type.Optional(PlaywrightUseOptions),
  },
  {
    description:
      'Optional Playwright settings (a subset of playwright.config): timeout, expect.timeout, retries and `use` options. ' +
      'Other options (workers, trace, headless, projects...) are decided by the runner and are rejected. Stored as given.',
  },
)

/** The field, as PLAYWRIGHT, BROWSER and MULTI_STEP checks declare it: optional, null by default, null clears it. */
export const playwrightConfigField = { schema: Nullable(PlaywrightConfig), default: () => null } satisfies FieldSpec
