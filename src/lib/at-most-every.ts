/**
 * Runs `work` at most once per `everyMs` of the given clock; the calls in between resolve to `skipped` at once.
 * For housekeeping inside a frequent pass (reaping expired leases), which need not run on every pass.
 */
export function atMostEvery<T>(everyMs: number, now: () => number, work: () => Promise<T>, skipped: T): () => Promise<T> {
  let nextAt = Number.NEGATIVE_INFINITY
  return async () => {
    const t = now()
    if (t < nextAt) return skipped
    nextAt = t + everyMs
    return work()
  }
}
