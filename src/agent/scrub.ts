/**
 * The scrubber of what the agent reports about itself (EXTERNAL_OBSERVABILITY): an error message or stack trace
 * may quote a check's URL, a header, a key or part of a body. Pure: text in, text out, bounded to 8 KB. What goes:
 * query strings, fragments and userinfo of URLs; Bearer/Basic credentials; pl_/pk_/sk_ keys; long hex and base64
 * runs; header lines and `secret=value` pairs; JSON-looking bodies.
 */

export const MAX_REPORT_CHARS = 8 * 1024

const R = '[redacted]'

/** Header names whose value is dropped wherever they appear as `Name: value`. */
const HEADER_NAMES = [
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-auth-token', 'x-service-account',
  'x-lease-token', 'x-csrf-token', 'host', 'content-type', 'content-length', 'user-agent', 'accept', 'referer', 'origin',
]

const SECRET_WORDS = '(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth|session|cookie|signature|sig|credentials?|private[_-]?key|lease[_-]?token)'

/** A long run of base64 characters that is a token, not a file path (node_modules/undici/lib/…) or a word. */
function looksLikeToken(run: string): boolean {
  if (!/[0-9]/.test(run) || !/[A-Za-z]/.test(run)) return false
  return run.split('/').some((segment) => segment.length >= 24)
}

/** Rules applied in order; each regex is global. */
const RULES: Array<[RegExp, string | ((m: string, ...groups: string[]) => string)]> = [
  // URLs (any scheme://): keep scheme, host, port and path; drop userinfo, query and fragment.
  [/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@'"<>]*@)?([^\s/?#'"<>]*)([^\s?#'"<>]*)(\?[^\s#'"<>]*)?(#[^\s'"<>]*)?/gi,
    (_m, scheme, _user, host, pathPart, query, fragment) => `${scheme}${host}${pathPart}${query ? `?${R}` : ''}${fragment ? '#' : ''}`],
  // Header lines: "Authorization: Bearer x", "X-Custom-Thing: value" (names with a hyphen or known names).
  [new RegExp(`\\b(${HEADER_NAMES.join('|')}|x-[a-z0-9-]+)\\s*:\\s*[^\\n]*`, 'gi'), (_m, name) => `${name}: ${R}`],
  // Credentials by scheme.
  [/\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]+/gi, (_m, scheme) => `${scheme} ${R}`],
  // Keys of this service and common providers.
  [/\b(?:pl|pk|sk|rk)_[A-Za-z0-9_-]{4,}/g, R],
  // secret=value, "secret": "value", secret: value
  [new RegExp(`(["']?\\b[\\w-]*${SECRET_WORDS}[\\w-]*["']?\\s*[=:]\\s*)("[^"]*"|'[^']*'|[^\\s,;&}]+)`, 'gi'), (_m, key) => `${key}${R}`],
  // JSON-looking bodies: {"key": …}
  [/\{\s*"[^"]*"\s*:[^\n]*\}/g, `{${R}}`],
  // Long hex runs and base64/base64url runs (tokens, hashes, signed blobs).
  [/\b[0-9a-fA-F]{32,}\b/g, R],
  [/[A-Za-z0-9+/_-]{32,}={0,2}/g, (m) => (looksLikeToken(m) ? R : m)],
]

/** The text with credentials, URLs' secrets, headers and bodies removed, at most MAX_REPORT_CHARS long. */
export function scrubText(text: string): string {
  let out = text
  for (const [re, replacement] of RULES) {
    out = typeof replacement === 'string' ? out.replace(re, replacement) : out.replace(re, replacement as (m: string, ...a: string[]) => string)
  }
  return out.length > MAX_REPORT_CHARS ? `${out.slice(0, MAX_REPORT_CHARS - 1)}…` : out
}

export interface ErrorReport {
  message: string
  stack: string
  agentVersion: string
  platform: string
  runtimeVersion: string
}

/** The only body the agent sends to POST /agent/v1/errors: five fields, message and stack scrubbed. */
export function buildErrorReport(err: unknown, env: { agentVersion: string; platform: string; runtimeVersion: string }): ErrorReport {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : 'Unknown error'
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : ''
  return {
    message: scrubText(message),
    stack: scrubText(stack),
    agentVersion: env.agentVersion.slice(0, 64),
    platform: env.platform.slice(0, 64),
    runtimeVersion: env.runtimeVersion.slice(0, 64),
  }
}
