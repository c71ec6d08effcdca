/**
 * A check as it runs inside its group: the group's settings override or extend the check's own. Pure: it takes the
 * check's response view and the group's stored document and returns a new view; neither input is changed.
 */
type Doc = Record<string, unknown>

export const GROUP_BASE_URL = '{{GROUP_BASE_URL}}'

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)
const list = (v: unknown): Doc[] => (Array.isArray(v) ? (v as Doc[]) : [])
const strings = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : [])

/** The first list's entries, then the second's whose key the first lacks (the first wins a shared key). */
function mergeByKey(first: Doc[], second: Doc[], sameKey: (a: string, b: string) => boolean): Doc[] {
  const extra = second.filter((g) => !first.some((c) => sameKey(String(c.key), String(g.key))))
  return [...first, ...extra]
}
const exact = (a: string, b: string) => a === b
const caseInsensitive = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

const hasBasicAuth = (v: unknown): boolean => isObject(v) && (String(v.username ?? '') !== '' || String(v.password ?? '') !== '')

/** apiCheckDefaults on an API check's request: headers, query parameters, basic auth, assertions, base URL. */
export function applyApiCheckDefaults(request: Doc, defaults: unknown): Doc {
  if (!isObject(defaults)) return request
  const out: Doc = { ...request }
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

export function applyGroupSettings(check: Doc, group: Doc): Doc {
  const out: Doc = { ...check }
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
  return out
}
