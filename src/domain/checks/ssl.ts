/**
 * SSL monitor: a TLS handshake with hostname:port that judges the certificate (expiry, chain, host name), the
 * negotiated protocol and cipher, and a security baseline whose rules each fail, degrade or are ignored.
 */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { COMPARISONS, FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHostname } from './url-rules.js'
import { UUID_PATTERN } from '../../lib/ids.js'

export const SSL_ASSERTION_SOURCES = ['CERTIFICATE', 'CONNECTION', 'RESPONSE_TIME', 'JSON_RESPONSE', 'TEXT_RESPONSE'] as const
/** What CERTIFICATE and CONNECTION assertions may name (the certificate's and the handshake's fields). */
export const SSL_CERTIFICATE_PROPERTIES = [
  'daysUntilExpiry',
  'subject',
  'issuer',
  'commonName',
  'subjectAltNames',
  'keySizeBits',
  'keyType',
  'signatureAlgorithm',
  'serialNumber',
  'fingerprint256',
  'validFrom',
  'validTo',
] as const
export const SSL_CONNECTION_PROPERTIES = ['tlsVersion', 'cipherSuite', 'chainTrusted', 'hostnameVerified', 'ocspStapled', 'ocspStatus', 'resolvedIp', 'handshakeTimeMs'] as const

const SEVERITIES = ['fail', 'degrade', 'ignore'] as const
export type BaselineSeverity = (typeof SEVERITIES)[number]
const TLS_VERSIONS = ['TLS1.2', 'TLS1.3'] as const
const Severity = (fallback: BaselineSeverity) => Type.Optional(StringEnum(SEVERITIES, { default: fallback }))
const closed = { additionalProperties: false }
const rule = (fallback: BaselineSeverity) => Type.Optional(Type.Object({ severity: Severity(fallback) }, closed))
const versionRule = (value: string, fallback: BaselineSeverity) =>
  Type.Optional(Type.Object({ value: Type.Optional(StringEnum(TLS_VERSIONS, { default: value })), severity: Severity(fallback) }, closed))
const keyRule = (value: number, fallback: BaselineSeverity) =>
  Type.Optional(Type.Object({ value: Type.Optional(Type.Integer({ minimum: 1024, maximum: 16384, default: value })), severity: Severity(fallback) }, closed))

const SecurityBaseline = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ default: true })),
    minTLSVersion: versionRule('TLS1.2', 'fail'),
    minKeySizeBits: keyRule(2048, 'fail'),
    weakSignatureAlgorithm: rule('fail'),
    weakCipherSuite: rule('fail'),
    knownBadCA: rule('fail'),
    recommendedTLSVersion: versionRule('TLS1.3', 'ignore'),
    recommendedKeySizeBits: keyRule(3072, 'ignore'),
    ocspMustStapleRespected: rule('ignore'),
    sctPresent: rule('ignore'),
  },
  closed,
)

const NoControl = '^[^\\x00-\\x1f\\x7f]*$'
const SslConfig = Type.Object({
  hostname: Type.String({ minLength: 1, maxLength: 2048, pattern: NoControl }),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, default: 443 })),
  serverName: Type.Optional(Nullable(Type.String({ maxLength: 2048, pattern: NoControl }))),
  ipFamily: Type.Optional(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' })),
  skipChainValidation: Type.Optional(Type.Boolean({ default: false })),
  handshakeTimeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 30000, default: 10000 })),
  alertDaysBeforeExpiry: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 20 })),
  securityBaseline: Type.Optional(SecurityBaseline),
  clientCertificateMode: Type.Optional(StringEnum(['auto', 'explicit'] as const)),
})

const SslRequest = Type.Object({
  sslConfig: SslConfig,
  sslClientCertificateId: Type.Optional(Nullable(Type.String({ pattern: UUID_PATTERN }))),
  assertions: Type.Optional(Type.Array(assertionSchema(SSL_ASSERTION_SOURCES, COMPARISONS), { maxItems: 100 })),
})

/** The baseline rules as stored: every rule with its severity (and value), defaults filled. */
export function normalizeBaseline(raw: unknown): Doc {
  const b = (raw ?? {}) as Record<string, Doc | boolean | undefined>
  const sev = (name: string, fallback: BaselineSeverity) => ({ severity: ((b[name] as Doc | undefined)?.severity as string | undefined) ?? fallback })
  const val = (name: string, fallback: string | number) => ((b[name] as Doc | undefined)?.value as string | number | undefined) ?? fallback
  return {
    enabled: b.enabled ?? true,
    minTLSVersion: { value: val('minTLSVersion', 'TLS1.2'), ...sev('minTLSVersion', 'fail') },
    minKeySizeBits: { value: val('minKeySizeBits', 2048), ...sev('minKeySizeBits', 'fail') },
    weakSignatureAlgorithm: sev('weakSignatureAlgorithm', 'fail'),
    weakCipherSuite: sev('weakCipherSuite', 'fail'),
    knownBadCA: sev('knownBadCA', 'fail'),
    recommendedTLSVersion: { value: val('recommendedTLSVersion', 'TLS1.3'), ...sev('recommendedTLSVersion', 'ignore') },
    recommendedKeySizeBits: { value: val('recommendedKeySizeBits', 3072), ...sev('recommendedKeySizeBits', 'ignore') },
    ocspMustStapleRespected: sev('ocspMustStapleRespected', 'ignore'),
    sctPresent: sev('sctPresent', 'ignore'),
  }
}

function normalizeSslRequest(v: unknown): Doc {
  const r = v as Doc
  const c = r.sslConfig as Doc
  return {
    sslConfig: {
      hostname: c.hostname,
      port: c.port ?? 443,
      serverName: c.serverName === '' ? null : (c.serverName ?? null),
      ipFamily: c.ipFamily ?? 'IPv4',
      skipChainValidation: c.skipChainValidation ?? false,
      handshakeTimeoutMs: c.handshakeTimeoutMs ?? 10000,
      alertDaysBeforeExpiry: c.alertDaysBeforeExpiry ?? 20,
      securityBaseline: normalizeBaseline(c.securityBaseline),
      clientCertificateMode: c.clientCertificateMode ?? 'auto',
    },
    sslClientCertificateId: r.sslClientCertificateId ?? null,
    assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
  }
}

const PROPERTY_SOURCES: Record<string, readonly string[]> = { CERTIFICATE: SSL_CERTIFICATE_PROPERTIES, CONNECTION: SSL_CONNECTION_PROPERTIES }

export const sslCheck = {
  checkType: 'SSL',
  segment: 'ssl',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: { schema: SslRequest, normalize: normalizeSslRequest },
    ...responseTimeFields(3000, 10000, 30000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    const config = request.sslConfig as Doc
    validateHostname(config.hostname, 'request.sslConfig.hostname', errors)
    validateAssertions(request.assertions, 'request.assertions', errors)
    const assertions = Array.isArray(request.assertions) ? (request.assertions as Doc[]) : []
    assertions.forEach((a, i) => {
      const allowed = PROPERTY_SOURCES[String(a.source)]
      if (allowed && !allowed.includes(String(a.property))) errors.add(`request.assertions[${i}].property`, `must be one of ${allowed.join(', ')} for source ${String(a.source)}`)
    })
  },
} satisfies CheckTypeDef
