import { describe, expect, it } from 'vitest'
import { evaluateAssertion, type GrpcSubject } from '../../src/domain/assertions/index.js'
import { MAX_PROTO_BYTES, buildMessage, parseProto, resolveMethod, splitMethod } from '../../src/domain/checks/grpc-proto.js'

const PROTO =
  'syntax = "proto3"; package shop; message Q { string id = 1; int64 n = 2; } message A { string name = 1; } service Items { rpc Get(Q) returns (A); rpc Watch(Q) returns (stream A); }'

describe('uploaded .proto files', () => {
  it.each([
    ['an import of a file on the machine', `import "/etc/passwd"; ${PROTO}`, 'imports "/etc/passwd": only the well-known types'],
    ['a relative import', `import "../secrets.proto"; ${PROTO}`, 'imports "../secrets.proto"'],
    ['a weak import', `import weak "other.proto"; ${PROTO}`, 'imports "other.proto"'],
    ['a public import of an unknown well-known-looking file', `import public "google/protobuf/nope.proto"; ${PROTO}`, 'imports "google/protobuf/nope.proto"'],
    ['a file over the size bound', `${PROTO}\n${'// x\n'.repeat(MAX_PROTO_BYTES / 5)}`, `must be at most ${MAX_PROTO_BYTES} bytes`],
    ['text that is no .proto', 'message {', 'is not a valid .proto file'],
    ['a type that is not defined', 'syntax = "proto3"; message Q { Missing m = 1; }', 'is not a complete definition'],
  ])('refuses %s', (_name, source, error) => {
    const r = parseProto(source)
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.error).toContain(error)
  })

  it('takes the well-known types and finds a unary method, refusing a streaming one', () => {
    const r = parseProto(`import "google/protobuf/timestamp.proto"; ${PROTO.replace('string name = 1;', 'google.protobuf.Timestamp at = 1;')}`)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(resolveMethod(r.value, 'shop.Items', 'Get')).toMatchObject({ ok: true, value: { path: '/shop.Items/Get' } })
    expect(resolveMethod(r.value, 'shop.Items', 'Watch')).toEqual({ ok: false, error: 'shop.Items/Watch is a streaming method: only unary methods can be checked' })
    expect(resolveMethod(r.value, 'shop.Nope', 'Get')).toEqual({ ok: false, error: 'service shop.Nope is not defined' })
  })

  it.each([
    ['shop.Items/Get', null, { service: 'shop.Items', method: 'Get' }],
    ['/shop.Items/Get', null, { service: 'shop.Items', method: 'Get' }],
    ['shop.Items.Get', null, { service: 'shop.Items', method: 'Get' }],
    ['Get', 'shop.Items', { service: 'shop.Items', method: 'Get' }],
    ['Get', null, null],
  ])('splits %s (service %s)', (method, service, expected) => {
    expect(splitMethod(method, service)).toEqual(expected)
  })

  it('builds a message from JSON and names what does not fit', () => {
    const r = parseProto(PROTO)
    if (!r.ok) throw new Error(r.error)
    const m = resolveMethod(r.value, 'shop.Items', 'Get')
    if (!m.ok) throw new Error(m.error)
    expect(buildMessage(m.value.requestType, '{"id":"7","n":"9007199254740993"}').ok).toBe(true)
    expect(buildMessage(m.value.requestType, '')).toMatchObject({ ok: true })
    expect(buildMessage(m.value.requestType, '[1]')).toEqual({ ok: false, error: 'must be a JSON object' })
    expect(buildMessage(m.value.requestType, '{"id": 7}')).toEqual({ ok: false, error: 'does not fit Q: id: string expected' })
  })
})

describe('gRPC assertion sources', () => {
  const subject: GrpcSubject = {
    kind: 'grpc',
    statusCode: 5,
    statusName: 'NOT_FOUND',
    healthStatus: null,
    healthStatusName: null,
    response: { items: [{ name: 'lamp' }, { name: 'desk' }] },
    metadata: { 'x-server': 'a1', 'content-type': 'application/grpc' },
    responseTime: 12,
  }
  const as = (source: string, comparison: string, target: string, property = '') => ({ source, comparison, target, property, regex: null })
  it.each([
    [as('GRPC_STATUS_CODE', 'EQUALS', '5'), true],
    [as('GRPC_STATUS_CODE', 'EQUALS', 'NOT_FOUND'), true],
    [as('GRPC_STATUS_CODE', 'EQUALS', '0'), false],
    [as('GRPC_HEALTHCHECK_STATUS', 'IS_NULL', ''), true],
    [as('GRPC_RESPONSE', 'EQUALS', 'desk', '$.items[1].name'), true],
    [as('GRPC_RESPONSE', 'NOT_EMPTY', '', '$.items[*].name'), true],
    [as('TEXT_BODY', 'CONTAINS', '"lamp"'), true],
    [as('GRPC_METADATA', 'EQUALS', 'a1', 'X-Server'), true],
    [as('GRPC_METADATA', 'IS_NULL', '', 'constructor'), true],
    [as('RESPONSE_TIME', 'LESS_THAN', '10'), false],
    [as('STATUS_CODE', 'EQUALS', '200'), false],
  ])('%j passes: %s', (assertion, passed) => {
    expect(evaluateAssertion(subject, assertion).passed).toBe(passed)
  })
})
