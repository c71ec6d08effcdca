/**
 * `RetryStrategyBuilder` of the hosted service's constructs: the retryStrategy objects of the public API, with the
 * same defaults (60 s base backoff, 2 retries, 10 minutes at most, same region).
 */
export type RetryStrategyType = 'FIXED' | 'LINEAR' | 'EXPONENTIAL' | 'SINGLE_RETRY' | 'NO_RETRIES'

export interface RetryStrategyOptions {
  baseBackoffSeconds?: number
  maxRetries?: number
  maxDurationSeconds?: number
  sameRegion?: boolean
  onlyOn?: 'NETWORK_ERROR'
}

export interface RetryStrategy {
  type: RetryStrategyType
  baseBackoffSeconds?: number
  maxRetries?: number
  maxDurationSeconds?: number
  sameRegion?: boolean
  onlyOn?: 'NETWORK_ERROR'
}

export class RetryStrategyBuilder {
  static readonly DEFAULT_BASE_BACKOFF_SECONDS = 60
  static readonly DEFAULT_MAX_RETRIES = 2
  static readonly DEFAULT_MAX_DURATION_SECONDS = 600
  static readonly DEFAULT_SAME_REGION = true

  static fixedStrategy = (options?: RetryStrategyOptions): RetryStrategy => ({ type: 'FIXED', ...RetryStrategyBuilder.defaults(options) })
  static linearStrategy = (options?: RetryStrategyOptions): RetryStrategy => ({ type: 'LINEAR', ...RetryStrategyBuilder.defaults(options) })
  static exponentialStrategy = (options?: RetryStrategyOptions): RetryStrategy => ({ type: 'EXPONENTIAL', ...RetryStrategyBuilder.defaults(options) })

  static singleRetry(options?: Pick<RetryStrategyOptions, 'baseBackoffSeconds' | 'sameRegion' | 'onlyOn'>): RetryStrategy {
    const { baseBackoffSeconds, sameRegion, onlyOn } = RetryStrategyBuilder.defaults(options)
    return withoutUnset({ type: 'SINGLE_RETRY', baseBackoffSeconds, sameRegion, onlyOn })
  }

  static noRetries = (): RetryStrategy => ({ type: 'NO_RETRIES' })

  static defaults(options?: RetryStrategyOptions): Omit<RetryStrategy, 'type'> {
    return withoutUnset({
      baseBackoffSeconds: options?.baseBackoffSeconds ?? RetryStrategyBuilder.DEFAULT_BASE_BACKOFF_SECONDS,
      maxRetries: options?.maxRetries ?? RetryStrategyBuilder.DEFAULT_MAX_RETRIES,
      maxDurationSeconds: options?.maxDurationSeconds ?? RetryStrategyBuilder.DEFAULT_MAX_DURATION_SECONDS,
      sameRegion: options?.sameRegion ?? RetryStrategyBuilder.DEFAULT_SAME_REGION,
      onlyOn: options?.onlyOn,
    })
  }
}

/** `onlyOn` left out rather than sent as undefined, so that the objects compare as the API returns them. */
function withoutUnset<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
