/** Bodies for PLAYWRIGHT checks and the playwrightConfig of script checks, shared by their API suites. */
import { Ajv } from 'ajv'

type Json = Record<string, unknown>

export const SPEC_FILE = {
  path: 'tests/home.spec.ts',
  content: "import { test, expect } from '@playwright/test'\ntest('home', async ({ page }) => {\n  await page.goto('/')\n  await expect(page).toHaveTitle(/Example/)\n})\n",
}
export const CONFIG_FILE = { path: 'playwright.config.ts', content: "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests' })\n" }
export const HELPER_FILE = { path: 'tests/helpers/login.ts', content: 'export const user = "demo"\n' }

/** Every supported option of playwrightConfig, once. */
export const FULL_CONFIG = {
  timeout: 30_000,
  expect: { timeout: 5_000 },
  retries: 1,
  use: {
    baseURL: 'https://example.com',
    viewport: { width: 1280, height: 720 },
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    extraHTTPHeaders: { 'X-Monitor': 'picket' },
    httpCredentials: { username: 'demo', password: 'demo-pass' },
    ignoreHTTPSErrors: true,
    actionTimeout: 0,
    navigationTimeout: 15_000,
    userAgent: 'Picket',
    colorScheme: 'dark',
    geolocation: { latitude: 48.85, longitude: 2.35 },
    permissions: ['geolocation'],
  },
}

export const suiteBody = (extra: Json = {}): Json => ({ name: 'Playwright suite', files: [SPEC_FILE, CONFIG_FILE], ...extra })

const str = { type: 'string' }
const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] })
const bool = { type: 'boolean' }

/**
 * The property types of the reference schema ChecksV1PlaywrightCheck (openapi-reference.json), OpenAPI's
 * `nullable` written as a union with null: a response must match every property it has.
 */
export const REFERENCE_PLAYWRIGHT_CHECK = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    activated: bool,
    muted: bool,
    locations: nullable({ type: 'array', items: str }),
    tags: { type: 'array', items: { type: 'string', minLength: 1 } },
    alertSettings: { type: 'object' },
    useGlobalAlertSettings: bool,
    groupId: nullable({ type: 'number' }),
    groupOrder: nullable({ type: 'number', minimum: 0 }),
    alertChannelSubscriptions: { type: 'array' },
    triggerIncident: nullable({ type: 'object' }),
    runParallel: bool,
    description: nullable({ type: 'string', maxLength: 500 }),
    id: str,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: nullable({ type: 'string', format: 'date-time' }),
    alertChannels: { type: 'object' },
    privateLocations: nullable({ type: 'array', items: { type: 'string', minLength: 1 } }),
    checkType: { type: 'string', enum: ['PLAYWRIGHT'] },
    frequency: { type: 'integer', enum: [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] },
    playwrightVersion: nullable(str),
    workingDir: nullable(str),
    testCommand: str,
    installCommand: str,
    browsers: { type: 'array', items: str },
    environmentVariables: nullable({ type: 'array', maxItems: 200 }),
    codeBundlePath: str,
    engine: nullable({ type: 'string', enum: ['node', 'bun'] }),
    engineVersion: nullable(str),
  },
  required: ['name'],
}

const ajv = new Ajv({ allErrors: true, strict: false })
ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)))
const validateReference = ajv.compile(REFERENCE_PLAYWRIGHT_CHECK)

/** The reasons a response does not match the reference's property types (none when it does). */
export function referenceProblems(doc: unknown): string[] {
  return validateReference(doc) ? [] : (validateReference.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`)
}
