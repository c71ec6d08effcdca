/**
 * SSL, traceroute and agentic checks as code: Picket's constructs serialise to create bodies the API's own schema
 * and rules accept; the hosted service's constructs of the same names (`checkly/constructs`) translate that
 * service's props (the SSL request's flat host fields, its handshake timeout and certificate property names, the
 * traceroute's TCP default, the agentic check's 30-minute default) and refuse by field what Picket cannot honour.
 */
import { describe, expect, it } from 'vitest'
import type { TSchema } from 'typebox'
import { createCompiledSchemas } from '../../src/api/compiled-schemas.js'
import { buildCheckDoc } from '../../src/domain/checks/build-doc.js'
import { bodySchema } from '../../src/domain/checks/check-type.js'
import { checkTypeBySegment } from '../../src/domain/checks/registry.js'
import { AgenticCheck, SslMonitor, TracerouteMonitor, type Check } from '../../src/constructs/index.js'
import {
  AgenticCheck as VendorAgenticCheck,
  Frequency,
  SslAssertionBuilder,
  SslMonitor as VendorSslMonitor,
  TlsVersion,
  TracerouteAssertionBuilder,
  TracerouteMonitor as VendorTracerouteMonitor,
} from '../../src/constructs/compat/constructs.js'

type Json = Record<string, unknown>
const a = <S extends string, C extends string>(source: S, comparison: C, target = '', property = '') => ({ source, comparison, property, target, regex: null })

const compile = createCompiledSchemas().validatorCompiler
/** The API's verdict on a create body: its schema's errors, then its type's rules (null: accepted). */
function apiProblems(segment: string, body: Json): unknown {
  const def = checkTypeBySegment.get(segment)!
  const check = compile({ schema: bodySchema(def, 'create') as TSchema, httpPart: 'body', method: 'POST', url: '/' }) as ((data: unknown) => boolean) & { errors?: unknown }
  if (!check(body)) return check.errors
  try {
    buildCheckDoc({ def, id: '00000000-0000-4000-8000-000000000001', body })
    return null
  } catch (err) {
    return err
  }
}

const SSL_REQUEST = { sslConfig: { hostname: 'shop.example.com', alertDaysBeforeExpiry: 30 } }
const cases: Array<[string, () => Check, string, Json]> = [
  ['SslMonitor', () => new SslMonitor('cert', { name: 'Cert', request: SSL_REQUEST }), 'ssl', { name: 'Cert', request: SSL_REQUEST }],
  [
    'SslMonitor with assertions and thresholds',
    () =>
      new SslMonitor('cert', {
        name: 'Cert',
        degradedResponseTime: 2000,
        request: { ...SSL_REQUEST, assertions: [a('CERTIFICATE', 'GREATER_THAN', '14', 'daysUntilExpiry')] },
      }),
    'ssl',
    { name: 'Cert', degradedResponseTime: 2000, request: { ...SSL_REQUEST, assertions: [a('CERTIFICATE', 'GREATER_THAN', '14', 'daysUntilExpiry')] } },
  ],
  [
    'TracerouteMonitor',
    () => new TracerouteMonitor('route', { name: 'Route', request: { url: 'shop.example.com', protocol: 'TCP', port: 443 } }),
    'traceroute',
    { name: 'Route', request: { url: 'shop.example.com', protocol: 'TCP', port: 443 } },
  ],
  [
    'AgenticCheck',
    () => new AgenticCheck('agent', { name: 'Agent', prompt: 'Open the shop and add a book to the cart', startUrl: 'https://shop.example.com' }),
    'agentic',
    { name: 'Agent', prompt: 'Open the shop and add a book to the cart', startUrl: 'https://shop.example.com' },
  ],
]

describe("Picket's SslMonitor, TracerouteMonitor and AgenticCheck", () => {
  it.each(cases)('%s serialises to its create body, which the API accepts', (_name, make, segment, payload) => {
    const resource = make().toResource()
    expect(resource).toMatchObject({ kind: 'check', checkType: segment })
    expect(resource.payload).toEqual(payload)
    expect(apiProblems(segment, resource.payload)).toBeNull()
  })

  it.each([
    ['ssl', { name: 'x', request: { sslConfig: { hostname: 'bad host' } } }],
    ['traceroute', { name: 'x', request: { url: 'shop.example.com', protocol: 'SCTP' } }],
    ['agentic', { name: 'x', prompt: 'p', startUrl: 'ftp://x' }],
  ])('the verdict these tests ask for does refuse a bad %s body', (segment, body) => {
    expect(apiProblems(segment, body)).not.toBeNull()
  })

  it.each([
    ['SslMonitor', () => new SslMonitor('c', { name: 'C', request: SSL_REQUEST }), 0],
    ['TracerouteMonitor', () => new TracerouteMonitor('t', { name: 'T', request: { url: 'shop.example.com' } }), 0],
    ['AgenticCheck', () => new AgenticCheck('a', { name: 'A', prompt: 'p' }), undefined],
  ])('%s takes the config defaults it can (frequency 0: %s)', (_name, make, frequency) => {
    const payload = make().toResource({ defaults: { frequency: 0, runtimeId: '2025.04', tags: ['shop'] } }).payload
    expect(payload.frequency).toBe(frequency)
    expect(payload.tags).toEqual(['shop'])
    expect(payload.runtimeId).toBe(make() instanceof AgenticCheck ? undefined : '2025.04')
  })
})

describe('SSL and traceroute assertion builders of checkly/constructs', () => {
  it.each([
    ['certificate daysUntilExpiry', SslAssertionBuilder.certificate('daysUntilExpiry').greaterThan(30), a('CERTIFICATE', 'GREATER_THAN', '30', 'daysUntilExpiry')],
    ['connection tlsVersion', SslAssertionBuilder.connection('tlsVersion').equals(TlsVersion.TLS1_3), a('CONNECTION', 'EQUALS', 'TLS1.3', 'tlsVersion')],
    ['connection chainTrusted', SslAssertionBuilder.connection('chainTrusted').equals(true), a('CONNECTION', 'EQUALS', 'true', 'chainTrusted')],
    ['ssl responseTime', SslAssertionBuilder.responseTime().lessThan(1000), a('RESPONSE_TIME', 'LESS_THAN', '1000')],
    ['ssl jsonResponse', SslAssertionBuilder.jsonResponse('$.status').equals('ok'), a('JSON_RESPONSE', 'EQUALS', 'ok', '$.status')],
    ['ssl textResponse (regex in property)', SslAssertionBuilder.textResponse('CN=(\\w+)').contains('shop'), a('TEXT_RESPONSE', 'CONTAINS', 'shop', 'CN=(\\w+)')],
    ['traceroute responseTime (avg)', TracerouteAssertionBuilder.responseTime().lessThan(100), a('RESPONSE_TIME', 'LESS_THAN', '100', 'avg')],
    ['traceroute responseTime max', TracerouteAssertionBuilder.responseTime('max').lessThan(200), a('RESPONSE_TIME', 'LESS_THAN', '200', 'max')],
    ['traceroute hopCount', TracerouteAssertionBuilder.hopCount().lessThan(20), a('HOP_COUNT', 'LESS_THAN', '20')],
    ['traceroute packetLoss', TracerouteAssertionBuilder.packetLoss().lessThan(10), a('PACKET_LOSS', 'LESS_THAN', '10')],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected)
  })
})

const VENDOR_SSL = { hostname: 'shop.example.com', port: 8443, ipFamily: 'IPv6' as const }
describe('SslMonitor of checkly/constructs', () => {
  it.each([
    ['the host fields into sslConfig', { ...VENDOR_SSL }, { sslConfig: { hostname: 'shop.example.com', port: 8443, ipFamily: 'IPv6' } }],
    [
      'handshakeTimeout as handshakeTimeoutMs and the certificate id beside sslConfig',
      {
        hostname: 'shop.example.com',
        sslConfig: {
          handshakeTimeout: 5000,
          serverName: 'www.shop.example.com',
          clientCertificateMode: 'explicit' as const,
          sslClientCertificateId: '6f0e1a4c-0000-4000-8000-000000000001',
          securityBaseline: { minTLSVersion: { value: 'TLS1.3' as const, severity: 'degrade' as const } },
        },
      },
      {
        sslConfig: {
          hostname: 'shop.example.com',
          handshakeTimeoutMs: 5000,
          serverName: 'www.shop.example.com',
          clientCertificateMode: 'explicit',
          securityBaseline: { minTLSVersion: { value: 'TLS1.3', severity: 'degrade' } },
        },
        sslClientCertificateId: '6f0e1a4c-0000-4000-8000-000000000001',
      },
    ],
    [
      "certificate properties under Picket's names",
      {
        hostname: 'shop.example.com',
        assertions: [
          SslAssertionBuilder.certificate('subjectCN').equals('shop.example.com'),
          SslAssertionBuilder.certificate('sans').contains('www.shop.example.com'),
          SslAssertionBuilder.certificate('issuerCN').contains("Let's Encrypt"),
          SslAssertionBuilder.connection('hostnameVerified').equals(true),
          SslAssertionBuilder.connection('tlsVersion').equals(TlsVersion.TLS1_3),
        ],
      },
      {
        sslConfig: { hostname: 'shop.example.com' },
        assertions: [
          a('CERTIFICATE', 'EQUALS', 'shop.example.com', 'commonName'),
          a('CERTIFICATE', 'CONTAINS', 'www.shop.example.com', 'subjectAltNames'),
          a('CERTIFICATE', 'CONTAINS', "Let's Encrypt", 'issuer'),
          a('CONNECTION', 'EQUALS', 'true', 'hostnameVerified'),
          a('CONNECTION', 'EQUALS', 'TLS1.3', 'tlsVersion'),
        ],
      },
    ],
  ])('takes %s', (_name, request, expected) => {
    const payload = new VendorSslMonitor('cert', { name: 'Cert', frequency: Frequency.EVERY_1H, request }).toResource().payload
    expect(payload).toEqual({ name: 'Cert', frequency: 60, request: expected })
    expect(apiProblems('ssl', payload)).toBeNull()
  })

  it.each([
    [
      'selfSigned',
      SslAssertionBuilder.certificate('selfSigned').equals(false),
      'request.assertions[0].property: "selfSigned": Picket does not report whether a certificate is self-signed',
    ],
    ['isCA', SslAssertionBuilder.certificate('isCA').equals(false), 'request.assertions[0].property: "isCA"'],
    [
      'fingerprintSha256',
      SslAssertionBuilder.certificate('fingerprintSha256').equals('ab'),
      'request.assertions[0].property: "fingerprintSha256": Picket reports the fingerprint as CERTIFICATE fingerprint256',
    ],
    ['issuerCN equals', SslAssertionBuilder.certificate('issuerCN').equals('R3'), 'request.assertions[0].comparison: "issuerCN" takes CONTAINS or NOT_CONTAINS here'],
  ])('refuses %s, naming the field', (_name, assertion, message) => {
    expect(() => new VendorSslMonitor('cert', { name: 'Cert', request: { hostname: 'shop.example.com', assertions: [assertion] } })).toThrow(`SslMonitor "cert": ${message}`)
  })
})

describe('TracerouteMonitor of checkly/constructs', () => {
  it.each([
    ['no protocol: TCP to 443, as the hosted service', {}, { protocol: 'TCP', port: 443 }],
    ['UDP without a port: 33434', { protocol: 'UDP' as const }, { protocol: 'UDP', port: 33434 }],
    ['ICMP: no port', { protocol: 'ICMP' as const }, { protocol: 'ICMP' }],
    ['a port of its own', { protocol: 'TCP' as const, port: 8443 }, { protocol: 'TCP', port: 8443 }],
  ])('%s', (_name, fields, expected) => {
    const assertions = [TracerouteAssertionBuilder.hopCount().lessThan(20)]
    const payload = new VendorTracerouteMonitor('route', { name: 'Route', request: { url: 'shop.example.com', ...fields, assertions } }).toResource().payload
    expect(payload).toEqual({ name: 'Route', request: { url: 'shop.example.com', ...expected, assertions: [a('HOP_COUNT', 'LESS_THAN', '20')] } })
    expect(apiProblems('traceroute', payload)).toBeNull()
  })
})

describe('AgenticCheck of checkly/constructs', () => {
  it.each([
    ['no frequency: every 30 minutes', {}, undefined, { frequency: 30 }],
    ['the config frequency over that default', {}, 5, { frequency: 5 }],
    ['its own Frequency', { frequency: Frequency.EVERY_5M }, undefined, { frequency: 5 }],
    ['an empty agentRuntime (what the hosted CLI sends)', { agentRuntime: { skills: [] } }, undefined, { frequency: 30 }],
    ["the account's escalation", { alertEscalationPolicy: 'global' as const }, undefined, { frequency: 30, useGlobalAlertSettings: true }],
  ])('takes %s', (_name, props, configFrequency, expected) => {
    const check = new VendorAgenticCheck('agent', { name: 'Agent', prompt: 'Check that the shop lists books', ...props })
    const payload = check.toResource(configFrequency === undefined ? {} : { defaults: { frequency: configFrequency as 5 } }).payload
    expect(payload).toEqual({ name: 'Agent', prompt: 'Check that the shop lists books', ...expected })
    expect(apiProblems('agentic', payload)).toBeNull()
  })

  it('refuses skills, naming the field', () => {
    expect(() => new VendorAgenticCheck('agent', { name: 'Agent', prompt: 'p', agentRuntime: { skills: ['addyosmani/web-quality-skills'] } })).toThrow(
      `AgenticCheck "agent": agentRuntime.skills: Picket's agent cannot load skills (["addyosmani/web-quality-skills"])`,
    )
  })
})
