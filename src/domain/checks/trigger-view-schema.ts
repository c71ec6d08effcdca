/** The response view of a CI/CD trigger of a check or a check group. */
import { Type, type Static } from 'typebox'
import { Nullable } from './shared-schemas.js'

export const TriggerView = Type.Object(
  {
    id: Type.Integer(),
    token: Type.String(),
    url: Type.String({ description: 'Calling this URL (GET or POST, no API key) runs the check or group.' }),
    checkId: Type.Optional(Type.String({ description: 'The check, for a check trigger.' })),
    groupId: Type.Optional(Type.Integer({ description: 'The check group, for a group trigger.' })),
    created_at: Type.String({ format: 'date', description: 'The day it was created (UTC), as the reference gives it.' }),
    called_at: Nullable(Type.String({ format: 'date', description: 'The day it was last called (UTC); null before the first call.' })),
    updated_at: Nullable(Type.String({ format: 'date' })),
  },
  { additionalProperties: true, description: 'A trigger: the check or group it runs (checkId or groupId) and its URL.' },
)
export type TriggerView = Static<typeof TriggerView>
