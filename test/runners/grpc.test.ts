import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grpcCheck } from '../../src/domain/checks/grpc.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { grpcRunner } from '../../src/runners/grpc.js'
import { runDoc } from '../helpers/run-spec.js'
import { GREETER_PROTO, startGrpcTarget, type GrpcTarget } from '../helpers/targets/grpc.js'
import { freePort } from '../helpers/targets/tcp.js'
import { makeTestPki } from '../helpers/test-pki.js'

let plain: GrpcTarget
let tls: GrpcTarget
beforeAll(async () => {
  const pki = makeTestPki()
  plain = await startGrpcTarget({ slowMs: 5000 })
  tls = await startGrpcTarget({ tls: { cert: pki.serverCert, key: pki.serverKey } })
  plain.setStatus('picket.test.Greeter', 'SERVING')
  plain.setStatus('down', 'NOT_SERVING')
})
afterAll(async () => {
  await plain.close()
  await tls.close()
})

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const runner = grpcRunner()
const normalize = grpcCheck.fields.request.normalize as (v: unknown) => Record<string, unknown>
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}, variables: Record<string, string> = {}): CheckRunSpec => ({
  checkId: 'g1',
  checkName: 'grpc',
  checkType: 'GRPC',
  doc: runDoc('GRPC', { request: normalize({ url: '127.0.0.1', ...request }), degradedResponseTime: 3000, maxResponseTime: 20000, shouldFail: false, ...extra }),
  variables,
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target = '', property = '') => ({ source, comparison, target, property })
const behavior = (config: Record<string, unknown>) => ({ mode: 'BEHAVIOR', serviceDefinition: 'REFLECTION', ...config })

describe('gRPC runner', () => {
  it('passes a health check of a serving server, with the phases of the call', async () => {
    const r = await runner.run(spec({ port: plain.port, grpcConfig: { mode: 'HEALTH' }, assertions: [as('GRPC_HEALTHCHECK_STATUS', 'EQUALS', 'SERVING')] }), ctx)
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    expect(r.details).toMatchObject({
      grpcStatusCode: 0,
      healthStatus: 1,
      response: { grpcMode: 'HEALTH', grpcMethod: 'grpc.health.v1.Health/Check', healthStatusLabel: 'SERVING', resolvedIp: '127.0.0.1' },
    })
    const t = r.timingPhases
    for (const p of ['dns', 'connection', 'firstResponse', 'download']) expect(t[p]).toBeGreaterThanOrEqual(0)
    expect(t.connection).toBeGreaterThan(0)
    expect(r.responseTime).toBe(t.total)
  })

  it.each([
    ['a NOT_SERVING service fails', { service: 'down' }, [], 'gRPC health status NOT_SERVING for service down'],
    ['an unknown service fails on its status', { service: 'nope' }, [], 'gRPC status 5 NOT_FOUND: unknown service'],
    [
      'an assertion on the health status judges it instead',
      { service: 'down' },
      [as('GRPC_HEALTHCHECK_STATUS', 'EQUALS', '1')],
      'Assertion failed: GRPC_HEALTHCHECK_STATUS EQUALS "1" (actual: 2)',
    ],
  ])('%s', async (_name, config, assertions, message) => {
    const r = await runner.run(spec({ port: plain.port, grpcConfig: { mode: 'HEALTH', ...config }, assertions }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorMessage: message })
  })

  it('calls a unary method described by reflection, with metadata from variables, and asserts on its response', async () => {
    const r = await runner.run(
      spec(
        {
          port: plain.port,
          grpcConfig: behavior({ method: 'picket.test.Greeter/SayHello', message: '{"name": "Ada"}', metadata: [{ key: 'x-token', value: '{{TOKEN}}' }] }),
          assertions: [
            as('GRPC_STATUS_CODE', 'EQUALS', '0'),
            as('GRPC_RESPONSE', 'EQUALS', 'Hello, Ada', '$.message'),
            as('GRPC_RESPONSE', 'EQUALS', 'sesame', '$.token'),
            as('GRPC_RESPONSE', 'GREATER_THAN', '2', '$.count'),
            as('TEXT_BODY', 'CONTAINS', '"tags":["a","b"]'),
            as('GRPC_METADATA', 'EQUALS', 'picket-test', 'X-Server'),
            as('RESPONSE_TIME', 'LESS_THAN', '20000'),
          ],
        },
        {},
        { TOKEN: 'sesame' },
      ),
      ctx,
    )
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing' })
    expect(plain.received.at(-1)).toMatchObject({ 'x-token': 'sesame' })
    const response = r.details.response as Record<string, unknown>
    expect(response.discoveredMethods).toEqual(expect.arrayContaining(['picket.test.Greeter/SayHello', 'picket.test.Greeter/Slow']))
    expect(r.timingPhases.reflection).toBeGreaterThan(0)
  })

  it('calls a method described by an uploaded .proto file', async () => {
    const r = await runner.run(
      spec({
        port: plain.port,
        grpcConfig: behavior({ serviceDefinition: 'PROTO_FILE', protoContent: GREETER_PROTO, method: 'picket.test.Greeter.SayHello', message: '{"name":"Bo"}' }),
        assertions: [as('GRPC_RESPONSE', 'EQUALS', 'Hello, Bo', '$.message')],
      }),
      ctx,
    )
    expect(r).toMatchObject({ status: 'passing' })
    expect(r.timingPhases.reflection).toBe(0)
  })

  it.each([
    ['a non-OK status fails the run', behavior({ method: 'picket.test.Greeter/Fail' }), {}, 'STATUS', 'gRPC status 5 NOT_FOUND: no such greeting'],
    [
      'a method the server does not have is a configuration error',
      behavior({ method: 'picket.test.Greeter/Nope' }),
      {},
      'CONFIG',
      'service picket.test.Greeter has no method Nope (it has SayHello, Fail, Slow)',
    ],
    [
      'a message that does not fit is a configuration error',
      behavior({ method: 'picket.test.Greeter/SayHello', message: '{"times": "x"}' }),
      {},
      'CONFIG',
      'message does not fit HelloRequest: times: integer expected',
    ],
  ])('%s', async (_name, grpcConfig, extra, kind, message) => {
    const r = await runner.run(spec({ port: plain.port, grpcConfig }, extra), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: kind, errorMessage: message })
  })

  it('passes a non-OK status with shouldFail', async () => {
    const r = await runner.run(spec({ port: plain.port, grpcConfig: behavior({ method: 'picket.test.Greeter/Fail' }) }, { shouldFail: true }), ctx)
    expect(r).toMatchObject({ status: 'passing', details: { grpcStatusCode: 5 } })
  })

  it('fails with a timeout when the deadline passes', async () => {
    const r = await runner.run(spec({ port: plain.port, timeout: 1, grpcConfig: behavior({ method: 'picket.test.Greeter/Slow' }) }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'TIMEOUT' })
    expect(r.errorMessage).toBe(`gRPC deadline of 1 s exceeded calling /picket.test.Greeter/Slow on 127.0.0.1:${plain.port}`)
  })

  it('fails with a network error on a port nothing listens on', async () => {
    const port = await freePort()
    const r = await runner.run(spec({ port, grpcConfig: { mode: 'HEALTH' } }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'NETWORK', networkError: true })
    expect(r.errorMessage).toContain('ECONNREFUSED')
  })

  it.each([
    ['passes over TLS when the certificate is not checked', true, 'passing', null],
    ['fails over TLS on a certificate no public authority issued', false, 'failing', 'TLS'],
  ])('%s', async (_name, skipSSL, status, kind) => {
    const r = await runner.run(spec({ port: tls.port, skipSSL, grpcConfig: behavior({ tls: true, method: 'picket.test.Greeter/SayHello', message: '{"name":"T"}' }) }), ctx)
    expect(r).toMatchObject({ status, errorKind: kind })
  })

  it('fails over plaintext against a TLS server', async () => {
    const r = await runner.run(spec({ port: tls.port, grpcConfig: { mode: 'HEALTH' } }), ctx)
    expect(r.status).toBe('failing')
  })
})
