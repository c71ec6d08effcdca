/** What GET /v1/accounts/me/members lists: members and pending invitations. */
import type { Role } from '../../../api/session'

export interface MemberItem {
  type: 'member'
  userId: string
  name: string | null
  email: string
  role: Role
  status: string
  createdAt?: string
}

export interface InviteItem {
  type: 'invite'
  id: string
  email: string
  role: Role
  status: string
  inviterEmail?: string
  expiresAt?: string
  createdAt?: string
}

export interface MembersList {
  members: Array<MemberItem | InviteItem>
  length: number
  nextId: string | null
}

export const MEMBERS_PATH = '/v1/accounts/me/members'
