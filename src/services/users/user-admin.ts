/**
 * The operator's commands on console users (`picket users …`): who can sign in, to which accounts, and a way back in
 * for someone who forgot their password. A reset sets a new random password, shown once to the operator, and ends
 * every session of that user.
 */
import { randomBytes } from 'node:crypto'
import { NotFoundError } from '../../domain/errors.js'
import { normalizeEmail } from '../../domain/users/email.js'
import { hashPassword } from '../../domain/users/password.js'
import { uses, type DepsOf } from '../resource-deps.js'

export interface UserListing {
  id: string
  email: string
  name: string | null
  createdAt: number
  accounts: Array<{ id: string; name: string; role: string }>
}

export interface UserAdminService {
  list(): Promise<UserListing[]>
  /** Sets a new random password (returned, to be shown once) and signs the user out everywhere. */
  resetPassword(email: string): Promise<string>
}

/** What the user admin service uses: the wiring hands it these stores and shared things and no others. */
export const userAdminServiceUses = uses(['loginSessions', 'memberships', 'users'], ['clock'])
export type UserAdminServiceDeps = DepsOf<typeof userAdminServiceUses>

export function userAdminService(r: UserAdminServiceDeps): UserAdminService {
  const { stores } = r
  return {
    async list() {
      const users = await stores.users.list()
      return Promise.all(
        users.map(async (u) => ({ id: u.id, email: u.email, name: u.name, createdAt: Number(u.created_at), accounts: await stores.memberships.listAccountsOf(u.id) })),
      )
    },
    async resetPassword(email) {
      const user = await stores.users.findByEmail(normalizeEmail(email))
      if (!user) throw new NotFoundError('User', email)
      // 144 random bits, in characters that survive copying from a terminal.
      const password = randomBytes(18).toString('base64url')
      await stores.users.setPasswordHash(user.id, await hashPassword(password), r.clock.now())
      await stores.loginSessions.removeForUser(user.id)
      return password
    },
  }
}
