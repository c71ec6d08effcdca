/** API check: one HTTP request with setup and teardown scripts and assertions on the response. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, httpRequestParts, responseTimeFields, scriptPhaseFields } from './common-fields.js'
import { COMPARISONS, FREQUENCIES } from './enums.js'
import { IntEnum, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHttpUrl } from './url-rules.js'

export const API_METHODS = ['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'PATCH', 'OPTIONS'] as const
export const BODY_TYPES = ['NONE', 'JSON', 'FORM', 'RAW', 'GRAPHQL'] as const
export const API_SOURCES = ['STATUS_CODE', 'JSON_BODY', 'HEADERS', 'TEXT_BODY', 'RESPONSE_TIME', 'LATENCY'] as const

const ApiRequest = Type.Object({
  method: Type.Optional(StringEnum(API_METHODS, { default: 'GET' })),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  followRedirects: Type.Optional(Type.Boolean({ default: true })),
  skipSSL: Type.Optional(Type.Boolean({ default: false })),
  ipFamily: Type.Optional(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' })),
  body: Type.Optional(Type.Union([Type.String({ maxLength: 1024 * 1024 }), Type.Null()])),
  bodyType: Type.Optional(StringEnum(BODY_TYPES, { default: 'NONE' })),
  headers: Type.Optional(httpRequestParts.headers),
  queryParameters: Type.Optional(httpRequestParts.queryParameters),
  assertions: Type.Optional(Type.Array(assertionSchema(API_SOURCES, COMPARISONS), { maxItems: 100 })),
  basicAuth: Type.Optional(httpRequestParts.basicAuth),
})

export const normalizeApiRequest = (value: unknown): Doc => {
  const r = value as Doc
  return {
    method: r.method ?? 'GET',
    url: r.url,
    followRedirects: r.followRedirects ?? true,
    skipSSL: r.skipSSL ?? false,
    ipFamily: r.ipFamily ?? 'IPv4',
    body: r.body ?? '',
    bodyType: r.bodyType ?? 'NONE',
    headers: (r.headers as Doc[] | undefined)?.map((h) => ({ ...h, locked: h.locked ?? false })) ?? [],
    queryParameters: (r.queryParameters as Doc[] | undefined)?.map((h) => ({ ...h, locked: h.locked ?? false })) ?? [],
    assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
    basicAuth: r.basicAuth ?? null,
  }
}

export const apiCheck = {
  checkType: 'API',
  segment: 'api',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: { schema: ApiRequest, normalize: normalizeApiRequest },
    ...responseTimeFields(5000, 20000, 30000),
    ...scriptPhaseFields,
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    validateHttpUrl(request.url, 'request.url', errors)
    validateAssertions(request.assertions, 'request.assertions', errors)
  },
} satisfies CheckTypeDef
