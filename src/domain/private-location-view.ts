/** The response view of a private location (its request schemas are in private-locations.ts). */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from './checks/shared-schemas.js'

export const PrivateLocationKeyView = Type.Object(
  {
    id: Type.String(),
    rawKey: Type.String({ description: 'The whole key in the response that created it; afterwards its masked form (as maskedKey).' }),
    maskedKey: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'An agent key; rawKey is the whole secret only in the response that created it, masked in every other one.' },
)
export type PrivateLocationKeyView = Static<typeof PrivateLocationKeyView>

export const PRIVATE_LOCATION_AVAILABILITIES = ['NEVER_CONNECTED', 'AVAILABLE', 'UNAVAILABLE'] as const

export const PrivateLocationView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    slugName: Type.String(),
    icon: Type.String(),
    proxyUrl: Nullable(Type.String()),
    keys: Type.Array(PrivateLocationKeyView),
    checkAssignments: Type.Integer({ description: 'How many checks name the location.' }),
    groupAssignments: Type.Integer({ description: 'How many check groups name the location.' }),
    lastSeen: Nullable(Type.String({ format: 'date-time', description: 'When an agent last asked for work; null when none has.' })),
    agentCount: Type.Integer({ description: 'Agents connected: seen within the last minute and not stopped since.' }),
    availability: StringEnum(PRIVATE_LOCATION_AVAILABILITIES, {
      description: 'NEVER_CONNECTED until a first agent; UNAVAILABLE after a while without one (nothing is scheduled there).',
    }),
    availabilityChangedAt: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: true },
)
export type PrivateLocationView = Static<typeof PrivateLocationView>
