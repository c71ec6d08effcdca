/**
 * The agent's retry schedule while the service is unreachable (leasing) or refuses a result for now (the outbox):
 * capped exponential backoff with "equal jitter", so a fleet of agents coming back after an outage spreads out
 * instead of knocking all at once. Pure: the random source is passed in.
 */

export interface BackoffPolicy {
  /** Delay before the first retry, in ms. */
  baseMs: number
  /** No delay is longer than this. */
  capMs: number
  factor: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 60_000, factor: 2 }

/** The ceiling of the delay before retry number `attempt` (1 = first retry): base × factor^(attempt-1), capped. */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempt))
  const raw = policy.baseMs * policy.factor ** (n - 1)
  return Math.min(policy.capMs, Number.isFinite(raw) ? raw : policy.capMs)
}

/** The delay before retry `attempt`: half the ceiling plus a random part of the other half (random in [0, 1)). */
export function backoffDelay(attempt: number, random: () => number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const ceiling = backoffCeiling(attempt, policy)
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.round(ceiling / 2 + (ceiling / 2) * r)
}
