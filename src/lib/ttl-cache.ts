/**
 * A small in-memory cache with a time to live and a size bound (oldest entries go first). Concurrent misses of one
 * key share one load, so a wall of screens refreshing together costs one computation.
 */
import type { Clock } from './clock.js'

export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>
  clear(): void
}

export function ttlCache<T>(clock: Clock, ttlMs: number, maxEntries = 1000): TtlCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>()
  return {
    get(key, load) {
      const now = clock.now()
      const hit = entries.get(key)
      if (hit && ttlMs > 0 && now - hit.at < ttlMs) return hit.value
      const value = load()
      if (ttlMs <= 0) return value
      entries.delete(key)
      entries.set(key, { at: now, value })
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        entries.delete(oldest)
      }
      return value
    },
    clear: () => entries.clear(),
  }
}
