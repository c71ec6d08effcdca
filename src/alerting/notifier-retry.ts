/**
 * What one delivery attempt came to, and when to try again (pure). A notification gets up to MAX_ATTEMPTS
 * attempts (the first and five retries, as the reference's "up to 5 retries"), backing off 20 s, 1 min, 5 min,
 * 15 min, 1 h. A receiver that answers 429 is RATE_LIMITED until its Retry-After (kept within 1 s .. 1 h) or the
 * next backoff step. Problems that a retry cannot fix (a template that does not render, a channel that is gone,
 * an unconfigured SMTP server or SMS gateway, a permanent SMTP rejection) fail at once.
 */

export const MAX_ATTEMPTS = 6
/** How often a delivery pass also returns the leases of stopped instances to the queue: well within their 60 s lease. */
export const REAP_EVERY_MS = 15_000
export const BACKOFF_MS: readonly number[] = [20_000, 60_000, 300_000, 900_000, 3_600_000]
const MAX_RETRY_AFTER_MS = 3_600_000

export type DeliveryOutcome =
  | { ok: true; responseStatus: number | null; result: string | null }
  | {
      ok: false
      /** retry: a transient problem (network, timeout, HTTP >= 400); rate-limited: 429; final: do not retry. */
      kind: 'retry' | 'rate-limited' | 'final'
      error: string
      responseStatus: number | null
      result: string | null
      /** From a Retry-After header. */
      retryAfterMs?: number | undefined
    }

export type FailedOutcome = Extract<DeliveryOutcome, { ok: false }>

/** The next attempt time after a failed attempt number `attempts` (1-based), or null to give up. */
export function nextAttemptAt(now: number, attempts: number, outcome: FailedOutcome): number | null {
  if (outcome.kind === 'final' || attempts >= MAX_ATTEMPTS) return null
  const step = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[BACKOFF_MS.length - 1]!
  if (outcome.kind === 'rate-limited' && outcome.retryAfterMs !== undefined) {
    return now + Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, outcome.retryAfterMs))
  }
  return now + step
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Keeps stored texts (errors, response bodies) short. */
export const clip = (text: string, max = 1000): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
