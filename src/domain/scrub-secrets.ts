/**
 * Removes what looks like a credential from free text an agent reports (error messages, stacks) before it is
 * stored: user:password in URLs, token-like query parameters, Authorization values (Bearer, Basic, …), the keys
 * of private locations and API keys, and long hex or base64 runs. Pure; the replacement is always `[REDACTED]`.
 */
export const REDACTED = '[REDACTED]'

const SECRET_PARAM = /([?&;](?:access_token|token|api[_-]?key|apikey|key|secret|password|passwd|pwd|auth|signature|sig|code|session|sessionid|client_secret)=)[^&#\s"'<>]+/gi
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@"'<>]+@/gi
const AUTH_HEADER = /\b(authorization|proxy-authorization|x-api-key|x-auth-token)(["']?\s*[:=]\s*["']?)(?:(bearer|basic|token|digest)\s+)?[^\s"',;]+/gi
const SCHEME_TOKEN = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi
const KEY_PREFIX = /\b(?:pl|pk|sk|cu)_[A-Za-z0-9_-]{16,}/g
const LONG_HEX = /\b[0-9a-f]{32,}\b/gi
const LONG_BASE64 = /[A-Za-z0-9+/_-]{40,}={0,2}/g

/** True when a long run is made of letters and digits both (base64 of random bytes, not a word or a path). */
const looksRandom = (s: string): boolean => /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !/^[a-z]+(?:[-_/][a-z]+)*$/.test(s)

/**
 * A stack frame's code location: an absolute file path or file:// URL ending in :line or :line:column, not part of
 * a longer URL (`https://host/a.js:1:2` is a URL, not a location).
 */
const CODE_LOCATION = /(?<![\w:/.@-])(?:file:\/\/)?(?:\/(?!\/)|[A-Za-z]:\\)[^\s()'"<>?#]*:\d+(?::\d+)?(?![\w:])/g
/** Stands in for a kept code location while the rules run; NUL never survives from the input. */
const HOLE = /\0(\d+)\0/g

/**
 * Runs `scrub` over the text with the code locations of stack frames set aside and put back after, so that a path
 * such as `/srv/app2/node_modules/undici/lib/dispatcher/client-h1.js:123:45` is not taken for a random run.
 */
export function keepingCodeLocations(text: string, scrub: (text: string) => string): string {
  const kept: string[] = []
  const holed = text.replaceAll('\0', '').replace(CODE_LOCATION, (location) => `\0${kept.push(location) - 1}\0`)
  return scrub(holed).replace(HOLE, (_m, i: string) => kept[Number(i)] ?? '')
}

/** The rules alone, for text whose code locations are already set aside (see keepingCodeLocations). */
export function scrubSecretRuns(text: string): string {
  return text
    .replace(USERINFO, `$1${REDACTED}@`)
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(AUTH_HEADER, (_m, name: string, sep: string, scheme: string | undefined) => `${name}${sep}${scheme ? `${scheme} ` : ''}${REDACTED}`)
    .replace(SCHEME_TOKEN, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(KEY_PREFIX, REDACTED)
    .replace(LONG_HEX, REDACTED)
    .replace(LONG_BASE64, (run) => (looksRandom(run) ? REDACTED : run))
}

export const scrubSecrets = (text: string): string => keepingCodeLocations(text, scrubSecretRuns)
