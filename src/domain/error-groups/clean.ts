/**
 * Error-message cleaning for error groups: the details that differ between occurrences of one fault
 * (numbers, ids, UUIDs, hex, timestamps, IPs, ports, durations, quoted values) become placeholders, so that the same
 * fault lands in one group. Host names are kept: a different host is a different fault. Pure; the rules are an
 * ordered list, applied one after the other, and each is table-tested.
 */
import { createHash } from 'node:crypto'

/**
 * One rule: every match of `pattern` (global) is replaced by what `replace` returns. `keep(text)` shelves text so
 * that later rules leave it alone (host names); it is put back at the end.
 */
export interface CleaningRule {
  name: string
  pattern: RegExp
  replace: (match: string, groups: Array<string | undefined>, keep: (text: string) => string) => string
}

const to =
  (placeholder: string): CleaningRule['replace'] =>
  () =>
    placeholder

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const WEEKDAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const ISO_TIME = '\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?(?:\\s?(?:Z|UTC|GMT|[+-]\\d{2}(?::?\\d{2})?))?'
const IPV4 = '(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}'
/** Candidates for IPv6 addresses; isIpv6 decides. */
const IPV6_CANDIDATE = '(?<![\\w:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:' + IPV4 + '|[0-9A-Fa-f]{1,4})?(?![\\w:]|\\.\\d)'
/** File extensions that look like top-level domains in stack traces and OpenSSL messages ("index.js:12"). */
const NOT_TLDS = '(?:js|mjs|cjs|ts|mts|cts|jsx|tsx|json|c|h|cc|cpp|py|go|rb|rs|java|kt|php|html|txt|log|yaml|yml|xml)'
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const HOSTNAME = `(?<![\\w.-])(?:${LABEL}\\.)+(?!${NOT_TLDS}\\b)[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9](?![\\w-]|\\.[A-Za-z0-9])|\\blocalhost\\b`
/** Units written straight after the number ("30s", "1h 5m") and after a space ("150 ms", "2 hours"). */
const UNIT_ATTACHED = '(?:ms|µs|us|ns|s|m|h|d)'
const UNIT_SPACED = '(?:ms|milliseconds?|µs|us|ns|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?)'
const ONE_DURATION = `\\d+(?:\\.\\d+)?(?:${UNIT_ATTACHED}|\\s${UNIT_SPACED})\\b`

export function isIpv6(text: string): boolean {
  const value = text.replace(/^\[|\]$/g, '')
  const doubleColons = value.split('::').length - 1
  if (doubleColons > 1) return false
  const groups = value.split(':')
  const last = groups[groups.length - 1] ?? ''
  const ipv4Tail = new RegExp(`^${IPV4}$`).test(last)
  const hexGroups = groups.filter((g, i) => !(ipv4Tail && i === groups.length - 1))
  if (!hexGroups.every((g) => /^[0-9A-Fa-f]{0,4}$/.test(g))) return false
  const size = hexGroups.filter((g) => g !== '').length + (ipv4Tail ? 2 : 0)
  return doubleColons === 1 ? size <= 7 : size === 8 && groups.every((g) => g !== '')
}

/** The cleaning rules, in the order they are applied. */
export const CLEANING_RULES: readonly CleaningRule[] = [
  // Quoted values first: received values and targets of assertions, script error details.
  { name: 'double-quoted', pattern: /"(?:[^"\\\n]|\\.)*"/g, replace: to('<str>') },
  { name: 'single-quoted', pattern: /(?<![\w'])'(?:[^'\\\n]|\\.)*'(?![\w])/g, replace: to('<str>') },
  { name: 'back-quoted', pattern: /`[^`\n]*`|“[^”\n]*”|‘[^’\n]*’/g, replace: to('<str>') },
  // A URL keeps its scheme and host; credentials and port become placeholders; its path is cleaned by the rules below.
  {
    name: 'url',
    pattern: /\b([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^\s/@]+@)?(\[[0-9A-Fa-f:.]+\]|[^\s/:?#[\]]+)(:\d{1,5})?/g,
    replace: (_m, [scheme, host = '', port], keep) => {
      const ip = new RegExp(`^${IPV4}$`).test(host) || isIpv6(host)
      return `${scheme ?? ''}://${ip ? '<ip>' : keep(host)}${port ? ':<port>' : ''}`
    },
  },
  {
    name: 'query-value',
    pattern: /([?&][\w.[\]-]+=)[^&\s#]+/g,
    replace: (_m, [name]) => `${name ?? ''}<str>`,
  },
  { name: 'uuid', pattern: /\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b/g, replace: to('<uuid>') },
  {
    name: 'timestamp',
    pattern: new RegExp(
      [
        `\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]${ISO_TIME})?`,
        `\\b${WEEKDAY},? \\d{1,2} ${MONTH} \\d{4} \\d{2}:\\d{2}:\\d{2}(?: GMT| UTC| [+-]\\d{4})?`,
        `\\b${WEEKDAY} ${MONTH} \\d{1,2} \\d{4} \\d{2}:\\d{2}:\\d{2}(?: GMT[+-]\\d{4})?(?: \\([^)]*\\))?`,
        `\\b\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?\\b`,
      ].join('|'),
      'g',
    ),
    replace: to('<timestamp>'),
  },
  // Node's socket errors: "connect ECONNREFUSED 127.0.0.1:5432", "connect ECONNREFUSED ::1:5432" (IPv6 unbracketed).
  { name: 'socket-address', pattern: /\b(E[A-Z]{3,}) [0-9A-Fa-f:.]+:\d{1,5}(?![\w:.])/g, replace: (_m, [code]) => `${code ?? ''} <ip>:<port>` },
  { name: 'ip-port', pattern: new RegExp(`(?<![\\w.])(?:${IPV4}|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}\\b`, 'g'), replace: to('<ip>:<port>') },
  { name: 'ipv6', pattern: new RegExp(IPV6_CANDIDATE, 'g'), replace: (m) => (isIpv6(m) ? '<ip>' : m) },
  { name: 'ipv4', pattern: new RegExp(`(?<![\\w.])${IPV4}(?![\\w]|\\.\\d)`, 'g'), replace: to('<ip>') },
  // Host names are kept as they are (and shielded from the rules below); a port after one is not.
  { name: 'hostname', pattern: new RegExp(HOSTNAME, 'g'), replace: (m, _g, keep) => keep(m) },
  { name: 'host-port', pattern: /(\uE000[\uE001-\uF8FF]):\d{1,5}\b/g, replace: (_m, [host]) => `${host ?? ''}:<port>` },
  {
    name: 'duration',
    pattern: new RegExp(`\\b${ONE_DURATION}(?:\\s${ONE_DURATION})*`, 'g'),
    replace: to('<duration>'),
  },
  { name: 'hex', pattern: /\b0x[0-9A-Fa-f]+\b|\b(?=[0-9A-Fa-f]*[A-Fa-f])(?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{8,}\b/g, replace: to('<hex>') },
  // Other generated ids: letters and digits interleaved at least four times ("req_8f3k2Lm9x", "a1b2c3d4").
  {
    name: 'id',
    pattern: /\b[A-Za-z0-9_-]{8,}\b/g,
    replace: (m) => ((m.match(/[A-Za-z](?=\d)|\d(?=[A-Za-z])/g) ?? []).length >= 4 ? '<id>' : m),
  },
  // Standalone numbers only: "TLSv1.3", "ssl3_get_record" and "IPv4" stay as they are.
  { name: 'number', pattern: /(?<![\w.])\d+(?:[.,]\d+)*(?!\w)/g, replace: to('<num>') },
]

/** The marker of shelved text: U+E000 then one private-use character per shelved piece. */
const SHELF_START = 0xe001
const SHELF_SIZE = 0xf8ff - SHELF_START

/** The cleaned form of an error message: what groups occurrences of one fault. */
export function cleanErrorMessage(raw: string): string {
  const shelf: string[] = []
  const keep = (text: string): string => {
    if (shelf.length >= SHELF_SIZE) return text
    shelf.push(text)
    return `\uE000${String.fromCharCode(SHELF_START + shelf.length - 1)}`
  }
  let text = raw.replace(/[\uE000-\uF8FF]/g, '?')
  for (const rule of CLEANING_RULES) {
    text = text.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
      const groups = rest.slice(
        0,
        rest.findIndex((x) => typeof x === 'number'),
      ) as Array<string | undefined>
      return rule.replace(match, groups, keep)
    })
  }
  text = text.replace(/\uE000([\uE001-\uF8FF])/g, (_m, c: string) => shelf[c.charCodeAt(0) - SHELF_START] ?? '')
  return text.replace(/\s+/g, ' ').trim()
}

/** The hash that identifies a group: sha256 (hex) of the cleaned message. */
export function errorHash(cleaned: string): string {
  return createHash('sha256').update(cleaned, 'utf8').digest('hex')
}
