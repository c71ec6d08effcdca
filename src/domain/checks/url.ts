/** URL monitor: GET only, status-code assertions. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { FREQUENCIES } from './enums.js'
import { IntEnum, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHttpUrl } from './url-rules.js'

const UrlRequest = Type.Object({
  method: Type.Optional(StringEnum(['GET'] as const, { default: 'GET' })),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  followRedirects: Type.Optional(Type.Boolean({ default: true })),
  skipSSL: Type.Optional(Type.Boolean({ default: false })),
  ipFamily: Type.Optional(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' })),
  assertions: Type.Optional(Type.Array(assertionSchema(['STATUS_CODE'], ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN']), { maxItems: 100 })),
})

export const urlCheck = {
  checkType: 'URL',
  segment: 'url',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: UrlRequest,
      normalize: (v) => {
        const r = v as Doc
        return {
          method: 'GET',
          url: r.url,
          followRedirects: r.followRedirects ?? true,
          skipSSL: r.skipSSL ?? false,
          ipFamily: r.ipFamily ?? 'IPv4',
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    ...responseTimeFields(3000, 5000, 30000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    validateHttpUrl(request.url, 'request.url', errors)
    validateAssertions(request.assertions, 'request.assertions', errors)
  },
} satisfies CheckTypeDef
