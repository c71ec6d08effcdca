/**
 * The contract of API keys and invitation links: the response views of a key, of a key just made (the only time
 * the key itself is shown) and of what an invitation link offers, each a TypeBox schema with its static type.
 */
import { Type, type Static } from 'typebox'
import { StringEnum } from '../checks/shared-schemas.js'
import { GIVEN_ROLES, ROLES } from './roles.js'

export const ApiKeyView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdBy: Type.Union([Type.Object({ id: Type.String(), email: Type.String() }), Type.Null()]),
  role: Type.Union([StringEnum(ROLES), Type.Null()], {
    description: "The role the key acts with now (its user's current role; OWNER for operator keys); null when its user left the account.",
  }),
})
export type ApiKeyView = Static<typeof ApiKeyView>

export const CreatedApiKey = Type.Object({ ...ApiKeyView.properties, apiKey: Type.String({ description: 'The key itself: shown only in this response.' }) })
export type CreatedApiKey = Static<typeof CreatedApiKey>

export const InvitationPreview = Type.Object({
  accountName: Type.String(),
  email: Type.String(),
  role: StringEnum(GIVEN_ROLES),
  inviterEmail: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  userExists: Type.Boolean({ description: 'True when a user with this e-mail exists: accepting then takes their password.' }),
})
export type InvitationPreview = Static<typeof InvitationPreview>
