/**
 * An invitation is only as good as its sender's standing: it can be opened and accepted only while the member who
 * sent it is still in the account with a role that may invite with the role it grants (domain/users/roles.ts).
 * Otherwise a removed or demoted admin could come back, or let others in, through links sent before. Invitations
 * made with an operator key have no sender and answer to nobody's standing. When a member is removed or demoted,
 * the invitations they may no longer send are ended at once, so that a later promotion does not revive them.
 */
import { DomainError } from '../../domain/errors.js'
import { mayInviteAs } from '../../domain/users/roles.js'
import type { InvitationRow } from '../../store/identity-rows.js'
import type { Stores } from '../stores.js'

export const senderMayNoLongerInvite = (): DomainError =>
  new DomainError(410, 'This invitation is no longer valid: the member who sent it may no longer invite to this account with this role; ask for a new one', {})

/** Throws 410 when the invitation's sender has left the account or may no longer invite with its role. */
export async function checkSender(s: Pick<Stores, 'memberships'>, row: InvitationRow): Promise<void> {
  if (row.inviter_user_id === null) return
  const sender = await s.memberships.get(row.account_id, row.inviter_user_id)
  if (!sender || !mayInviteAs(sender.role, row.role)) throw senderMayNoLongerInvite()
}

/** Ends the open invitations a member sent that their new role (none when removed) may no longer send. */
export async function endInvitationsSentBy(s: Pick<Stores, 'invitations'>, accountId: string, userId: string, role: string | null, now: number): Promise<void> {
  for (const row of await s.invitations.listOpen(accountId)) {
    if (row.inviter_user_id === userId && (role === null || !mayInviteAs(role, row.role))) await s.invitations.expire(row.id, now)
  }
}
