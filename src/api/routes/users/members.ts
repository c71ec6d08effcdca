/** The account's members and invitations (reference routes /v1/accounts/me/members), and the account list. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { ROLES } from '../../../domain/users/roles.js'
import { errorResponses } from '../../schemas/common.js'
import { AccountMember, AccountMembersList, GIVEN_ROLES } from '../../schemas/users.js'

const tags = ['accounts']

const ListQuery = Type.Object({
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'Case-insensitive partial match against member name, member email, and invite email. Empty searches are ignored.' }),
  ),
  type: Type.Optional(StringEnum(['member', 'invite'] as const, { description: 'Filter by account member list item type.' })),
  role: Type.Optional(StringEnum(ROLES, { description: 'Filter by account role.' })),
  status: Type.Optional(StringEnum(['ACTIVE', 'PENDING', 'EXPIRED'] as const, { description: 'Filter by member or invite status.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Page length. Omitted returns all matching members and invites.' })),
  nextId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Opaque cursor returned from a previous limited request. Only accepted with limit and the same query params.' }),
  ),
})
const UserParams = Type.Object({ userId: Type.String({ description: 'The user id; an unknown one is a 404.' }) })
const RoleBody = Type.Object({ role: StringEnum(GIVEN_ROLES, { description: 'New account member role. OWNER is not supported.' }) })
const AccountItem = Type.Object({ id: Type.String(), name: Type.String() })

export async function memberRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { members } = services

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/accounts/me/members',
    {
      schema: {
        tags,
        summary: 'List current account members and pending invites',
        querystring: ListQuery,
        response: { 200: AccountMembersList, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => members.list(request.accountId, request.query),
  )

  app.patch<{ Params: Static<typeof UserParams>; Body: Static<typeof RoleBody> }>(
    '/v1/accounts/me/members/:userId',
    {
      schema: {
        tags,
        summary: 'Update a current account member role',
        description: 'Needs ADMIN or OWNER. The OWNER membership cannot be changed (403).',
        params: UserParams,
        body: RoleBody,
        response: { 200: AccountMember, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => members.setRole(request.accountId, request.params.userId, request.body.role),
  )

  app.delete<{ Params: Static<typeof UserParams> }>(
    '/v1/accounts/me/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a current account member',
        description: "Needs ADMIN or OWNER. The OWNER cannot be removed (403). The member's API keys for this account are revoked.",
        params: UserParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await members.remove(request.accountId, request.params.userId)
      return reply.code(204).send()
    },
  )

  app.get(
    '/v1/accounts',
    {
      config: { accountOptional: true },
      schema: {
        tags,
        summary: 'The accounts you can use',
        description: 'With the console session: every account of the signed-in user (X-Service-Account not needed). With an API key: its account.',
        response: { 200: Type.Array(AccountItem), ...errorResponses(401, 429) },
      },
    },
    // Each account as id and name, found either way: the API key's account view has more fields (created_at), which
    // the list does not show.
    async (request) => {
      if (!request.accountId) return members.accountsOf(request.userId)
      const { id, name } = await services.accountSettings.getAccount(request.accountId)
      return [{ id, name }]
    },
  )
}
