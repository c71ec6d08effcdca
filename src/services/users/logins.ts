/**
 * Console sign-in: e-mail and password for a session cookie, the session behind a cookie, sign-out,
 * and password changes. A wrong e-mail and a wrong password answer alike, and take alike long.
 */
import { DomainError, ValidationError } from '../../domain/errors.js'
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../../domain/users/password.js'
import { normalizeEmail } from '../../domain/users/email.js'
import { LOGIN_WINDOW_MS, SESSION_IDLE_MS, sessionAlive, sessionNeedsTouch } from '../../domain/users/session-rules.js'
import { hashSecret } from '../../lib/ids.js'
import { isRole, type Role } from '../../domain/users/roles.js'
import { uses, type DepsOf, type Uses } from '../resource-deps.js'
import type { LoginSessionRow, UserRow } from '../../store/identity-rows.js'
import { sessionInfo, startSession, type SessionInfo, type StartedSession } from './session-info.js'
import { loginLimit, type LoginLimit } from './login-limit.js'

export class WrongCredentialsError extends DomainError {
  constructor() {
    super(401, 'Wrong e-mail or password', {})
  }
}

/** The session behind a cookie, for the auth hook. */
export interface ActiveSession {
  sessionId: string
  userId: string
  csrfToken: string
}

export interface LoginService {
  signIn(email: string, password: string, ip: string): Promise<StartedSession>
  /** Ends the cookie's session; nothing happens when there is none. */
  signOut(token: string | undefined): Promise<void>
  /** SessionInfo of a live session, or null. */
  session(token: string | undefined): Promise<SessionInfo | null>
  /** The live session of a cookie (its last use recorded at most once a minute), or null. */
  authenticate(token: string | undefined): Promise<ActiveSession | null>
  /** Checks the current password, sets the new one and signs the user out of every other session. */
  changePassword(sessionId: string, currentPassword: string, newPassword: string): Promise<void>
  /** The user's role in the account, or null when not a member. */
  roleIn(userId: string, accountId: string): Promise<Role | null>
  /** Housekeeping: drops ended sessions and counters of ended windows. */
  prune(): Promise<void>
  /** The limit on failed sign-ins, shared with invitation acceptance. */
  limit: LoginLimit
}

let dummyHash: Promise<string> | undefined
/** A hash to verify against when the e-mail is unknown, so that the answer takes as long as for a known one. */
const dummy = (): Promise<string> => (dummyHash ??= hashPassword('picket-dummy-password'))

/** Verifies a user's password, with the dummy when there is no user; re-hashes an old-cost hash on success. */
export async function checkPassword(deps: Uses<'users', 'clock'>, user: UserRow | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummy()))
  if (!user || !ok) return false
  if (needsRehash(user.password_hash)) await deps.stores.users.setPasswordHash(user.id, await hashPassword(password), deps.clock.now())
  return true
}

/** What the login service uses: the wiring hands it these stores and shared things and no others. */
export const loginServiceUses = uses(['loginGuards', 'loginSessions', 'memberships', 'users'], ['clock', 'transact'])
export type LoginServiceDeps = DepsOf<typeof loginServiceUses>

export function loginService(deps: LoginServiceDeps): LoginService {
  const { stores, clock } = deps
  const limit = loginLimit(stores, clock)

  async function live(token: string | undefined): Promise<LoginSessionRow | null> {
    if (!token || token.length > 200) return null
    const row = await stores.loginSessions.findByTokenHash(hashSecret(token))
    if (!row) return null
    const now = clock.now()
    if (!sessionAlive(row, now)) {
      await stores.loginSessions.remove(row.id)
      return null
    }
    if (sessionNeedsTouch(row, now)) await stores.loginSessions.touch(row.id, now)
    return row
  }

  return {
    limit,
    async signIn(rawEmail, password, ip) {
      const email = normalizeEmail(rawEmail)
      await limit.check(email, ip)
      const user = await stores.users.findByEmail(email)
      if (!(await checkPassword(deps, user, password)) || !user) {
        await limit.fail(email, ip)
        throw new WrongCredentialsError()
      }
      await limit.succeed(email)
      return startSession(stores, user, clock.now())
    },
    async signOut(token) {
      if (!token || token.length > 200) return
      const row = await stores.loginSessions.findByTokenHash(hashSecret(token))
      if (row) await stores.loginSessions.remove(row.id)
    },
    async session(token) {
      const row = await live(token)
      const user = row ? await stores.users.get(row.user_id) : undefined
      return row && user ? sessionInfo(stores, user, row.csrf_token) : null
    },
    async authenticate(token) {
      const row = await live(token)
      return row ? { sessionId: row.id, userId: row.user_id, csrfToken: row.csrf_token } : null
    },
    async prune() {
      const now = clock.now()
      await stores.loginSessions.removeExpired(now - SESSION_IDLE_MS, now)
      await stores.loginGuards.removeOldAttempts(now - LOGIN_WINDOW_MS)
    },
    async roleIn(userId, accountId) {
      if (accountId.length > 100) return null
      const membership = await stores.memberships.get(accountId, userId)
      return membership && isRole(membership.role) ? membership.role : null
    },
    async changePassword(sessionId, currentPassword, newPassword) {
      const session = await stores.loginSessions.get(sessionId)
      const user = session ? await stores.users.get(session.user_id) : undefined
      if (!session || !user) throw new DomainError(401, 'Your session has ended; sign in again', {})
      if (!(await verifyPassword(currentPassword, user.password_hash))) throw new ValidationError({ currentPassword: 'is not your current password' })
      const problem = passwordProblem(newPassword)
      if (problem) throw new ValidationError({ newPassword: problem })
      const hash = await hashPassword(newPassword)
      await deps.transact(async (s) => {
        await s.users.setPasswordHash(user.id, hash, clock.now())
        await s.loginSessions.removeForUser(user.id, session.id)
      })
    },
  }
}
