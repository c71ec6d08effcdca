/**
 * gRPC monitor: the standard health protocol (HEALTH) or one unary call (BEHAVIOR) described by server reflection
 * or an uploaded .proto file, over TLS or plaintext, with metadata and a deadline; assertions on the status code,
 * the health status, the response message, its metadata and the time.
 */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { COMPARISONS, FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHostname } from './url-rules.js'
import { MAX_PROTO_BYTES, buildMessage, parseProto, resolveMethod, splitMethod } from './grpc-proto.js'
import type { FieldErrorCollector } from '../errors.js'

export const GRPC_SOURCES = ['RESPONSE_TIME', 'GRPC_RESPONSE', 'TEXT_BODY', 'GRPC_METADATA', 'GRPC_HEALTHCHECK_STATUS', 'GRPC_STATUS_CODE'] as const

/** The deadline of a call when the check names none, in seconds. */
export const GRPC_DEFAULT_TIMEOUT_S = 10

const Metadata = Type.Object({ key: Type.String({ minLength: 1, maxLength: 256 }), value: Type.String({ maxLength: 8192 }) })

const GrpcConfig = Type.Object({
  mode: Type.Optional(StringEnum(['BEHAVIOR', 'HEALTH'] as const, { default: 'HEALTH' })),
  tls: Type.Optional(Type.Boolean({ default: false })),
  metadata: Type.Optional(Nullable(Type.Array(Metadata, { maxItems: 50 }))),
  service: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  encoding: Type.Optional(Nullable(StringEnum(['PROTOBUF', 'FLATBUFFERS', ''] as const))),
  bfbsContent: Type.Optional(Nullable(Type.String({ maxLength: 1024 * 1024 }))),
  serviceDefinition: Type.Optional(Nullable(StringEnum(['REFLECTION', 'PROTO_FILE', ''] as const))),
  method: Type.Optional(Nullable(Type.String({ maxLength: 1024 }))),
  protoContent: Type.Optional(Nullable(Type.String({ maxLength: MAX_PROTO_BYTES }))),
  message: Type.Optional(Nullable(Type.String({ maxLength: 64 * 1024 }))),
})

const GrpcRequest = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'The host name or IP address of the server.' }),
  port: Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String({ pattern: '^[0-9]{1,5}$' })]),
  ipFamily: Type.Optional(Nullable(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' }))),
  skipSSL: Type.Optional(Type.Boolean({ default: false, description: 'Accept any certificate over TLS.' })),
  timeout: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 30, description: 'The call deadline in seconds (default 10).' }))),
  grpcConfig: Type.Optional(GrpcConfig),
  assertions: Type.Optional(Type.Array(assertionSchema(GRPC_SOURCES, COMPARISONS), { maxItems: 100 })),
})

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

function normalizeConfig(raw: unknown): Doc {
  const c = (raw ?? {}) as Doc
  const mode = c.mode ?? 'HEALTH'
  return {
    mode,
    tls: c.tls ?? false,
    metadata: ((c.metadata as Doc[] | null | undefined) ?? []).map((m) => ({ key: m.key, value: m.value })),
    service: text(c.service),
    encoding: text(c.encoding) ?? 'PROTOBUF',
    bfbsContent: text(c.bfbsContent),
    serviceDefinition: mode === 'BEHAVIOR' ? (text(c.serviceDefinition) ?? 'REFLECTION') : null,
    method: text(c.method),
    protoContent: text(c.protoContent),
    message: text(c.message),
  }
}

/** A BEHAVIOR call must name a method; with a .proto file, the file must parse and define it, and the message fit it. */
function validateBehavior(c: Doc, errors: FieldErrorCollector): void {
  const at = 'request.grpcConfig'
  const method = typeof c.method === 'string' ? splitMethod(c.method, c.service as string | null) : null
  if (!method) {
    errors.add(`${at}.method`, 'is required in BEHAVIOR mode: package.Service/Method')
    return
  }
  if (c.serviceDefinition !== 'PROTO_FILE') return
  if (typeof c.protoContent !== 'string') return errors.add(`${at}.protoContent`, 'is required when serviceDefinition is PROTO_FILE')
  const root = parseProto(c.protoContent)
  if (!root.ok) return errors.add(`${at}.protoContent`, root.error)
  const resolved = resolveMethod(root.value, method.service, method.method)
  if (!resolved.ok) return errors.add(`${at}.method`, resolved.error)
  // A message with {{VARIABLES}} is only known at run time.
  const message = typeof c.message === 'string' ? c.message : ''
  if (message.includes('{{')) return
  const built = buildMessage(resolved.value.requestType, message)
  if (!built.ok) errors.add(`${at}.message`, built.error)
}

export const grpcCheck = {
  checkType: 'GRPC',
  segment: 'grpc',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: GrpcRequest,
      normalize: (v) => {
        const r = v as Doc
        return {
          url: r.url,
          port: Number(r.port),
          ipFamily: r.ipFamily ?? 'IPv4',
          skipSSL: r.skipSSL ?? false,
          timeout: r.timeout ?? null,
          grpcConfig: normalizeConfig(r.grpcConfig),
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    ...responseTimeFields(3000, 5000, 30000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    validateHostname(request.url, 'request.url', errors)
    if (typeof request.port === 'number' && (request.port < 1 || request.port > 65535)) errors.add('request.port', 'must be between 1 and 65535')
    validateAssertions(request.assertions, 'request.assertions', errors)
    const c = request.grpcConfig as Doc
    if (c.encoding === 'FLATBUFFERS') errors.add('request.grpcConfig.encoding', 'must be PROTOBUF: FlatBuffers messages are not supported on this service')
    if (c.mode === 'BEHAVIOR') validateBehavior(c, errors)
  },
} satisfies CheckTypeDef
