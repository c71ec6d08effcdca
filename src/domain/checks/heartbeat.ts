/** Heartbeat check: the monitored job pings us. */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import { commonFields, responseTimeFields, scriptFields, scriptPhaseFields } from './common-fields.js'
import { Nullable, StringEnum } from './shared-schemas.js'

export const HEARTBEAT_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const
export type HeartbeatUnit = (typeof HEARTBEAT_UNITS)[number]
const UNIT_SECONDS: Record<HeartbeatUnit, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 }
export const MIN_PERIOD_SECONDS = 30
export const MAX_PERIOD_SECONDS = 365 * 86400
export const PING_TOKEN_PATTERN = '^[A-Za-z0-9_-]{8,128}$'

export const toSeconds = (amount: number, unit: HeartbeatUnit): number => amount * UNIT_SECONDS[unit]

const HeartbeatConfig = Type.Object({
  period: Type.Number({ exclusiveMinimum: 0 }),
  periodUnit: StringEnum(HEARTBEAT_UNITS),
  grace: Type.Number({ minimum: 0 }),
  graceUnit: StringEnum(HEARTBEAT_UNITS),
  pingToken: Type.Optional(Nullable(Type.String({ pattern: PING_TOKEN_PATTERN, errorMessage: 'Use 8 to 128 letters, digits, dashes and underscores' }))),
  pingUrl: Type.Optional(Type.String({ description: 'Response only; ignored on input.' })),
})

export const heartbeatCheck = {
  checkType: 'HEARTBEAT',
  segment: 'heartbeat',
  frequencies: null,
  required: [...(['name', 'heartbeat', 'script'] as const)],
  fields: (() => {
    const { retryStrategy: _ignored, ...common } = commonFields(Type.Integer({ minimum: 0, maximum: 525600, default: 10 }))
    return {
      ...common,
      // Always the empty object (a heartbeat check makes no request): null, like any content, leaves it {}.
      request: { schema: Nullable(Type.Object({})), default: () => ({}), normalize: () => ({}), keepOnNull: true },
      heartbeat: {
        schema: HeartbeatConfig,
        normalize: (v) => {
          const h = v as Doc
          return { period: h.period, periodUnit: h.periodUnit, grace: h.grace, graceUnit: h.graceUnit, pingToken: h.pingToken ?? null }
        },
      },
      ...scriptFields,
      script: { schema: Type.String({ maxLength: 512 * 1024 }) },
      ...scriptPhaseFields,
      ...responseTimeFields(10000, 20000, 300000),
    }
  })(),
  validate(doc, errors) {
    const h = doc.heartbeat as Doc
    const period = toSeconds(Number(h.period), h.periodUnit as HeartbeatUnit)
    const grace = toSeconds(Number(h.grace), h.graceUnit as HeartbeatUnit)
    if (period < MIN_PERIOD_SECONDS || period > MAX_PERIOD_SECONDS) {
      errors.add('heartbeat.period', 'must be from 30 seconds to 365 days')
    }
    if (grace > MAX_PERIOD_SECONDS) errors.add('heartbeat.grace', 'must be at most 365 days')
  },
} satisfies CheckTypeDef
