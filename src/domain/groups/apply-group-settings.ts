/**
 * A check as it runs inside its group: the group's settings override or extend the check's own. Pure: it takes the
 * check's response view and the group's stored document and returns a new view; neither input is changed.
 */
import type { Doc as CheckDoc } from '../checks/check-type.js'
import type { GroupSettings, StoredApiCheckDefaults } from './schema.js'

export const GROUP_BASE_URL = '{{GROUP_BASE_URL}}'

const isObject = (v: unknown): v is CheckDoc => v !== null && typeof v === 'object' && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [])
/** The key of a keyed entry (header, query parameter, environment variable), as text. */
const keyOf = (entry: unknown): string => String(isObject(entry) ? entry.key : undefined)

/** The first list's entries, then the second's whose key the first lacks (the first wins a shared key). */
function mergeByKey(first: unknown[], second: unknown[], sameKey: (a: string, b: string) => boolean): unknown[] {
  const extra = second.filter((g) => !first.some((c) => sameKey(keyOf(c), keyOf(g))))
  return [...first, ...extra]
}
const exact = (a: string, b: string) => a === b
const caseInsensitive = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

const hasBasicAuth = (v: unknown): boolean => isObject(v) && (String(v.username ?? '') !== '' || String(v.password ?? '') !== '')

/** apiCheckDefaults on an API check's request: headers, query parameters, basic auth, assertions, base URL. */
export function applyApiCheckDefaults(request: CheckDoc, defaults: Partial<StoredApiCheckDefaults> | null | undefined): CheckDoc {
  // A group stored by an older version may hold no apiCheckDefaults, or parts of them.
  if (!isObject(defaults)) return request
  const out: CheckDoc = { ...request }
  // Header names are case-insensitive (RFC 9110); query parameter names are not.
  out.headers = mergeByKey(list(request.headers), list(defaults.headers), caseInsensitive)
  out.queryParameters = mergeByKey(list(request.queryParameters), list(defaults.queryParameters), exact)
  if (!hasBasicAuth(request.basicAuth) && hasBasicAuth(defaults.basicAuth)) out.basicAuth = defaults.basicAuth
  out.assertions = [...list(request.assertions), ...list(defaults.assertions)]
  const base = typeof defaults.url === 'string' ? defaults.url : ''
  // With no base URL on the group the placeholder stays, so the response shows what is missing.
  if (typeof request.url === 'string' && request.url.startsWith(GROUP_BASE_URL) && base !== '') {
    out.url = base + request.url.slice(GROUP_BASE_URL.length)
  }
  return out
}

/**
 * The result has the input's type: the settings only replace fields every check has (activation, locations,
 * retries, alerting, variables, tags, runtime, an API check's request) with values of those fields' types.
 */
export function applyGroupSettings<T extends Readonly<CheckDoc>>(check: T, group: GroupSettings): T {
  const out: CheckDoc = { ...check }
  if (group.activated === false) out.activated = false
  if (group.muted === true) out.muted = true

  // Heartbeats are pinged, not run from locations, and have no retries: those overrides do not apply to them.
  if (check.checkType !== 'HEARTBEAT') {
    const locations = strings(group.locations)
    const privateLocations = strings(group.privateLocations)
    if (locations.length > 0 || privateLocations.length > 0) {
      out.locations = [...locations]
      out.privateLocations = [...privateLocations]
    }
    if (typeof group.runParallel === 'boolean') out.runParallel = group.runParallel
    // FALLBACK (or null) means each check's own strategy; only a strategy object overrides it.
    if (isObject(group.retryStrategy)) out.retryStrategy = group.retryStrategy
  }

  if (group.useGlobalAlertSettings === true) {
    out.useGlobalAlertSettings = true
  } else if (isObject(group.alertSettings)) {
    out.alertSettings = group.alertSettings
    out.useGlobalAlertSettings = false
  }

  out.environmentVariables = mergeByKey(list(check.environmentVariables), list(group.environmentVariables), exact)
  out.tags = [...new Set([...strings(check.tags), ...strings(group.tags)])]
  if ((check.runtimeId === null || check.runtimeId === undefined) && typeof group.runtimeId === 'string') out.runtimeId = group.runtimeId

  if (check.checkType === 'API' && isObject(check.request)) out.request = applyApiCheckDefaults(check.request, group.apiCheckDefaults)
  return out as T
}
