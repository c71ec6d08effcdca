/**
 * Service definitions of gRPC checks, parsed in memory (pure): an uploaded .proto file, or the standard health
 * protocol. An uploaded file is someone else's text: it is bounded, parsed without touching the file system, and
 * may import only the well-known types that ship with the parser (google/protobuf/*.proto); any other import is
 * refused, so a definition can never name a file on the machine that runs it.
 */
import protobuf from 'protobufjs'

/** Bytes of .proto text a check may carry. */
export const MAX_PROTO_BYTES = 256 * 1024

/** grpc.health.v1 as the standard defines it. */
const HEALTH_PROTO = `syntax = "proto3";
package grpc.health.v1;
message HealthCheckRequest { string service = 1; }
message HealthCheckResponse {
  enum ServingStatus { UNKNOWN = 0; SERVING = 1; NOT_SERVING = 2; SERVICE_UNKNOWN = 3; }
  ServingStatus status = 1;
}
service Health { rpc Check(HealthCheckRequest) returns (HealthCheckResponse); }
`

export const HEALTH_METHOD = 'grpc.health.v1.Health/Check'

/** The serving statuses of grpc.health.v1, by number. */
export const HEALTH_STATUSES = ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const

/** The canonical gRPC status codes, by number. */
export const GRPC_STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const

/** A unary method ready to call: its path on the wire and its message types. */
export interface ResolvedMethod {
  /** `/package.Service/Method`. */
  path: string
  requestType: protobuf.Type
  responseType: protobuf.Type
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

/** `package.Service/Method` or `package.Service.Method` (or a method of `service`) split into service and method. */
export function splitMethod(method: string, service: string | null): { service: string; method: string } | null {
  const m = method.trim().replace(/^\//, '')
  const slash = m.lastIndexOf('/')
  if (slash > 0) return { service: m.slice(0, slash), method: m.slice(slash + 1) }
  const svc = (service ?? '').trim()
  if (svc !== '' && m !== '' && !m.includes('.')) return { service: svc, method: m }
  const dot = m.lastIndexOf('.')
  return dot > 0 ? { service: m.slice(0, dot), method: m.slice(dot + 1) } : null
}

/** Parses .proto text in memory; only the parser's own well-known types may be imported. */
export function parseProto(source: string): Parsed<protobuf.Root> {
  if (Buffer.byteLength(source, 'utf8') > MAX_PROTO_BYTES) return { ok: false, error: `must be at most ${MAX_PROTO_BYTES} bytes` }
  let parsed: protobuf.IParserResult
  try {
    parsed = protobuf.parse(source, new protobuf.Root(), { keepCase: true, alternateCommentMode: true })
  } catch (err) {
    return { ok: false, error: `is not a valid .proto file: ${(err as Error).message}` }
  }
  const imports = [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]
  for (const name of imports) {
    const common = protobuf.common.get(name)
    if (!name.startsWith('google/protobuf/') || !common?.nested) {
      return { ok: false, error: `imports ${JSON.stringify(name)}: only the well-known types (google/protobuf/*.proto) may be imported; put the other definitions in this file` }
    }
    parsed.root.addJSON(common.nested)
  }
  try {
    parsed.root.resolveAll()
  } catch (err) {
    return { ok: false, error: `is not a complete definition: ${(err as Error).message}` }
  }
  return { ok: true, value: parsed.root }
}

/** Finds a unary method in a definition. */
export function resolveMethod(root: protobuf.Root, service: string, method: string): Parsed<ResolvedMethod> {
  let svc: protobuf.Service
  try {
    svc = root.lookupService(service)
  } catch {
    return { ok: false, error: `service ${service} is not defined` }
  }
  const m = svc.methods[method]
  if (!m) return { ok: false, error: `service ${service} has no method ${method} (it has ${Object.keys(svc.methods).join(', ') || 'none'})` }
  if (m.requestStream || m.responseStream) return { ok: false, error: `${service}/${method} is a streaming method: only unary methods can be checked` }
  m.resolve()
  if (!m.resolvedRequestType || !m.resolvedResponseType) return { ok: false, error: `${service}/${method} has unresolved message types` }
  return { ok: true, value: { path: `/${service}/${method}`, requestType: m.resolvedRequestType, responseType: m.resolvedResponseType } }
}

/** The methods a definition offers, as `service/method`. */
export function listMethods(root: protobuf.Root): string[] {
  const out: string[] = []
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Service) for (const name of Object.keys(child.methods)) out.push(`${child.fullName.replace(/^\./, '')}/${name}`)
      if (child instanceof protobuf.Namespace) walk(child)
    }
  }
  walk(root)
  return out
}

/** A request message from its JSON text (empty text is the empty message); errors name what is wrong. */
export function buildMessage(type: protobuf.Type, json: string): Parsed<Uint8Array> {
  let value: unknown = {}
  if (json.trim() !== '') {
    try {
      value = JSON.parse(json)
    } catch (err) {
      return { ok: false, error: `is not valid JSON: ${(err as Error).message}` }
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'must be a JSON object' }
  // 64-bit integers are text in protobuf's JSON form ("9007199254740993"): the conversion below reads them.
  const problem = type.verify(value as Record<string, unknown>)
  if (problem && !problem.endsWith('integer|Long expected')) return { ok: false, error: `does not fit ${type.name}: ${problem}` }
  return { ok: true, value: type.encode(type.fromObject(value as Record<string, unknown>)).finish() }
}

/** A response message as plain JSON (enums by name, 64-bit numbers as text, defaults present). */
export function readMessage(type: protobuf.Type, bytes: Uint8Array): Record<string, unknown> {
  return type.toObject(type.decode(bytes), { enums: String, longs: String, bytes: String, defaults: true, json: true })
}

function buildHealthMethod(): ResolvedMethod {
  const root = parseProto(HEALTH_PROTO)
  const m = root.ok ? resolveMethod(root.value, 'grpc.health.v1.Health', 'Check') : root
  if (!m.ok) throw new Error(`grpc.health.v1: ${m.error}`)
  return m.value
}

/** grpc.health.v1.Health/Check: a constant, built once from the text above. */
export const HEALTH_CHECK: ResolvedMethod = buildHealthMethod()
