/**
 * The SSL runner against local TLS servers on port 0: a valid certificate from a test CA, one close to expiry, an
 * expired one, a self-signed one, one for another host, and stapled OCSP answers (good and revoked).
 */
import tls from 'node:tls'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sslCheck } from '../../src/domain/checks/ssl.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { sslRunner } from '../../src/runners/ssl.js'
import { runDoc } from '../helpers/run-spec.js'
import { makeSslCerts, type Leaf, type SslCerts } from '../helpers/ssl-certs.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const normalize = sslCheck.fields.request.normalize as (v: unknown) => Record<string, unknown>
const spec = (port: number, config: Record<string, unknown> = {}, assertions: unknown[] = []): CheckRunSpec => ({
  checkId: 's1',
  checkName: 'ssl',
  checkType: 'SSL',
  doc: runDoc('SSL', { request: normalize({ sslConfig: { hostname: 'localhost', port, ...config }, assertions }), degradedResponseTime: 3000, maxResponseTime: 10000 }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target: string, property = '') => ({ source, comparison, target, property })

let certs: SslCerts
const servers: tls.Server[] = []
const ports: Record<string, number> = {}

async function serve(name: string, leaf: Leaf): Promise<void> {
  const server = tls.createServer({ cert: leaf.cert, key: leaf.key }, (socket) => socket.end())
  if (leaf.ocsp) server.on('OCSPRequest', (_cert: Buffer, _issuer: Buffer, done: (err: Error | null, resp: Buffer) => void) => done(null, leaf.ocsp as Buffer))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  ports[name] = (server.address() as AddressInfo).port
}

beforeAll(async () => {
  certs = makeSslCerts()
  await serve('valid', certs.leaf({ names: ['localhost', '127.0.0.1'], days: 60 }))
  await serve('expiring', certs.leaf({ names: ['localhost'], days: 5 }))
  await serve('expired', certs.leaf({ names: ['localhost'], days: -1 }))
  await serve('selfSigned', certs.leaf({ names: ['localhost'], days: 60, selfSigned: true }))
  await serve('wrongHost', certs.leaf({ names: ['other.example'], days: 60 }))
  await serve('ocspGood', certs.leaf({ names: ['localhost'], days: 60, ocsp: 'good' }))
  await serve('ocspRevoked', certs.leaf({ names: ['localhost'], days: 60, ocsp: 'revoked' }))
})

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
  certs.cleanup()
})

const trusting = () => sslRunner({ ca: [certs.caCert] })

describe('SSL runner', () => {
  it('passes a valid certificate and reports protocol, cipher, chain, host name and expiry in the reference shape', async () => {
    const r = await trusting().run(
      spec(ports.valid as number, {}, [
        as('CERTIFICATE', 'GREATER_THAN', '30', 'daysUntilExpiry'),
        as('CONNECTION', 'EQUALS', 'TLSv1.3', 'tlsVersion'),
        as('JSON_RESPONSE', 'CONTAINS', 'localhost', '$.certificate.subject'),
        as('RESPONSE_TIME', 'LESS_THAN', '5000'),
      ]),
      ctx,
    )
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    expect(r.details).toMatchObject({
      // The reference's name of the version, whichever way an assertion names it (the one above says TLSv1.3).
      tlsVersion: 'TLS1.3',
      chainTrusted: true,
      hostnameVerified: true,
      daysUntilExpiry: 59,
      keySizeBits: 3072,
      baselineVerdict: 'pass',
      response: { resolvedIp: '127.0.0.1', ocspStapled: false, incompleteChain: false, certificate: { signatureAlgorithm: 'ecdsa-with-SHA256', keyType: 'ec' } },
    })
    expect((r.details.response as { chain: unknown[] }).chain.length).toBeGreaterThanOrEqual(1)
    expect(r.timingPhases).toHaveProperty('handshake')
  })

  it.each([
    ['an expired certificate', 'expired', {}, 'failing', 'The certificate expired on'],
    ['a self-signed certificate', 'selfSigned', {}, 'failing', 'The certificate chain is not trusted: self-signed certificate'],
    ['a certificate for another host', 'wrongHost', {}, 'failing', 'does not match the host name'],
    ['a revoked certificate (stapled OCSP)', 'ocspRevoked', {}, 'failing', 'revoked'],
    ['a TLS 1.2 minimum broken by a TLS 1.3 requirement', 'valid', { securityBaseline: { minTLSVersion: { value: 'TLS1.3' } } }, 'passing', null],
  ])('judges %s', async (_label, server, config, status, message) => {
    const r = await trusting().run(spec(ports[server] as number, config), ctx)
    expect(r.status).toBe(status)
    if (message) {
      expect(r.errorKind).toBe('TLS')
      expect(r.errorMessage).toContain(message)
    }
  })

  it('degrades a certificate within the warning days, saying when it expires', async () => {
    const r = await trusting().run(spec(ports.expiring as number), ctx)
    expect(r).toMatchObject({ status: 'degraded', isDegraded: true })
    expect(r.details.daysUntilExpiry).toBe(4)
    expect(JSON.stringify(r.details.findings)).toContain('expires in 4 days')
  })

  it('passes a self-signed certificate when chain validation is skipped, still reporting the chain as untrusted', async () => {
    const r = await trusting().run(spec(ports.selfSigned as number, { skipChainValidation: true }), ctx)
    expect(r).toMatchObject({ status: 'passing' })
    expect(r.details).toMatchObject({ chainTrusted: false, response: { chainTrustReason: 'DEPTH_ZERO_SELF_SIGNED_CERT' } })
  })

  it('does not trust the test CA unless told to (the system roots only)', async () => {
    const r = await sslRunner().run(spec(ports.valid as number), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'TLS' })
    expect(r.details).toMatchObject({ chainTrusted: false })
  })

  it('reads a stapled OCSP answer', async () => {
    const r = await trusting().run(spec(ports.ocspGood as number), ctx)
    expect(r).toMatchObject({ status: 'passing' })
    expect(r.details.response).toMatchObject({ ocspStapled: true, ocspStatus: 'good' })
  })

  it('fails a baseline rule with severity fail and degrades with degrade', async () => {
    const fail = await trusting().run(spec(ports.valid as number, { securityBaseline: { minKeySizeBits: { value: 4096 } } }), ctx)
    expect(fail).toMatchObject({ status: 'failing', errorKind: 'TLS' })
    expect(fail.errorMessage).toContain('minKeySizeBits')
    const degrade = await trusting().run(spec(ports.valid as number, { securityBaseline: { sctPresent: { severity: 'degrade' } } }), ctx)
    expect(degrade).toMatchObject({ status: 'degraded' })
    expect(degrade.details).toMatchObject({ baselineVerdict: 'degrade', baselineGrade: 'B' })
  })

  it('reports a refused connection as a network error', async () => {
    const closed = tls.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const r = await trusting().run(spec(port), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'NETWORK', networkError: true })
  })
})
