/** SSL monitors: a host name and port whose TLS handshake, certificate and security baseline are judged, with assertions. */
import type { Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'
import { changed, keepsAbsentFields, missingRequest, monitorBodies, monitorDefaults, monitorFrequencies, nameNotText } from './monitor-rows.js'

const bodies = monitorBodies('SSL monitor', { sslConfig: { hostname: 'shop.example.com' } })
const { minimal, withRequest, withAssertion } = bodies
const withConfig = (config: Json, extra: Json = {}): Json => withRequest({ sslConfig: { hostname: 'shop.example.com', ...config } }, extra)

const BASELINE = {
  enabled: true,
  minTLSVersion: { value: 'TLS1.2', severity: 'fail' },
  minKeySizeBits: { value: 2048, severity: 'fail' },
  weakSignatureAlgorithm: { severity: 'fail' },
  weakCipherSuite: { severity: 'fail' },
  knownBadCA: { severity: 'fail' },
  recommendedTLSVersion: { value: 'TLS1.3', severity: 'ignore' },
  recommendedKeySizeBits: { value: 3072, severity: 'ignore' },
  ocspMustStapleRespected: { severity: 'ignore' },
  sctPresent: { severity: 'ignore' },
}
const CONFIG = {
  hostname: 'shop.example.com',
  port: 443,
  serverName: null,
  ipFamily: 'IPv4',
  skipChainValidation: false,
  handshakeTimeoutMs: 10000,
  alertDaysBeforeExpiry: 20,
  securityBaseline: BASELINE,
  clientCertificateMode: 'auto',
}
const DEFAULT_REQUEST = { sslConfig: CONFIG, sslClientCertificateId: null, assertions: [] }

export const ssl: CheckTypeCase = {
  label: 'SSL monitors',
  segment: 'ssl',
  checkType: 'SSL',
  minimal: minimal(),
  defaults: monitorDefaults('SSL monitor', { degraded: 3000, max: 10000 }, DEFAULT_REQUEST),
  frequencies: monitorFrequencies(),
  accepts: [
    [
      'stores a port, a server name, the chain rule, the expiry window, a baseline and assertions',
      withConfig(
        {
          port: 8443,
          serverName: 'www.example.com',
          ipFamily: 'IPv6',
          skipChainValidation: true,
          handshakeTimeoutMs: 5000,
          alertDaysBeforeExpiry: 30,
          securityBaseline: { minTLSVersion: { value: 'TLS1.3' }, sctPresent: { severity: 'degrade' } },
        },
        { degradedResponseTime: 1000, maxResponseTime: 2000 },
      ),
      {
        matches: { checkType: 'SSL', degradedResponseTime: 1000, maxResponseTime: 2000 },
        equals: {
          'request.sslConfig': {
            ...CONFIG,
            port: 8443,
            serverName: 'www.example.com',
            ipFamily: 'IPv6',
            skipChainValidation: true,
            handshakeTimeoutMs: 5000,
            alertDaysBeforeExpiry: 30,
            securityBaseline: { ...BASELINE, minTLSVersion: { value: 'TLS1.3', severity: 'fail' }, sctPresent: { severity: 'degrade' } },
          },
        },
      },
    ],
    ['an empty server name is none', withConfig({ serverName: '' }), { equals: { 'request.sslConfig.serverName': null } }],
    ...['127.0.0.1', '::1', 'localhost', '{{SSL_HOST}}'].map((hostname): Accept => [
      `accepts the host ${hostname}`,
      withConfig({ hostname }),
      { equals: { 'request.sslConfig.hostname': hostname } },
    ]),
    [
      'a CERTIFICATE assertion on the days until expiry',
      withAssertion({ source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: 30 }),
      { equals: { 'request.assertions': [{ source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: '30', regex: null }] } },
    ],
    [
      'a CONNECTION assertion on the TLS version',
      withAssertion({ source: 'CONNECTION', comparison: 'EQUALS', property: 'tlsVersion', target: 'TLSv1.3' }),
      { equals: { 'request.assertions.0.property': 'tlsVersion' } },
    ],
    ...['RESPONSE_TIME', 'JSON_RESPONSE', 'TEXT_RESPONSE'].map((source): Accept => [
      `accepts a ${source} assertion`,
      withAssertion({ source, comparison: 'LESS_THAN', target: '500' }),
      { equals: { 'request.assertions.0.source': source } },
    ]),
  ],
  rejects: [
    missingRequest,
    ['a missing sslConfig', { name: 'x', request: {} }, 'request.sslConfig'],
    ['a missing hostname', { name: 'x', request: { sslConfig: { port: 443 } } }, 'request.sslConfig.hostname'],
    ['port 0', withConfig({ port: 0 }), 'request.sslConfig.port'],
    ['port 65536', withConfig({ port: 65536 }), 'request.sslConfig.port'],
    ['a handshake timeout of 500 ms', withConfig({ handshakeTimeoutMs: 500 }), 'request.sslConfig.handshakeTimeoutMs'],
    ['an expiry window of 366 days', withConfig({ alertDaysBeforeExpiry: 366 }), 'request.sslConfig.alertDaysBeforeExpiry'],
    ['a baseline TLS version of TLS1.0', withConfig({ securityBaseline: { minTLSVersion: { value: 'TLS1.0' } } }), 'request.sslConfig.securityBaseline.minTLSVersion.value'],
    ['a baseline severity "warn"', withConfig({ securityBaseline: { weakCipherSuite: { severity: 'warn' } } }), 'request.sslConfig.securityBaseline.weakCipherSuite.severity'],
    ['a client certificate id that is no UUID', withRequest({ sslClientCertificateId: 'abc' }), 'request.sslClientCertificateId'],
    ['assertion source STATUS_CODE', withAssertion({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }), 'request.assertions[0].source', 'must be one of'],
    [
      'a CERTIFICATE assertion on an unknown property',
      withAssertion({ source: 'CERTIFICATE', comparison: 'EQUALS', property: 'colour', target: 'blue' }),
      'request.assertions[0].property',
      'must be one of daysUntilExpiry',
    ],
    nameNotText(bodies),
  ],
  updates: [
    keepsAbsentFields(
      bodies,
      { sslConfig: { hostname: 'other.example.com', port: 8443 } },
      { ...DEFAULT_REQUEST, sslConfig: { ...CONFIG, hostname: 'other.example.com', port: 8443 } },
    ),
  ],
  updateRejects: [
    ['port 65536', changed({ request: { sslConfig: { hostname: 'shop.example.com', port: 65536 } } }), 'request.sslConfig.port'],
    ['a hostname with a scheme', changed({ request: { sslConfig: { hostname: 'https://shop.example.com' } } }), 'request.sslConfig.hostname'],
  ],
  roundTrip: minimal({
    request: {
      sslConfig: { hostname: 'shop.example.com', alertDaysBeforeExpiry: 14 },
      assertions: [{ source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: '14' }],
    },
    tags: ['t'],
  }),
  read: withConfig({ port: 8443, serverName: 'www.example.com' }),
  otherSegments: ['tcp', 'grpc'],
}
