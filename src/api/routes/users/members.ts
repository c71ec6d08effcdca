/**
 * The account's members and invitations (reference routes /v1/accounts/me/members and /v1/accounts/{accountId}/members,
 * the same for the caller's own account id), and the account list.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DomainError } from '../../../domain/errors.js'
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

/**
 * The account a request names: the caller's own under /me, and under /{accountId} only when that id is the caller's
 * account (the X-Service-Account one); any other id is refused without showing whether that account exists.
 */
export function namedAccount(request: FastifyRequest, notYours: (accountId: string) => Error): string {
  const named = (request.params as { accountId?: string }).accountId
  if (named !== undefined && named !== request.accountId) throw notYours(named)
  return request.accountId
}

/** Members are managed per account: an id other than the caller's is 403 (the reference documents no 404 on the list). */
const forbidden = (accountId: string) => new DomainError(403, `This key may not use account ${accountId.slice(0, 100)}: it belongs to another account`)

export async function memberRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { members } = services
  const accountParam = { accountId: Type.String({ description: "The caller's account id; any other is 403." }) }

  for (const [base, named] of [
    ['/v1/accounts/me', {}],
    ['/v1/accounts/:accountId', accountParam],
  ] as const) {
    const params = Type.Object(named)
    const memberParams = Type.Object({ ...named, ...UserParams.properties })
    const which = base.endsWith('/me') ? 'current account' : 'account'
    app.get<{ Querystring: Static<typeof ListQuery> }>(
      `${base}/members`,
      {
        schema: {
          tags,
          summary: `List ${which} members and pending invites`,
          params,
          querystring: ListQuery,
          response: { 200: AccountMembersList, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => members.list(namedAccount(request, forbidden), request.query),
    )

    app.patch<{ Params: Static<typeof UserParams>; Body: Static<typeof RoleBody> }>(
      `${base}/members/:userId`,
      {
        schema: {
          tags,
          summary: `Update a ${which} member role`,
          description: 'Needs ADMIN or OWNER. The OWNER membership cannot be changed (403).',
          params: memberParams,
          body: RoleBody,
          response: { 200: AccountMember, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => members.setRole(namedAccount(request, forbidden), request.params.userId, request.body.role),
    )

    app.delete<{ Params: Static<typeof UserParams> }>(
      `${base}/members/:userId`,
      {
        schema: {
          tags,
          summary: `Remove a ${which} member`,
          description: "Needs ADMIN or OWNER. The OWNER cannot be removed (403). The member's API keys for this account are revoked.",
          params: memberParams,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await members.remove(namedAccount(request, forbidden), request.params.userId)
        return reply.code(204).send()
      },
    )
  }

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
