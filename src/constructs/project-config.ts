/**
 * picket.config.ts: the project (its logical id, unique in the account) and the defaults of its checks, typed from
 * the same schemas as the API's check bodies. `export default defineConfig({ logicalId: 'shop', … })`.
 */
import type { Static } from 'typebox'
import type { Frequency } from '../domain/checks/enums.js'
import type { PlaywrightConfig } from '../domain/checks/playwright-config.js'
import type { Locations, RuntimeId } from '../domain/checks/shared-schemas.js'
import type { AlertChannel } from './alert-channel.js'
import type { PrivateLocation } from './private-location.js'

export const DEFAULT_CHECK_MATCH = '**/*.check.ts'
export const DEFAULT_TEST_MATCH = '**/*.spec.ts'

export type Location = NonNullable<Static<typeof Locations>>[number]

/** Defaults of the browser checks (BrowserCheck constructs and the spec files found by testMatch). */
export interface BrowserCheckDefaults {
  /** Playwright spec files that become browser checks without a wrapper (default '**\/*.spec.ts'). */
  testMatch?: string | string[]
  frequency?: Exclude<Frequency, 0>
  locations?: Location[]
  /** Added to the project's tags and the check's own. */
  tags?: string[]
}

/**
 * Defaults for every check of the project that does not set the field itself (tags are merged instead). A default
 * that a check type cannot take is not applied to it: frequency 0 to browser checks, locations or frequency to
 * heartbeats (which run nowhere).
 */
export interface CheckDefaults {
  locations?: Location[]
  privateLocations?: Array<PrivateLocation | string>
  frequency?: Frequency
  /** Added to every check's own tags. */
  tags?: string[]
  runtimeId?: Static<typeof RuntimeId>
  alertChannels?: AlertChannel[]
  activated?: boolean
  muted?: boolean
  /**
   * The playwrightConfig of browser and multi-step checks (BrowserCheck, MultiStepCheck and the spec files found by
   * testMatch) that set none themselves, e.g. `{ use: { baseURL: 'https://shop.example.com' } }`.
   */
  playwrightConfig?: Static<typeof PlaywrightConfig>
  /** Check files, relative to the project root (default '**\/*.check.ts'). */
  checkMatch?: string | string[]
  /** Globs of files not to load. */
  ignore?: string[]
  browserChecks?: BrowserCheckDefaults
}

export interface ProjectConfig {
  /** The project's id in the account: a deploy replaces what the project deployed before. */
  logicalId: string
  name?: string
  checks?: CheckDefaults
}

/** Types picket.config.ts: `export default defineConfig({ logicalId: 'shop', checks: { locations: ['eu-west-1'] } })`. */
export const defineConfig = (config: ProjectConfig): ProjectConfig => config
