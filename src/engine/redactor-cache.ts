/**
 * Redactors by secret set, shared by the runs of one worker. Building a redactor (every encoded form of every
 * secret, one combined pattern) costs far more than using it, and most runs share their secrets with many others
 * (an account's secret variables apply to all its checks), so each distinct set is built once and kept while it
 * is in use; the least recently used sets are dropped past `limit`.
 */
import { createRedactor, type Redactor } from '../domain/secrets/redact.js'

export interface RedactorCache {
  /** The redactor of these secret values; null when there is nothing to redact. */
  forSecrets(values: readonly string[]): Redactor | null
}

export function createRedactorCache(limit = 1000): RedactorCache {
  const cache = new Map<string, Redactor | null>()
  return {
    forSecrets(values) {
      if (values.length === 0) return null
      const key = values.join('\u0000')
      let redactor = cache.get(key)
      if (redactor !== undefined) cache.delete(key)
      else redactor = createRedactor(values)
      cache.set(key, redactor)
      if (cache.size > limit) cache.delete(cache.keys().next().value as string)
      return redactor
    },
  }
}
