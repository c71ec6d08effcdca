/**
 * Invitations: account managers create and withdraw them; the invited person opens the link without
 * an account (public routes) to see it and accept it, which signs them in.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { errorResponses } from '../../schemas/common.js'
import { InvitationPreview } from '../../../domain/users/contract.js'
import { CreatedInvite, Email, GIVEN_ROLES, Password, SessionInfo } from '../../schemas/users.js'
import { checkOrigin } from '../../session-cookie.js'
import { sendSession, withRetryAfter, type CookieDeps } from './console-auth.js'

const tags = ['accounts']
const publicTags = ['console sign-in']

const CreateBody = Type.Object({ email: Email, role: StringEnum(GIVEN_ROLES) })
const IdParams = Type.Object({ id: Type.String({ description: 'Invitation id; an unknown one is a 404.' }) })
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })
const AcceptBody = Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })), password: Password })

export async function invitationRoutes(app: FastifyInstance, deps: CookieDeps): Promise<void> {
  const { invitations } = deps.services

  app.post<{ Body: Static<typeof CreateBody> }>(
    '/v1/accounts/me/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone to the account with a role',
        description:
          'Needs ADMIN or OWNER. The link (inviteUrl) is shown only here and is valid for 7 days, once. 409 when the address is already a member; an open invitation of the same address is replaced.',
        body: CreateBody,
        response: { 201: CreatedInvite, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await invitations.create(request.accountId, request.userId, request.body.email, request.body.role)),
  )

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/v1/accounts/me/invitations/:id',
    { schema: { tags, summary: 'Withdraw an open invitation', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) } } },
    async (request, reply) => {
      await invitations.revoke(request.accountId, request.params.id)
      return reply.code(204).send()
    },
  )

  app.get<{ Params: Static<typeof TokenParams> }>(
    '/v1/invitations/:token',
    {
      config: { public: true },
      schema: {
        tags: publicTags,
        security: [],
        summary: 'What an invitation link offers (no sign-in needed)',
        description: '404 when unknown or used; 410 when expired, or when the member who sent it has left the account or may no longer invite with its role.',
        params: TokenParams,
        response: { 200: InvitationPreview, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => invitations.preview(request.params.token),
  )

  app.post<{ Params: Static<typeof TokenParams>; Body: Static<typeof AcceptBody> }>(
    '/v1/invitations/:token/accept',
    {
      config: { public: true },
      schema: {
        tags: publicTags,
        security: [],
        summary: 'Accept an invitation and sign in',
        description:
          "When a user with the invitation's e-mail exists, password must be theirs (401 otherwise) and the membership is added; else the user is created with this password (and name). One-time. 410 when expired, or when the member who sent it has left the account or may no longer invite with its role.",
        params: TokenParams,
        body: AcceptBody,
        response: { 200: SessionInfo, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      checkOrigin(request, deps.publicBaseUrl)
      const started = await withRetryAfter(reply, () => invitations.accept(request.params.token, request.body, request.ip))
      return sendSession(reply, deps, started)
    },
  )
}
