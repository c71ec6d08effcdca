/**
 * Traceroute monitor: the route to a host, hop by hop, with each hop's address, name and round-trip time per
 * probe; the final hop's latency is the response time. Assertions on RESPONSE_TIME, HOP_COUNT and PACKET_LOSS.
 */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields } from './common-fields.js'
import { FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHostname } from './url-rules.js'

export const TRACEROUTE_SOURCES = ['RESPONSE_TIME', 'HOP_COUNT', 'PACKET_LOSS'] as const
export const TRACEROUTE_PROTOCOLS = ['TCP', 'ICMP', 'UDP', 'SCTP'] as const
const NUMERIC_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] as const
/** RESPONSE_TIME reads the final hop's latency: its average unless the property names another figure. */
export const TRACEROUTE_LATENCY_PROPERTIES = ['avg', 'min', 'max', 'stdDev'] as const

const TracerouteRequest = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'The host to trace the route to: a host name, an address, or a URL whose host is taken.' }),
  protocol: Type.Optional(Nullable(StringEnum(TRACEROUTE_PROTOCOLS, { default: 'UDP' }))),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535 }))),
  ipFamily: Type.Optional(Nullable(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' }))),
  maxHops: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 64, default: 30 }))),
  maxUnknownHops: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 30, default: 15 }))),
  ptrLookup: Type.Optional(Nullable(Type.Boolean({ default: true }))),
  timeout: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 30, default: 10, description: 'Seconds the whole trace may take.' }))),
  assertions: Type.Optional(Type.Array(assertionSchema(TRACEROUTE_SOURCES, NUMERIC_COMPARISONS), { maxItems: 100 })),
})

/** The host a traceroute request names: the URL's host, or the text itself when it is no URL. */
export function tracerouteHost(url: string): string {
  const text = url.trim()
  if (!text.includes('://')) return text
  try {
    return new URL(text).hostname.replace(/^\[(.*)\]$/, '$1')
  } catch {
    return ''
  }
}

export const tracerouteCheck = {
  checkType: 'TRACEROUTE',
  segment: 'traceroute',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: TracerouteRequest,
      normalize: (v) => {
        const r = v as Doc
        return {
          url: r.url,
          protocol: r.protocol ?? 'UDP',
          port: r.port ?? null,
          ipFamily: r.ipFamily ?? 'IPv4',
          maxHops: r.maxHops ?? 30,
          maxUnknownHops: r.maxUnknownHops ?? 15,
          ptrLookup: r.ptrLookup ?? true,
          timeout: r.timeout ?? 10,
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    ...responseTimeFields(10000, 20000, 300000),
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    const url = String(request.url)
    if (url.includes('://')) {
      if (tracerouteHost(url) === '') errors.add('request.url', 'must be a host name, an address or a URL with a host')
    } else validateHostname(url.trim(), 'request.url', errors)
    // The system traceroute has no SCTP probes: refused here rather than failing every run.
    if (request.protocol === 'SCTP') errors.add('request.protocol', 'SCTP probes are not available on this service: use TCP, ICMP or UDP')
    validateAssertions(request.assertions, 'request.assertions', errors)
    const assertions = Array.isArray(request.assertions) ? (request.assertions as Doc[]) : []
    assertions.forEach((a, i) => {
      const at = `request.assertions[${i}]`
      const target = String(a.target ?? '')
      if (a.source !== 'RESPONSE_TIME' && (target.trim() === '' || !Number.isFinite(Number(target)))) errors.add(`${at}.target`, `must be a number for source ${String(a.source)}`)
      const property = String(a.property ?? '')
      if (a.source === 'RESPONSE_TIME' && property !== '' && !(TRACEROUTE_LATENCY_PROPERTIES as readonly string[]).includes(property)) {
        errors.add(`${at}.property`, 'must be avg, min, max or stdDev for source RESPONSE_TIME')
      }
    })
  },
} satisfies CheckTypeDef
