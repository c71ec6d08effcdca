/**
 * The scrubber of what the agent reports about itself (EXTERNAL_OBSERVABILITY): an error message or stack trace
 * may quote a check's URL, a header, a key, an e-mail address or part of a body. Pure: text in, text out, bounded
 * to 8 KB. The service's scrubber (domain/scrub-secrets.ts: userinfo, secret query parameters, Authorization
 * values, keys, long hex and base64 runs) runs last; before it the agent is stricter, since nothing of a check may
 * leave its network: every network URL (host and path too), every header line, `secret=value` pairs, e-mail
 * addresses, JSON-looking bodies and short keys go. The code locations of stack frames
 * (`/app/src/agent/job-loop.ts:123:45`, `file:///…`) are the agent's own and are kept whole.
 */
import { keepingCodeLocations, REDACTED, scrubSecretRuns } from '../domain/scrub-secrets.js'

export const MAX_REPORT_CHARS = 8 * 1024

const R = REDACTED

/** Header names whose value is dropped wherever they appear as `Name: value` (and any X-… header). */
const HEADER_NAMES = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'api-key',
  'host',
  'content-type',
  'content-length',
  'user-agent',
  'accept',
  'referer',
  'origin',
]

const SECRET_WORDS = '(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth|session|cookie|signature|sig|credentials?|private[_-]?key|lease[_-]?token)'

/** The agent's own rules, applied before the service's; each regex is global. */
const RULES: Array<[RegExp, (m: string, ...groups: string[]) => string]> = [
  // Network URLs (any scheme:// but file://): only the scheme is kept; userinfo, host, path, query and fragment go.
  [/\b(?!file:)([a-z][a-z0-9+.-]*:\/\/)[^\s'"<>]*/gi, (_m, scheme) => `${scheme}${R}`],
  // E-mail addresses.
  [/[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}\b/g, () => R],
  // Header lines: "Authorization: Bearer x", "X-Custom-Thing: value".
  [new RegExp(`\\b(${HEADER_NAMES.join('|')}|x-[a-z0-9-]+)\\s*:\\s*[^\\n]*`, 'gi'), (_m, name) => `${name}: ${R}`],
  // Credentials by scheme, however short.
  [/\b(Bearer|Basic|Digest|Token)\s+[A-Za-z0-9._~+/=-]+/gi, (_m, scheme) => `${scheme} ${R}`],
  // Keys of this service and common providers, however short.
  [/\b(?:pl|pk|sk|rk)_[A-Za-z0-9_-]{2,}/g, () => R],
  // secret=value, "secret": "value", secret: value
  [new RegExp(`(["']?\\b[\\w-]*${SECRET_WORDS}[\\w-]*["']?\\s*[=:]\\s*)("[^"]*"|'[^']*'|[^\\s,;&}]+)`, 'gi'), (_m, key) => `${key}${R}`],
  // JSON-looking bodies: {"key": …}
  [/\{\s*"[^"]*"\s*:[^\n]*\}/g, () => `{${R}}`],
]

/** The text with credentials, URLs' secrets, headers and bodies removed, at most MAX_REPORT_CHARS long. */
export function scrubText(text: string): string {
  const out = keepingCodeLocations(text, (holed) => scrubSecretRuns(RULES.reduce((t, [re, replace]) => t.replace(re, replace), holed)))
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
