/** The response view of a heartbeat ping: whether the ping was recorded, and as what. */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'
import { EVENT_STATES } from './timer.js'

export const PingView = Type.Object(
  {
    ok: Type.Boolean(),
    recorded: Type.Boolean({ description: 'false for a deactivated check and for link-preview bots.' }),
    reason: Type.Optional(Type.String({ description: 'Why the ping was not recorded.' })),
    state: Type.Optional(StringEnum(EVENT_STATES, { description: 'How the recorded ping stood against its deadline.' })),
    eventId: Type.Optional(Type.String({ description: 'The heartbeat event the ping recorded.' })),
  },
  { additionalProperties: true },
)
export type PingView = Static<typeof PingView>
