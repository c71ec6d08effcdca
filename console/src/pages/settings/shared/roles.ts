/** Account roles as people read them. */
import type { Role } from '../../../api/session'

export const ROLE_LABELS: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  READ_WRITE: 'Read & write',
  READ_RUN: 'Read & run',
  READ_ONLY: 'Read only',
}

/** The roles that can be given (OWNER cannot). */
export const ASSIGNABLE_ROLES = ['ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number]

export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))
