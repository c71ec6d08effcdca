/** What usersApi.members lists: members and pending invitations. */
import type { InviteView, MembersList, MemberView } from '../../../api/contracts'

export type MemberItem = MemberView
export type InviteItem = InviteView
export type { MembersList }
