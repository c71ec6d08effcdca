/**
 * Secret environment variables of checks and groups, pure. Once an entry is `secret`, its value is
 * stored for runs but never shown again, and it stays secret:
 * - hideSecretValues: the document as a response shows it, each secret entry's value replaced by a placeholder.
 *   Check documents use null (the reference schema of a check's entries allows null, as /v1/variables does); group
 *   documents use `*****` (the reference schema of a group's entries requires a string).
 * - resolveEnvironmentVariables: the entries to store from the ones a create or update body gives, with the
 *   entry defaults (locked and secret false). An entry whose key is stored as a secret keeps the stored value when it
 *   comes back without one (value left out, null, or the `*****` placeholder); a new value replaces it. `secret`
 *   left out keeps a stored secret secret; `secret: false` for it is a problem. An entry left out of the list is
 *   gone, as the list replaces the stored one whole. A plain entry (or a new one) needs a value, except one that
 *   turns secret now: it keeps the stored plain value, as a variable does.
 */
import type { FieldErrorCollector } from '../errors.js'
import { environmentVariablesOf, isEntry, type EnvironmentVariableEntry } from './contract.js'
import { REDACTED } from './redact.js'

/** What a group document shows for a secret value; a check document shows null. */
export const SECRET_VALUE_MASK = REDACTED
export type SecretPlaceholder = null | typeof SECRET_VALUE_MASK

/** A copy of the document whose secret environment variables show `placeholder` as their value. */
export function hideSecretValues<T extends object>(doc: T, placeholder: SecretPlaceholder): T {
  const list = environmentVariablesOf(doc)
  if (!Array.isArray(list) || !list.some((e) => isEntry(e) && e.secret === true)) return doc
  return { ...doc, environmentVariables: list.map((e: unknown) => (isEntry(e) && e.secret === true ? { ...e, value: placeholder } : e)) }
}

/** The first stored entry of each key. */
function storedByKey(stored: unknown): Map<string, EnvironmentVariableEntry> {
  const byKey = new Map<string, EnvironmentVariableEntry>()
  if (!Array.isArray(stored)) return byKey
  for (const e of stored as unknown[]) if (isEntry(e) && typeof e.key === 'string' && !byKey.has(e.key)) byKey.set(e.key, e)
  return byKey
}

/**
 * The entries to store for `given` (the body's list), `stored` being the document's list before the update (none
 * on create). Problems go to `errors` under `field[i].value` and `field[i].secret`. A malformed list or entry is
 * passed on as it is: the body's schema reports it.
 */
export function resolveEnvironmentVariables(given: unknown, stored: unknown, errors: FieldErrorCollector, field = 'environmentVariables'): unknown {
  if (!Array.isArray(given)) return given
  const previous = storedByKey(stored)
  return (given as unknown[]).map((entry, i) => {
    if (!isEntry(entry)) return entry
    const prior = typeof entry.key === 'string' ? previous.get(entry.key) : undefined
    const wasSecret = prior?.secret === true
    if (wasSecret && entry.secret === false) errors.add(`${field}[${i}].secret`, 'cannot be turned off once a variable is secret')
    const secret = wasSecret || entry.secret === true
    const placeholder = entry.value === undefined || entry.value === null || (wasSecret && entry.value === SECRET_VALUE_MASK)
    let value = entry.value
    if (placeholder && secret && prior) value = prior.value
    else if (entry.value === undefined || entry.value === null) errors.add(`${field}[${i}].value`, 'is required')
    return { key: entry.key, value, locked: entry.locked ?? false, secret }
  })
}
