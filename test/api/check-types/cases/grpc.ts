/** gRPC monitors: a host (url) and a port, the health protocol or a unary call (reflection or an uploaded .proto), assertions. */
import type { Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, keepsAbsentFields, missingRequest, monitorBodies, monitorDefaults, monitorFrequencies, nameNotText } from './monitor-rows.js'

const bodies = monitorBodies('gRPC monitor', { url: 'grpc.example.com', port: 443 })
const { minimal, withRequest, withAssertion } = bodies
const withConfig = (grpcConfig: Json): Json => withRequest({ grpcConfig })

const PROTO = 'syntax = "proto3"; package shop; message Q { string id = 1; } message A { string name = 1; } service Items { rpc Get(Q) returns (A); }'
const CONFIG = {
  mode: 'HEALTH',
  tls: false,
  metadata: [],
  service: null,
  encoding: 'PROTOBUF',
  bfbsContent: null,
  serviceDefinition: null,
  method: null,
  protoContent: null,
  message: null,
}
const DEFAULT_REQUEST = { url: 'grpc.example.com', port: 443, ipFamily: 'IPv4', skipSSL: false, timeout: null, grpcConfig: CONFIG, assertions: [] }
const BEHAVIOR = { mode: 'BEHAVIOR', serviceDefinition: 'PROTO_FILE', protoContent: PROTO, method: 'shop.Items/Get', message: '{"id":"42"}' }

export const grpc: CheckTypeCase = {
  label: 'gRPC monitors',
  segment: 'grpc',
  checkType: 'GRPC',
  minimal: minimal(),
  defaults: monitorDefaults('gRPC monitor', { degraded: 3000, max: 5000 }, DEFAULT_REQUEST),
  frequencies: monitorFrequencies(),
  accepts: [
    [
      'stores a unary call described by a .proto file, with metadata, TLS, a deadline and assertions',
      withRequest({
        port: '50051',
        skipSSL: true,
        timeout: 5,
        grpcConfig: { ...BEHAVIOR, tls: true, metadata: [{ key: 'authorization', value: 'Bearer {{TOKEN}}' }] },
        assertions: [
          { source: 'GRPC_STATUS_CODE', comparison: 'EQUALS', target: 0 },
          { source: 'GRPC_RESPONSE', comparison: 'EQUALS', property: '$.name', target: 'Lamp' },
        ],
      }),
      {
        matches: { checkType: 'GRPC' },
        equals: {
          request: {
            ...DEFAULT_REQUEST,
            port: 50051,
            skipSSL: true,
            timeout: 5,
            grpcConfig: { ...CONFIG, ...BEHAVIOR, tls: true, metadata: [{ key: 'authorization', value: 'Bearer {{TOKEN}}' }] },
            assertions: [
              { source: 'GRPC_STATUS_CODE', comparison: 'EQUALS', property: '', target: '0', regex: null },
              { source: 'GRPC_RESPONSE', comparison: 'EQUALS', property: '$.name', target: 'Lamp', regex: null },
            ],
          },
        },
      },
    ],
    [
      'a BEHAVIOR call without a definition asks the server by reflection',
      withConfig({ mode: 'BEHAVIOR', method: 'shop.Items/Get' }),
      { equals: { 'request.grpcConfig.serviceDefinition': 'REFLECTION', 'request.grpcConfig.method': 'shop.Items/Get' } },
    ],
    ['a health check of one service', withConfig({ mode: 'HEALTH', service: 'shop.Items' }), { equals: { 'request.grpcConfig.service': 'shop.Items' } }],
    ...['127.0.0.1', '::1', 'localhost', '{{GRPC_HOST}}'].map((url): Accept => [`accepts the host ${url}`, withRequest({ url }), { equals: { 'request.url': url } }]),
    ...['GRPC_STATUS_CODE', 'GRPC_HEALTHCHECK_STATUS', 'GRPC_METADATA', 'TEXT_BODY', 'GRPC_RESPONSE'].map((source): Accept => [
      `accepts a ${source} assertion`,
      withAssertion({ source, comparison: 'EQUALS', target: 'SERVING' }),
      { equals: { 'request.assertions.0.source': source } },
    ]),
    [
      'imports of the well-known types',
      withConfig({ ...BEHAVIOR, protoContent: `import "google/protobuf/timestamp.proto"; ${PROTO.replace('string name = 1;', 'google.protobuf.Timestamp at = 1;')}` }),
      { equals: { 'request.grpcConfig.mode': 'BEHAVIOR' } },
    ],
  ],
  rejects: [
    missingRequest,
    ['a missing request.url', { name: 'x', request: { port: 443 } }, 'request.url', 'is required'],
    ['a missing request.port', { name: 'x', request: { url: 'grpc.example.com' } }, 'request.port', 'is required'],
    ['a url with a scheme', withRequest({ url: 'https://grpc.example.com' }), 'request.url', 'must be a host name or IP address, without scheme or path'],
    ['a url with a port', withRequest({ url: 'grpc.example.com:443' }), 'request.url', 'must not include a port'],
    ['port 0', withRequest({ port: 0 }), 'request.port'],
    ['port "70000"', withRequest({ port: '70000' }), 'request.port', 'must be between 1 and 65535'],
    ['timeout 31', withRequest({ timeout: 31 }), 'request.timeout', 'must be at most 30'],
    ['mode PING', withConfig({ mode: 'PING' }), 'request.grpcConfig.mode', 'must be one of'],
    [
      '51 metadata entries',
      withConfig({ metadata: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }),
      'request.grpcConfig.metadata',
      'must have at most 50 entries',
    ],
    ['FLATBUFFERS encoding', withConfig({ encoding: 'FLATBUFFERS' }), 'request.grpcConfig.encoding', 'must be PROTOBUF: FlatBuffers messages are not supported on this service'],
    ['BEHAVIOR without a method', withConfig({ mode: 'BEHAVIOR' }), 'request.grpcConfig.method', 'is required in BEHAVIOR mode: package.Service/Method'],
    ['PROTO_FILE without a file', withConfig({ ...BEHAVIOR, protoContent: null }), 'request.grpcConfig.protoContent', 'is required when serviceDefinition is PROTO_FILE'],
    ['a .proto file that does not parse', withConfig({ ...BEHAVIOR, protoContent: 'message {' }), 'request.grpcConfig.protoContent', 'is not a valid .proto file'],
    [
      'a .proto file that imports a file',
      withConfig({ ...BEHAVIOR, protoContent: `import "/etc/passwd"; ${PROTO}` }),
      'request.grpcConfig.protoContent',
      'imports "/etc/passwd": only the well-known types (google/protobuf/*.proto) may be imported; put the other definitions in this file',
    ],
    ['a method the file does not define', withConfig({ ...BEHAVIOR, method: 'shop.Items/Put' }), 'request.grpcConfig.method', 'service shop.Items has no method Put (it has Get)'],
    ['a message that is not JSON', withConfig({ ...BEHAVIOR, message: '{id: 42' }), 'request.grpcConfig.message', 'is not valid JSON'],
    ['a message that does not fit', withConfig({ ...BEHAVIOR, message: '{"id": 42}' }), 'request.grpcConfig.message', 'does not fit Q: id: string expected'],
    ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '0' }), 'request.assertions[0].source', 'must be one of'],
    [
      'assertion RESPONSE_TIME "abc"',
      withAssertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'abc' }),
      'request.assertions[0].target',
      'must be a number for source RESPONSE_TIME',
    ],
    nameNotText(bodies),
  ],
  updates: [
    keepsAbsentFields(
      bodies,
      { url: 'other.example.com', port: 50051, grpcConfig: { mode: 'HEALTH', tls: true } },
      { ...DEFAULT_REQUEST, url: 'other.example.com', port: 50051, grpcConfig: { ...CONFIG, tls: true } },
    ),
  ],
  updateRejects: [
    ['port 65536', changed({ request: { url: 'grpc.example.com', port: 65536 } }), 'request.port'],
    [
      'a .proto import',
      changed({ request: { url: 'grpc.example.com', port: 1, grpcConfig: { ...BEHAVIOR, protoContent: `import "x.proto"; ${PROTO}` } } }),
      'request.grpcConfig.protoContent',
    ],
  ],
  roundTrip: withRequest(
    { grpcConfig: { mode: 'HEALTH', service: 'shop' }, assertions: [{ source: 'GRPC_HEALTHCHECK_STATUS', comparison: 'EQUALS', target: 'SERVING' }] },
    { tags: ['t'] },
  ),
  read: withRequest({ grpcConfig: BEHAVIOR }),
  otherSegments: ['tcp', 'api'],
}
