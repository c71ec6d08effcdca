/** TCP monitor: connect to hostname:port, optionally send data, assert on the reply. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHostname } from './url-rules.js'

const TCP_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'LESS_THAN', 'GREATER_THAN', 'CONTAINS', 'NOT_CONTAINS'] as const

const TcpRequest = Type.Object({
  hostname: Type.String({ minLength: 1, maxLength: 2048 }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  data: Type.Optional(Nullable(Type.String({ maxLength: 65536 }))),
  ipFamily: Type.Optional(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' })),
  assertions: Type.Optional(Type.Array(assertionSchema(['RESPONSE_DATA', 'RESPONSE_TIME'], TCP_COMPARISONS), { maxItems: 100 })),
})

export const tcpCheck = {
  checkType: 'TCP',
  segment: 'tcp',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: TcpRequest,
      normalize: (v) => {
        const r = v as Doc
        return {
          hostname: r.hostname,
          port: r.port,
          data: r.data ?? null,
          ipFamily: r.ipFamily ?? 'IPv4',
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    ...responseTimeFields(3000, 5000, 30000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    validateHostname(request.hostname, 'request.hostname', errors)
    validateAssertions(request.assertions, 'request.assertions', errors)
  },
} satisfies CheckTypeDef
