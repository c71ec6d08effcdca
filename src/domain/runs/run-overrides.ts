/**
 * Per-run overrides (pure): what one on-demand run of a check takes in place of the check's own settings, given
 * by whoever starts it (a test session's environment variables and retry strategy, a deployment's environment
 * URL, a fresh dependency install). They travel with the run job, so the built-in runners and private-location
 * agents apply them alike, retries included.
 * - environmentVariables win over the account's, the group's and the check's variables of the same key; the
 *   secret ones are redacted from the run's results and logs like every other secret, and sealed at rest.
 * - retryStrategy, when present, replaces the check's (and its doubleCheck) for the run; null means no retry.
 * - environmentUrl: API and URL checks send their requests to its scheme, host and port (their own path and
 *   query kept); every check type sees it as the ENVIRONMENT_URL variable (browser and script checks read it).
 * - refreshCache: dependencies are installed anew instead of taken from the install cache.
 */
import type { RetryStrategy } from '../schedule/retry-policy.js'

export interface RunOverrideVariable {
  key: string
  value: string
  secret: boolean
}

export interface RunOverrides {
  environmentVariables?: RunOverrideVariable[]
  /** Present: replaces the check's strategy for the run (null: no retries); absent: the check's own. */
  retryStrategy?: RetryStrategy | null
  environmentUrl?: string
  refreshCache?: boolean
}

/** The variable name under which every check of a run with an environment URL sees it. */
export const ENVIRONMENT_URL_VARIABLE = 'ENVIRONMENT_URL'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Nothing to override: such a run stores no overrides at all. */
export const isEmptyOverrides = (o: RunOverrides | undefined): boolean =>
  o === undefined || (!o.environmentVariables?.length && !('retryStrategy' in o) && o.environmentUrl === undefined && o.refreshCache !== true)

/** The stored form of a run's overrides (null when there are none). */
export const serializeOverrides = (o: RunOverrides | undefined): string | null => (o === undefined || isEmptyOverrides(o) ? null : JSON.stringify(o))

/** A job's stored overrides, read defensively: what is malformed is left out rather than failing the run. */
export function parseOverrides(text: string | null | undefined): RunOverrides {
  if (typeof text !== 'string' || text === '') return {}
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return {}
  }
  if (!isObject(raw)) return {}
  const out: RunOverrides = {}
  if (Array.isArray(raw.environmentVariables)) {
    out.environmentVariables = raw.environmentVariables
      .filter(isObject)
      .filter((v) => typeof v.key === 'string')
      .map((v) => ({ key: String(v.key), value: typeof v.value === 'string' ? v.value : '', secret: v.secret === true }))
  }
  if ('retryStrategy' in raw) out.retryStrategy = isObject(raw.retryStrategy) ? (raw.retryStrategy as unknown as RetryStrategy) : null
  if (typeof raw.environmentUrl === 'string') out.environmentUrl = raw.environmentUrl
  if (raw.refreshCache === true) out.refreshCache = true
  return out
}

/** The secret values the overrides bring to a run (to redact from what it stores and logs). */
export const overrideSecretValues = (o: RunOverrides | undefined): string[] => (o?.environmentVariables ?? []).filter((v) => v.secret && v.value !== '').map((v) => v.value)

/** An absolute http(s) URL with a host, as an environment URL must be; null when it is not one. */
export function environmentOrigin(text: string): URL | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null
}

/**
 * `requestUrl` sent to the environment instead: its scheme, host and port become the environment URL's (the
 * default port of its scheme when it names none); path, query and fragment stay the check's. A request URL that
 * does not parse is left as it is (the request then fails the way it would have anyway).
 */
export function swapOrigin(requestUrl: string, environmentUrl: string): string {
  const env = environmentOrigin(environmentUrl)
  if (!env) return requestUrl
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return requestUrl
  }
  const userinfo = url.username === '' ? '' : `${url.username}${url.password === '' ? '' : `:${url.password}`}@`
  return `${env.protocol}//${userinfo}${env.host}${url.pathname}${url.search}${url.hash}`
}
