/**
 * The props every check construct of the hosted service takes beyond the API's create body, and their translation
 * into the body Picket's constructs take: `frequency` as a number or a Frequency, `alertEscalationPolicy` (an
 * AlertEscalation or 'global') for alertSettings and useGlobalAlertSettings, the builders' retry strategies
 * (`NO_RETRIES` is no strategy, `onlyOn` a single value), and `testOnly`; checkly.config.ts's defaults that
 * Picket's config lacks (retry strategy, escalation, environment variables…) fill what the props leave out.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Simplify } from '../schema-types.js'
import { currentSession } from '../session-store.js'
import type { AlertEscalation } from './alert-escalation.js'
import { extraCheckDefaultsOf, type ExtraCheckDefaults } from './config.js'
import { frequencyFields, type Frequency } from './frequency.js'
import type { RetryStrategy } from './retry-strategy.js'

export interface VendorCheckFields {
  /** Minutes, or a Frequency (`Frequency.EVERY_10S` sets frequencyOffset too). */
  frequency?: number | Frequency
  /** The check's own escalation ('global': the account's). */
  alertEscalationPolicy?: AlertEscalation | 'global'
  retryStrategy?: RetryStrategy | null
  /** Run by `test`, never deployed. */
  testOnly?: boolean
}

type Replaced = 'frequency' | 'frequencyOffset' | 'retryStrategy' | 'alertSettings' | 'useGlobalAlertSettings'

/** The hosted service's props for a check whose Picket props are P. */
export type VendorProps<P> = Simplify<Omit<P, Replaced> & VendorCheckFields>

type Loose = Record<string, unknown>

export function retryStrategyBody(strategy: RetryStrategy | null | undefined): Loose | null | undefined {
  if (strategy === null || strategy === undefined) return strategy
  if (strategy.type === 'NO_RETRIES') return null
  const { onlyOn, ...rest } = strategy
  return onlyOn === undefined ? { ...rest } : { ...rest, onlyOn: Array.isArray(onlyOn) ? onlyOn : [onlyOn] }
}

export function alertSettingsFields(policy: AlertEscalation | 'global' | undefined): Loose {
  if (policy === undefined) return {}
  if (policy === 'global') return { useGlobalAlertSettings: true }
  return { alertSettings: policy, useGlobalAlertSettings: false }
}

/** The config defaults a kind of check takes: monitors run no code, so they take no environment variables. */
export type ExtraDefault = keyof ExtraCheckDefaults
export const RUNTIME_CHECK_DEFAULTS: readonly ExtraDefault[] = ['retryStrategy', 'alertEscalationPolicy', 'doubleCheck', 'shouldFail', 'environmentVariables']
export const MONITOR_DEFAULTS: readonly ExtraDefault[] = ['retryStrategy', 'alertEscalationPolicy', 'doubleCheck', 'shouldFail']

/** The props with checkly.config.ts's extra defaults (of the open session's config) where they leave a field out. */
function withConfigDefaults(props: VendorCheckFields & Loose, applies: readonly ExtraDefault[]): VendorCheckFields & Loose {
  const defaults = extraCheckDefaultsOf(currentSession()?.config)
  const filled: Loose = { ...props }
  for (const field of applies) if (filled[field] === undefined && defaults[field] !== undefined) filled[field] = structuredClone(defaults[field])
  return filled
}

/** The body fields of the vendor-only props, the rest as given, after the config's extra defaults. */
export function checkFields(given: VendorCheckFields & Loose, applies: readonly ExtraDefault[] = RUNTIME_CHECK_DEFAULTS): Loose {
  const { frequency, alertEscalationPolicy, retryStrategy, testOnly: _testOnly, ...rest } = withConfigDefaults(given, applies)
  return {
    ...rest,
    ...frequencyFields(frequency),
    ...alertSettingsFields(alertEscalationPolicy),
    ...(retryStrategy === undefined ? {} : { retryStrategy: retryStrategyBody(retryStrategy) }),
  }
}

/** A setup or teardown script: inline, or a file relative to the file that declared the check (read when serialised). */
export type ScriptSource = { content: string } | { entrypoint: string }

export function readScriptSource(source: ScriptSource | undefined, declaredIn: string | undefined, who: string): string | undefined {
  if (source === undefined) return undefined
  if ('content' in source) return source.content
  const file = path.resolve(declaredIn === undefined ? process.cwd() : path.dirname(declaredIn), source.entrypoint)
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (err) {
    throw new Error(`${who}: cannot read its script ${file}: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** Marks a check declared with `testOnly: true`: `picket test` runs it, `picket deploy` leaves it out (as the vendor's CLI does). */
export const TEST_ONLY: unique symbol = Symbol.for('picket.checkly.testOnly')

export function markTestOnly(check: object, testOnly: boolean | undefined): void {
  if (testOnly === true) Object.defineProperty(check, TEST_ONLY, { value: true, enumerable: false })
}

export const isTestOnly = (construct: object): boolean => (construct as { [TEST_ONLY]?: boolean })[TEST_ONLY] === true

/** Picket props from the translated fields: the API validates the values, as it does for any client. */
export const asProps = <P>(fields: Loose): P => fields as P
