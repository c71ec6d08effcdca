/**
 * One store read shared by the gauges of one scrape: prom-client collects every gauge of a scrape at once, so the
 * gauges fed by one query ask for the same in-flight promise instead of running the query each.
 */
export function sharedSample<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null
  return () => {
    if (inFlight) return inFlight
    const started = read().finally(() => {
      inFlight = null
    })
    inFlight = started
    return started
  }
}
