/**
 * What each assertion source looks at, per check type. A source yields the values
 * every one of which must pass (several only for a JSONPath with several matches), or an error. Pure.
 */
import { evaluateJsonPath } from './json-path.js'
import type { Assertion } from './types.js'
import { grpcSource, type GrpcSubject } from './grpc-source.js'
import { sslSource, tracerouteSource, type SslSubject, type TracerouteSubject } from './probe-sources.js'

export interface HttpSubject {
  kind: 'http'
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  responseTime: number
}
export interface TcpSubject {
  kind: 'tcp'
  data: string
  responseTime: number
}
export interface DnsSubject {
  kind: 'dns'
  rcode: string
  rcodeNumber: number
  responseTime: number
  text: string
  json: unknown
}
export interface IcmpSubject {
  kind: 'icmp'
  latency: { avg: number | null; min: number | null; max: number | null; stdDev: number | null }
  json: unknown
}
export type AssertionSubject = HttpSubject | TcpSubject | DnsSubject | IcmpSubject | SslSubject | TracerouteSubject | GrpcSubject

export type Extracted = { ok: true; values: unknown[]; actual: unknown } | { ok: false; error: string; actual?: unknown }

const one = (value: unknown): Extracted => ({ ok: true, values: [value], actual: value })

/** The first capture group of `pattern` in `text` (else the whole match); undefined when it does not match. */
function regexValue(text: string, pattern: string): Extracted {
  let re: RegExp
  try {
    re = new RegExp(pattern)
  } catch (err) {
    return { ok: false, error: `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}` }
  }
  const m = re.exec(text)
  return one(m ? (m[1] ?? m[0]) : undefined)
}

const textSource = (text: string, a: Assertion): Extracted => {
  const pattern = a.property !== '' ? a.property : a.regex
  return pattern ? regexValue(text, pattern) : one(text)
}

function jsonSource(json: unknown, path: string): Extracted {
  const r = evaluateJsonPath(json, path)
  if (!r.ok) return { ok: false, error: r.error }
  if (r.matches.length === 0) return one(undefined)
  if (r.matches.length === 1) return one(r.matches[0])
  return { ok: true, values: r.matches, actual: r.matches }
}

function jsonBodySource(body: string, path: string): Extracted {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    const preview = body.length > 80 ? `${body.slice(0, 80)}…` : body
    return { ok: false, error: `response body is not valid JSON (starts with ${JSON.stringify(preview)})` }
  }
  return jsonSource(json, path)
}

const headerText = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v)

function headersSource(headers: HttpSubject['headers'], a: Assertion): Extracted {
  // A Map: both the target's header names and the property are someone else's text, `constructor` included.
  const lower = new Map<string, string>()
  for (const [k, v] of Object.entries(headers)) {
    const text = headerText(v)
    if (text !== undefined) lower.set(k.toLowerCase(), text)
  }
  if (a.property.trim() === '') return one(Object.fromEntries(lower))
  const value = lower.get(a.property.trim().toLowerCase())
  if (value === undefined || !a.regex) return one(value)
  return regexValue(value, a.regex)
}

function httpSource(s: HttpSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'STATUS_CODE':
      return one(s.status)
    case 'RESPONSE_TIME':
    case 'LATENCY':
      return one(s.responseTime)
    case 'HEADERS':
      return headersSource(s.headers, a)
    case 'TEXT_BODY':
      return textSource(s.body, a)
    case 'JSON_BODY':
      return jsonBodySource(s.body, a.property)
    default:
      return null
  }
}

function dnsSource(s: DnsSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'RESPONSE_CODE':
      // A numeric target compares the numeric code (0 = NOERROR), a name compares the name.
      return one(/^\s*\d+\s*$/.test(a.target) ? s.rcodeNumber : s.rcode)
    case 'RESPONSE_TIME':
      return one(s.responseTime)
    case 'TEXT_ANSWER':
      return textSource(s.text, a)
    case 'JSON_ANSWER':
      return jsonSource(s.json, a.property)
    default:
      return null
  }
}

function icmpSource(s: IcmpSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'LATENCY': {
      const key = a.property === '' ? 'avg' : a.property
      if (!Object.hasOwn(s.latency, key)) return { ok: false, error: `LATENCY property must be avg, min, max or stdDev, not ${JSON.stringify(key)}` }
      return one(s.latency[key as keyof IcmpSubject['latency']])
    }
    case 'JSON_RESPONSE':
      return jsonSource(s.json, a.property)
    default:
      return null
  }
}

/** The values an assertion checks in a subject, or an error when the source does not apply or cannot be read. */
export function extractSource(subject: AssertionSubject, a: Assertion): Extracted {
  let r: Extracted | null
  switch (subject.kind) {
    case 'http':
      r = httpSource(subject, a)
      break
    case 'tcp':
      r = a.source === 'RESPONSE_DATA' ? textSource(subject.data, a) : a.source === 'RESPONSE_TIME' ? one(subject.responseTime) : null
      break
    case 'dns':
      r = dnsSource(subject, a)
      break
    case 'icmp':
      r = icmpSource(subject, a)
      break
    case 'ssl':
      r = sslSource(subject, a)
      break
    case 'traceroute':
      r = tracerouteSource(subject, a)
      break
    case 'grpc':
      r = grpcSource(subject, a)
      break
  }
  return r ?? { ok: false, error: `source ${a.source} is not supported for ${subject.kind.toUpperCase()} checks` }
}
