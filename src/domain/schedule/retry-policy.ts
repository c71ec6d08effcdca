/** Whether and when a failed attempt is retried (pure; from retryStrategy, or the deprecated doubleCheck). */

export interface RetryStrategy {
  type: 'FIXED' | 'LINEAR' | 'EXPONENTIAL' | 'SINGLE_RETRY'
  baseBackoffSeconds: number
  maxRetries: number
  maxDurationSeconds: number
  sameRegion: boolean
  onlyOn: string[]
}

/** The deprecated doubleCheck: one immediate retry from another location (CLI equivalent FIXED, 1, 0 s, 600 s). */
export const DOUBLE_CHECK: RetryStrategy = { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: false, onlyOn: [] }

/** The strategy in force: the check's own (after group FALLBACK resolution), else doubleCheck, else none. */
export function effectiveStrategy(strategy: RetryStrategy | null, doubleCheck: boolean, checkType: string): RetryStrategy | null {
  if (checkType === 'HEARTBEAT') return null
  if (strategy) return strategy
  return doubleCheck ? DOUBLE_CHECK : null
}

/** Delay before retry n (1-based). */
export function backoffMs(s: RetryStrategy, n: number): number {
  const b = s.baseBackoffSeconds
  const seconds = s.type === 'LINEAR' ? b * n : s.type === 'EXPONENTIAL' ? b ** n : b
  return Math.round(seconds * 1000)
}

export interface RetryDecision {
  retry: boolean
  delayMs: number
  sameLocation: boolean
  reason: string
}

/**
 * @param retriesDone retries already made for this run (0 after the first attempt)
 * @param elapsedMs time since the first attempt started, including its own run time
 */
export function decideRetry(s: RetryStrategy | null, outcome: { failed: boolean; networkError: boolean }, retriesDone: number, elapsedMs: number): RetryDecision {
  const no = (reason: string): RetryDecision => ({ retry: false, delayMs: 0, sameLocation: true, reason })
  if (!outcome.failed) return no('passed')
  if (!s) return no('no retry strategy')
  const maxRetries = s.type === 'SINGLE_RETRY' ? 1 : s.maxRetries
  if (retriesDone >= maxRetries) return no('retries exhausted')
  if (s.onlyOn.includes('NETWORK_ERROR') && !outcome.networkError) return no('not a network error')
  const delayMs = backoffMs(s, retriesDone + 1)
  if (elapsedMs + delayMs > s.maxDurationSeconds * 1000) return no('maxDurationSeconds reached')
  return { retry: true, delayMs, sameLocation: s.sameRegion, reason: `retry ${retriesDone + 1} of ${maxRetries}` }
}
