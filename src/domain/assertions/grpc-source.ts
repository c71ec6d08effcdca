/**
 * What gRPC assertions look at. GRPC_STATUS_CODE is the call's status (a numeric target compares the number, 0 =
 * OK; a name compares the name), GRPC_HEALTHCHECK_STATUS the health protocol's serving status (likewise: 1 or
 * SERVING), GRPC_RESPONSE a JSONPath into the response message as JSON, TEXT_BODY a pattern over its JSON text,
 * GRPC_METADATA the response metadata (the property names a key; headers and trailers together), RESPONSE_TIME
 * the call's time. Pure.
 */
import { evaluateJsonPath } from './json-path.js'
import type { Assertion } from './types.js'

export interface GrpcSubject {
  kind: 'grpc'
  statusCode: number
  statusName: string
  /** The health protocol's serving status (HEALTH mode), else null. */
  healthStatus: number | null
  healthStatusName: string | null
  /** The response message as JSON (null when the call returned none). */
  response: unknown
  metadata: Record<string, string>
  responseTime: number
}

type Extracted = { ok: true; values: unknown[]; actual: unknown } | { ok: false; error: string; actual?: unknown }

const one = (value: unknown): Extracted => ({ ok: true, values: [value], actual: value })
const numeric = (target: string) => /^\s*\d+\s*$/.test(target)

function pattern(text: string, p: string | null): Extracted {
  if (!p) return one(text)
  try {
    const m = new RegExp(p).exec(text)
    return one(m ? (m[1] ?? m[0]) : undefined)
  } catch (err) {
    return { ok: false, error: `invalid regular expression ${JSON.stringify(p)}: ${(err as Error).message}` }
  }
}

function jsonPath(json: unknown, path: string): Extracted {
  const r = evaluateJsonPath(json, path === '' ? '$' : path)
  if (!r.ok) return { ok: false, error: r.error }
  if (r.matches.length <= 1) return one(r.matches[0])
  return { ok: true, values: r.matches, actual: r.matches }
}

function metadataSource(metadata: Record<string, string>, a: Assertion): Extracted {
  const key = a.property.trim().toLowerCase()
  if (key === '') return one(metadata)
  const value = Object.hasOwn(metadata, key) ? metadata[key] : undefined
  return value === undefined || !a.regex ? one(value) : pattern(value, a.regex)
}

export function grpcSource(s: GrpcSubject, a: Assertion): Extracted | null {
  switch (a.source) {
    case 'RESPONSE_TIME':
      return one(s.responseTime)
    case 'GRPC_STATUS_CODE':
      return one(numeric(a.target) ? s.statusCode : s.statusName)
    case 'GRPC_HEALTHCHECK_STATUS':
      return one(numeric(a.target) ? s.healthStatus : s.healthStatusName)
    case 'GRPC_RESPONSE':
      return jsonPath(s.response, a.property)
    case 'TEXT_BODY':
      return pattern(s.response === null ? '' : JSON.stringify(s.response), a.property !== '' ? a.property : a.regex)
    case 'GRPC_METADATA':
      return metadataSource(s.metadata, a)
    default:
      return null
  }
}
