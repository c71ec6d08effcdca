/**
 * What SSL and traceroute assertions look at. SSL: CERTIFICATE and CONNECTION name a field of the certificate or
 * of the handshake, RESPONSE_TIME is the handshake time, JSON_RESPONSE a JSONPath into the whole response and
 * TEXT_RESPONSE a pattern over its JSON text. Traceroute: RESPONSE_TIME is the final hop's latency (avg unless the
 * property names min, max or stdDev), HOP_COUNT the hops on the route, PACKET_LOSS the final hop's loss in percent. Pure.
 */
import { evaluateJsonPath } from './json-path.js'
import type { Assertion } from './types.js'

export interface SslSubject {
  kind: 'ssl'
  certificate: Record<string, unknown>
  connection: Record<string, unknown>
  handshakeTimeMs: number
  json: unknown
}
export interface TracerouteSubject {
  kind: 'traceroute'
  latency: { avg: number | null; min: number | null; max: number | null; stdDev: number | null }
  hopCount: number
  packetLoss: number | null
}

type Extracted = { ok: true; values: unknown[]; actual: unknown } | { ok: false; error: string; actual?: unknown }

const one = (value: unknown): Extracted => ({ ok: true, values: [value], actual: value })

function field(record: Record<string, unknown>, a: Assertion): Extracted {
  if (!Object.hasOwn(record, a.property)) return { ok: false, error: `${a.source} has no property ${JSON.stringify(a.property)}` }
  return one(record[a.property])
}

function jsonPath(json: unknown, path: string): Extracted {
  const r = evaluateJsonPath(json, path === '' ? '$' : path)
  if (!r.ok) return { ok: false, error: r.error }
  if (r.matches.length <= 1) return one(r.matches[0])
  return { ok: true, values: r.matches, actual: r.matches }
}

function textPattern(text: string, a: Assertion): Extracted {
  const pattern = a.property !== '' ? a.property : a.regex
  if (!pattern) return one(text)
  try {
    const m = new RegExp(pattern).exec(text)
    return one(m ? (m[1] ?? m[0]) : undefined)
  } catch (err) {
    return { ok: false, error: `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}` }
  }
}

export function sslSource(s: SslSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'CERTIFICATE':
      return field(s.certificate, a)
    case 'CONNECTION':
      return field(s.connection, a)
    case 'RESPONSE_TIME':
      return one(s.handshakeTimeMs)
    case 'JSON_RESPONSE':
      return jsonPath(s.json, a.property)
    case 'TEXT_RESPONSE':
      return textPattern(JSON.stringify(s.json), a)
    default:
      return null
  }
}

export function tracerouteSource(s: TracerouteSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'RESPONSE_TIME': {
      const key = a.property === '' ? 'avg' : a.property
      if (!Object.hasOwn(s.latency, key)) return { ok: false, error: `RESPONSE_TIME property must be avg, min, max or stdDev, not ${JSON.stringify(key)}` }
      const value = s.latency[key as keyof TracerouteSubject['latency']]
      return value === null ? { ok: false, error: 'the final hop did not answer', actual: null } : one(value)
    }
    case 'HOP_COUNT':
      return one(s.hopCount)
    case 'PACKET_LOSS':
      return s.packetLoss === null ? { ok: false, error: 'no hop answered', actual: null } : one(s.packetLoss)
    default:
      return null
  }
}
