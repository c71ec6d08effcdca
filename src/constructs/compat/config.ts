/**
 * `checkly.config.ts`: the hosted service's project config (`defineConfig` from 'checkly'), and its translation
 * into Picket's project config. `projectName` is the project's name; the check defaults (locations, frequency as
 * minutes or a Frequency, runtimeId, tags, alert channels, private locations, activated, muted, playwrightConfig)
 * and the file globs (`checkMatch`, `ignoreDirectoriesMatch`, `browserChecks.testMatch`) apply as Picket's do.
 * `cli.runLocation` is where `picket test` runs the checks. What Picket has no use for (repoUrl, bundling, caching,
 * the vendor's runner and reporter settings) is accepted and left aside. The defaults Picket's config has no field
 * for (retryStrategy, alertEscalationPolicy, doubleCheck, shouldFail, environmentVariables) travel with the
 * translated config and are applied by the compat checks, as the vendor's constructs apply them.
 */
import type { AlertChannel } from '../alert-channel.js'
import type { BrowserCheckDefaults, CheckDefaults, Location, ProjectConfig } from '../project-config.js'
import type { Simplify } from '../schema-types.js'
import type { AlertEscalation } from './alert-escalation.js'
import { frequencyFields, type Frequency } from './frequency.js'
import type { PrivateLocation } from './resources.js'
import type { RetryStrategy } from './retry-strategy.js'

export interface ChecklyCheckDefaults {
  activated?: boolean
  muted?: boolean
  doubleCheck?: boolean
  shouldFail?: boolean
  runtimeId?: string
  locations?: Location[]
  tags?: string[]
  frequency?: number | Frequency
  alertChannels?: AlertChannel[]
  privateLocations?: Array<string | PrivateLocation>
  retryStrategy?: RetryStrategy
  alertEscalationPolicy?: AlertEscalation
  environmentVariables?: Array<{ key: string; value: string; locked?: boolean; secret?: boolean }>
  playwrightConfig?: CheckDefaults['playwrightConfig']
}

export type ChecklyConfig = {
  projectName: string
  logicalId: string
  repoUrl?: string
  checks?: Simplify<
    ChecklyCheckDefaults & {
      checkMatch?: string | string[]
      ignoreDirectoriesMatch?: string[]
      browserChecks?: Simplify<ChecklyCheckDefaults & { testMatch?: string | string[] }>
      multiStepChecks?: Simplify<ChecklyCheckDefaults & { testMatch?: string | string[] }>
      playwrightConfigPath?: string
      include?: string | string[]
      playwrightChecks?: Array<Record<string, unknown>>
    }
  >
  bundle?: Record<string, unknown>
  caching?: Record<string, unknown>
  runner?: Record<string, unknown>
  cli?: {
    runLocation?: Location
    privateRunLocation?: string
    verbose?: boolean
    reporters?: string[]
    retries?: number
    loader?: unknown
  }
}

/** Types checkly.config.ts, as the hosted service's CLI does: the config is returned as it is. */
export const defineConfig = (config: ChecklyConfig): ChecklyConfig => config

/** The hosted service's default check files. */
export const CHECKLY_CHECK_MATCH = '**/*.check.{js,ts}'

/** Where `picket test` runs the checks of a project whose config names a `cli.runLocation`. */
export interface ChecklyCliSettings {
  runLocation?: string
  privateRunLocation?: string
}

type Loose = Record<string, unknown>

const defined = <T extends Loose>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** Check defaults of checkly.config.ts that Picket's config has no field for; the compat checks apply them (check-fields.ts). */
export type ExtraCheckDefaults = Pick<ChecklyCheckDefaults, 'retryStrategy' | 'alertEscalationPolicy' | 'doubleCheck' | 'shouldFail' | 'environmentVariables'>

/** Where the translated config carries them: a symbol key, so that they travel with it into the CLI's session. */
export const EXTRA_CHECK_DEFAULTS: unique symbol = Symbol.for('picket.checkly.extraCheckDefaults')

export const extraCheckDefaultsOf = (config: ProjectConfig | undefined): ExtraCheckDefaults =>
  (config as (ProjectConfig & { [EXTRA_CHECK_DEFAULTS]?: ExtraCheckDefaults }) | undefined)?.[EXTRA_CHECK_DEFAULTS] ?? {}

/** Picket's config from checkly.config.ts's default export (spec files become checks only where testMatch says). */
export function toProjectConfig(config: ChecklyConfig): { config: ProjectConfig; cli: ChecklyCliSettings; problems: string[] } {
  const problems: string[] = []
  if (typeof config.logicalId !== 'string') problems.push('logicalId must be a string')
  if (typeof config.projectName !== 'string') problems.push('projectName must be a string')
  const checks = config.checks ?? {}
  if (checks.playwrightChecks !== undefined) problems.push('checks.playwrightChecks is not supported by picket; declare each suite with new PlaywrightCheck(…) in a check file')
  const browser = checks.browserChecks
  const browserChecks: BrowserCheckDefaults = defined({
    testMatch: browser?.testMatch ?? [],
    frequency: frequencyFields(browser?.frequency).frequency as BrowserCheckDefaults['frequency'],
    locations: browser?.locations,
    tags: browser?.tags,
  })
  const defaults: CheckDefaults = defined({
    locations: checks.locations,
    privateLocations: checks.privateLocations?.map((l) => (typeof l === 'string' ? l : l.slug)),
    frequency: frequencyFields(checks.frequency).frequency as CheckDefaults['frequency'],
    tags: checks.tags,
    runtimeId: checks.runtimeId as CheckDefaults['runtimeId'],
    alertChannels: checks.alertChannels,
    activated: checks.activated,
    muted: checks.muted,
    playwrightConfig: checks.playwrightConfig,
    checkMatch: checks.checkMatch ?? CHECKLY_CHECK_MATCH,
    ignore: checks.ignoreDirectoriesMatch,
    browserChecks,
  })
  const cli = defined({ runLocation: config.cli?.runLocation, privateRunLocation: config.cli?.privateRunLocation })
  const extra: ExtraCheckDefaults = defined({
    retryStrategy: checks.retryStrategy,
    alertEscalationPolicy: checks.alertEscalationPolicy,
    doubleCheck: checks.doubleCheck,
    shouldFail: checks.shouldFail,
    environmentVariables: checks.environmentVariables,
  })
  const translated: ProjectConfig = { logicalId: config.logicalId, name: config.projectName, checks: defaults }
  Object.defineProperty(translated, EXTRA_CHECK_DEFAULTS, { value: extra, enumerable: false })
  return { config: translated, cli, problems }
}
