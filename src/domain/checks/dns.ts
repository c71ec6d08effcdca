/** DNS monitor: one query of a record type to a name server, with assertions on the answer. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { COMPARISONS, FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'] as const

const DnsRequest = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 100 }),
  recordType: StringEnum(DNS_RECORD_TYPES),
  nameServer: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535, default: 53 }))),
  protocol: Type.Optional(StringEnum(['UDP', 'TCP'] as const, { default: 'UDP' })),
  assertions: Type.Optional(Type.Array(assertionSchema(['RESPONSE_TIME', 'RESPONSE_CODE', 'TEXT_ANSWER', 'JSON_ANSWER'], COMPARISONS), { maxItems: 100 })),
})

export const dnsCheck = {
  checkType: 'DNS',
  segment: 'dns',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: DnsRequest,
      normalize: (v) => {
        const r = v as Doc
        // No name server (null or empty) means the system resolver, and is left out: the reference's request has
        // nameServer only as text, so a response never carries a null one.
        const nameServer = typeof r.nameServer === 'string' && r.nameServer !== '' ? { nameServer: r.nameServer } : {}
        return {
          query: r.query,
          recordType: r.recordType,
          ...nameServer,
          port: r.port ?? 53,
          protocol: r.protocol ?? 'UDP',
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    ...responseTimeFields(500, 1000, 5000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    const ns = request.nameServer
    if (typeof ns === 'string' && ns !== '' && /[/\s]|:\/\//.test(ns)) {
      errors.add('request.nameServer', 'must be a host name or IP address, optionally with :port')
    }
    validateAssertions(request.assertions, 'request.assertions', errors)
  },
} satisfies CheckTypeDef
