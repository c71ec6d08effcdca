/**
 * The account's members and open invitations (reference: AccountMembersList, AccountMember), role changes and
 * removal. The OWNER is fixed: nobody changes or removes that membership, so an account never loses its owner.
 * A removed member's API keys for the account are revoked with the membership.
 */
import { DomainError, NotFoundError } from '../../domain/errors.js'
import { pageMemberList, type MemberListQuery } from '../../domain/users/member-list.js'
import { toIso } from '../../lib/clock.js'
import type { InvitationRow } from '../../store/identity-rows.js'
import type { MemberRecord } from '../../store/users/memberships.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { endInvitationsSentBy } from './invitation-sender.js'

export interface AccountMemberView {
  type: 'member'
  accountId: string
  userId: string
  name: string | null
  email: string
  role: string
  status: 'ACTIVE'
  createdAt: string
  updatedAt: string
  isSupportMembership: boolean
  ssoEnabled: boolean
  mfaEnabled: boolean
}

export interface AccountInviteView {
  type: 'invite'
  id: string
  accountId: string
  email: string
  role: string
  status: 'PENDING' | 'EXPIRED'
  inviterEmail: string
  createdAt: string
  updatedAt: string
  expiresAt: string
}

export interface MemberService {
  list(accountId: string, q: MemberListQuery): Promise<{ members: Array<AccountMemberView | AccountInviteView>; length: number; nextId: string | null }>
  setRole(accountId: string, userId: string, role: string): Promise<AccountMemberView>
  remove(accountId: string, userId: string): Promise<void>
  /** The accounts a user is a member of. */
  accountsOf(userId: string): Promise<Array<{ id: string; name: string }>>
  /** A user by id (who an API key or session acts as), or undefined when there is no such user. */
  user(userId: string): Promise<{ id: string; name: string | null; email: string } | undefined>
}

export const presentMember = (m: MemberRecord): AccountMemberView => ({
  type: 'member',
  accountId: m.account_id,
  userId: m.user_id,
  name: m.name,
  email: m.email,
  role: m.role,
  status: 'ACTIVE',
  createdAt: toIso(Number(m.created_at)),
  updatedAt: toIso(Number(m.updated_at)),
  isSupportMembership: false,
  ssoEnabled: false,
  mfaEnabled: false,
})

/**
 * The inviter's e-mail: the inviting user's, or for an invitation made with an operator key (no user) the
 * account owner's; empty when the account has no owner user yet.
 */
export async function inviterEmailOf(s: Pick<Stores, 'users' | 'memberships'>, row: InvitationRow): Promise<string> {
  const inviter = row.inviter_user_id ? await s.users.get(row.inviter_user_id) : undefined
  return inviter?.email ?? (await s.memberships.ownerOf(row.account_id))?.email ?? ''
}

export function presentInvite(row: InvitationRow, inviterEmail: string, now: number): AccountInviteView {
  return {
    type: 'invite',
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    status: Number(row.expires_at) > now ? 'PENDING' : 'EXPIRED',
    inviterEmail,
    createdAt: toIso(Number(row.created_at)),
    updatedAt: toIso(Number(row.created_at)),
    expiresAt: toIso(Number(row.expires_at)),
  }
}

const ownerIsFixed = () => new DomainError(403, 'The account owner cannot be changed or removed', {})

/** What the member service uses: the wiring hands it these stores and shared things and no others. */
export const memberServiceUses = uses(['accounts', 'invitations', 'memberships', 'users'], ['clock', 'transact'])
export type MemberServiceDeps = DepsOf<typeof memberServiceUses>

export function memberService(deps: MemberServiceDeps): MemberService {
  const { stores, clock, transact } = deps

  async function loadMember(s: MemberServiceDeps['stores'], accountId: string, userId: string): Promise<MemberRecord> {
    const member = userId.length <= 100 ? await s.memberships.getMember(accountId, userId) : undefined
    if (!member) throw new NotFoundError('Account member', userId)
    return member
  }

  return {
    async list(accountId, q) {
      const now = clock.now()
      const members = (await stores.memberships.listMembers(accountId)).map(presentMember)
      const invites: AccountInviteView[] = []
      for (const row of await stores.invitations.listOpen(accountId)) invites.push(presentInvite(row, await inviterEmailOf(stores, row), now))
      const page = pageMemberList<AccountMemberView | AccountInviteView>([...members, ...invites], q)
      return { members: page.items, length: page.items.length, nextId: page.nextId }
    },

    async setRole(accountId, userId, role) {
      return transact(async (s) => {
        const member = await loadMember(s, accountId, userId)
        if (member.role === 'OWNER') throw ownerIsFixed()
        const now = clock.now()
        await s.memberships.setRole(accountId, userId, role, now)
        await endInvitationsSentBy(s, accountId, userId, role, now)
        return presentMember({ ...member, role, updated_at: now })
      })
    },

    async accountsOf(userId) {
      return (await stores.memberships.listAccountsOf(userId)).map((a) => ({ id: a.id, name: a.name }))
    },

    async user(userId) {
      const row = userId ? await stores.users.get(userId) : undefined
      return row ? { id: row.id, name: row.name, email: row.email } : undefined
    },

    async remove(accountId, userId) {
      await transact(async (s) => {
        const member = await loadMember(s, accountId, userId)
        if (member.role === 'OWNER') throw ownerIsFixed()
        const now = clock.now()
        await s.memberships.remove(accountId, userId)
        await s.accounts.revokeUserKeys(accountId, userId, now)
        await endInvitationsSentBy(s, accountId, userId, null, now)
      })
    },
  }
}
