/**
 * The secret values a run of a check can see (pure): the account's variables, its group's environment variables,
 * its own environment variables and the run's override variables that are marked `secret`. Every secret value is listed, including one that a
 * variable of the same key further down (group or check) overrides for the run: it is still a secret of the
 * account, and a script may read it under another name.
 */
import { environmentVariablesOf, isEntry } from './contract.js'

export interface SecretSources {
  accountVariables: ReadonlyArray<{ value: string; secret?: boolean }>
  /** The group's document, when the check belongs to one. */
  group?: object | undefined
  /** The check's own document. */
  check: object
  /** The run's overrides (domain/runs/run-overrides.ts): their secret environment variables. */
  overrides?: object | undefined
}

function secretEnvironmentValues(doc: object | undefined): string[] {
  const list = environmentVariablesOf(doc)
  if (!Array.isArray(list)) return []
  const out: string[] = []
  for (const v of list as unknown[]) {
    if (isEntry(v) && v.secret === true && typeof v.value === 'string') out.push(v.value)
  }
  return out
}

export function runSecretValues(sources: SecretSources): string[] {
  return [
    ...sources.accountVariables.filter((v) => v.secret === true).map((v) => v.value),
    ...secretEnvironmentValues(sources.group),
    ...secretEnvironmentValues(sources.check),
    ...secretEnvironmentValues(sources.overrides),
  ]
}
