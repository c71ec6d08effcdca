/**
 * Invitations: an account manager invites an address with a role; the link (shown once, valid 7 days,
 * one-time) lets its holder join: an existing user proves it is them with their password, a new one sets a
 * password and becomes a user. A new invitation of the same address replaces the open one.
 */
import { ConflictError, DomainError, FieldErrorCollector, NotFoundError, ValidationError } from '../../domain/errors.js'
import type { InvitationPreview } from '../../domain/users/contract.js'
import { emailProblem, normalizeEmail } from '../../domain/users/email.js'
import { hashPassword, passwordProblem } from '../../domain/users/password.js'
import { INVITATION_MS } from '../../domain/users/session-rules.js'
import { hashSecret, newId } from '../../lib/ids.js'
import { toIso } from '../../lib/clock.js'
import { isUniqueViolation } from '../../store/dialect.js'
import type { InvitationRow, UserRow } from '../../store/identity-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { inviterEmailOf, presentInvite, type AccountInviteView } from './members.js'
import { newToken, startSession, type StartedSession } from './session-info.js'
import { checkPassword, WrongCredentialsError, type LoginService } from './logins.js'
import { checkSender } from './invitation-sender.js'

export interface InvitationService {
  /** inviterUserId: '' for an operator key. */
  create(accountId: string, inviterUserId: string, email: string, role: string): Promise<AccountInviteView & { inviteUrl: string }>
  revoke(accountId: string, id: string): Promise<void>
  preview(token: string): Promise<InvitationPreview>
  accept(token: string, input: { name?: string | undefined; password: string }, ip: string): Promise<StartedSession>
}

/** What the invitation service uses: the wiring hands it these stores and shared things and no others. */
export const invitationServiceUses = uses(['accounts', 'invitations', 'memberships', 'users', 'loginSessions'], ['clock', 'publicBaseUrl', 'transact'])
export type InvitationServiceDeps = DepsOf<typeof invitationServiceUses>

export function invitationService(deps: InvitationServiceDeps, logins: Pick<LoginService, 'limit'>): InvitationService {
  const { stores, clock, transact } = deps

  /** The open invitation of a token: 404 when unknown or used, 410 when its sender may no longer send it or it expired. */
  async function open(token: string): Promise<InvitationRow> {
    const row = token.length <= 200 ? await stores.invitations.findByTokenHash(hashSecret(token)) : undefined
    if (!row || row.accepted_at !== null) throw new NotFoundError('Invitation', 'of this link')
    await checkSender(stores, row)
    if (Number(row.expires_at) <= clock.now()) throw new DomainError(410, 'This invitation has expired; ask for a new one', {})
    return row
  }

  return {
    async create(accountId, inviterUserId, rawEmail, role) {
      const why = emailProblem(rawEmail)
      if (why) throw new ValidationError({ email: why })
      const email = normalizeEmail(rawEmail)
      const token = newToken()
      const row = await transact(async (s) => {
        const user = await s.users.findByEmail(email)
        if (user && (await s.memberships.get(accountId, user.id))) throw new ConflictError(`${email} is already a member of this account`, { email: 'is already a member' })
        await s.invitations.removeOpenFor(accountId, email)
        const now = clock.now()
        const invitation: InvitationRow = {
          id: newId(),
          account_id: accountId,
          email,
          role,
          token_hash: hashSecret(token),
          inviter_user_id: inviterUserId || null,
          created_at: now,
          expires_at: now + INVITATION_MS,
          accepted_at: null,
        }
        await s.invitations.insert(invitation)
        return invitation
      })
      const view = presentInvite(row, await inviterEmailOf(stores, row), clock.now())
      return { ...view, inviteUrl: `${deps.publicBaseUrl}/invite#${token}` }
    },

    async revoke(accountId, id) {
      if (id.length > 100 || !(await stores.invitations.remove(accountId, id))) throw new NotFoundError('Open invitation', id)
    },

    async preview(token) {
      const row = await open(token)
      const account = await stores.accounts.getAccount(row.account_id)
      return {
        accountName: account?.name ?? '',
        email: row.email,
        // Invitations are made only with a role that can be given (the create body's schema), so the column holds one.
        role: row.role as InvitationPreview['role'],
        inviterEmail: await inviterEmailOf(stores, row),
        expiresAt: toIso(Number(row.expires_at)),
        userExists: (await stores.users.findByEmail(row.email)) !== undefined,
      }
    },

    async accept(token, input, ip) {
      const row = await open(token)
      const existing = await stores.users.findByEmail(row.email)
      let hash: string | null = null
      if (existing) {
        await logins.limit.check(row.email, ip)
        if (!(await checkPassword(deps, existing, input.password))) {
          await logins.limit.fail(row.email, ip)
          throw new WrongCredentialsError()
        }
      } else {
        const problems = new FieldErrorCollector()
        const why = passwordProblem(input.password)
        if (why) problems.add('password', why)
        if (input.name !== undefined && input.name.length > 100) problems.add('name', 'must be at most 100 characters long')
        problems.throwIfAny()
        hash = await hashPassword(input.password)
      }
      try {
        return await transact(async (s) => {
          const now = clock.now()
          if (!(await s.invitations.markAccepted(row.id, now))) throw new NotFoundError('Invitation', 'of this link')
          // Again inside the transaction: the sender may have been removed since the link was opened.
          await checkSender(s, row)
          let user: UserRow | undefined = existing
          if (!user) {
            user = { id: newId(), email: row.email, name: input.name?.trim() || null, password_hash: hash ?? '', created_at: now, updated_at: now }
            await s.users.insert(user)
          }
          if (!(await s.memberships.get(row.account_id, user.id))) {
            await s.memberships.insert({ account_id: row.account_id, user_id: user.id, role: row.role, created_at: now, updated_at: now })
          }
          return startSession(s, user, now)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('A user with this e-mail was created meanwhile; open the invitation again', {})
        throw err
      }
    },
  }
}
