/** ICMP monitor: pings a host and judges packet loss and latency. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields, scriptFields, scriptPhaseFields } from './common-fields.js'
import { FREQUENCIES } from './enums.js'
import { IntEnum, Nullable, StringEnum, assertionSchema } from './shared-schemas.js'
import { normalizeAssertion, validateAssertions } from './assertion-rules.js'
import { validateHostname } from './url-rules.js'

const ICMP_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'NOT_CONTAINS', 'IS_NULL', 'NOT_NULL'] as const

const IcmpRequest = Type.Object({
  hostname: Type.String({ minLength: 1, maxLength: 2048 }),
  ipFamily: Type.Optional(Nullable(StringEnum(['IPv4', 'IPv6'] as const, { default: 'IPv4' }))),
  pingCount: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 50, default: 10 }))),
  assertions: Type.Optional(Type.Array(assertionSchema(['LATENCY', 'JSON_RESPONSE'], ICMP_COMPARISONS), { maxItems: 100 })),
})

const PacketLoss = (fallback: number) => Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100, default: fallback }))

export const icmpCheck = {
  checkType: 'ICMP',
  segment: 'icmp',
  frequencies: FREQUENCIES,
  required: [...(['name', 'request', 'heartbeat', 'script'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES, { default: 10 })),
    request: {
      schema: IcmpRequest,
      normalize: (v) => {
        const r = v as Doc
        return {
          hostname: r.hostname,
          ipFamily: r.ipFamily ?? 'IPv4',
          pingCount: r.pingCount ?? 10,
          assertions: ((r.assertions as Doc[] | undefined) ?? []).map(normalizeAssertion),
        }
      },
    },
    // An object; null leaves it {}.
    heartbeat: { schema: Nullable(Type.Object({})), default: () => ({}), keepOnNull: true },
    ...scriptFields,
    script: { schema: Type.String({ maxLength: 512 * 1024 }) },
    ...scriptPhaseFields,
    ...responseTimeFields(10000, 20000, 300000),
    degradedPacketLossThreshold: { schema: PacketLoss(10), default: () => 10 },
    maxPacketLossThreshold: { schema: PacketLoss(20), default: () => 20 },
  },
  validate(doc, errors) {
    const request = doc.request as Doc
    validateHostname(request.hostname, 'request.hostname', errors)
    validateAssertions(request.assertions, 'request.assertions', errors)
    const degraded = doc.degradedPacketLossThreshold
    const max = doc.maxPacketLossThreshold
    if (typeof degraded === 'number' && typeof max === 'number' && max < degraded) {
      errors.add('maxPacketLossThreshold', `must be at least degradedPacketLossThreshold (${degraded})`)
    }
  },
} satisfies CheckTypeDef
