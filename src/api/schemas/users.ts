/** Schemas of the console's people-and-access routes, for validation and the OpenAPI document. */
import { Type } from 'typebox'
import { StringEnum } from '../../domain/checks/shared-schemas.js'
import { GIVEN_ROLES, ROLES } from '../../domain/users/roles.js'
import { MAX_PASSWORD_LENGTH } from '../../domain/users/password.js'

export { GIVEN_ROLES }

export const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH })
export const Email = Type.String({ minLength: 1, maxLength: 254 })

export const SessionInfo = Type.Object(
  {
    user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }),
    accounts: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: StringEnum(ROLES) })),
    csrfToken: Type.String({ description: 'Send it as X-CSRF-Token with every request that is not GET, HEAD or OPTIONS.' }),
  },
  { description: 'The signed-in user, the accounts they may use with their role in each, and the CSRF token of the session.' },
)

export const AccountMember = Type.Object({
  type: Type.Literal('member'),
  accountId: Type.String(),
  userId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  role: StringEnum(ROLES),
  status: Type.Literal('ACTIVE'),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  isSupportMembership: Type.Boolean(),
  ssoEnabled: Type.Boolean(),
  mfaEnabled: Type.Boolean(),
})

const inviteFields = {
  type: Type.Literal('invite'),
  id: Type.String(),
  accountId: Type.String(),
  email: Type.String(),
  role: StringEnum(GIVEN_ROLES),
  status: StringEnum(['PENDING', 'EXPIRED'] as const),
  inviterEmail: Type.String({ description: "The inviting user's e-mail (for an operator key: the account owner's; empty when there is none)." }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
}

export const AccountInvite = Type.Object(inviteFields)
export const CreatedInvite = Type.Object({
  ...inviteFields,
  inviteUrl: Type.String({ description: 'The link to send to the invited person: shown only in this response.' }),
})

export const AccountMembersList = Type.Object({
  members: Type.Array(Type.Union([AccountMember, AccountInvite])),
  length: Type.Integer({ minimum: 0, description: 'Number of items returned in this page. This is not the total matching count.' }),
  nextId: Type.Union([Type.String(), Type.Null()], { description: 'Opaque cursor for the next page. Null means there are no more results.' }),
})
