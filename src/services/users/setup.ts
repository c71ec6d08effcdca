/**
 * The first user. While no user exists, each start of the service makes a fresh one-time setup link
 * (valid 24 hours, earlier ones void); the link creates the first user as OWNER of the first account. An operator
 * may instead name an admin in the environment: that user is made to exist as OWNER at every start (an existing
 * user keeps their password).
 */
import { ConflictError, FieldErrorCollector, ValidationError } from '../../domain/errors.js'
import { emailProblem, normalizeEmail } from '../../domain/users/email.js'
import { hashPassword, passwordProblem } from '../../domain/users/password.js'
import { SETUP_TOKEN_MS } from '../../domain/users/session-rules.js'
import { hashSecret, newId } from '../../lib/ids.js'
import { isUniqueViolation } from '../../store/dialect.js'
import type { UserRow } from '../../store/identity-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { Stores } from '../stores.js'
import { newToken, startSession, type StartedSession } from './session-info.js'

export interface SetupInput {
  token: string
  email: string
  name: string
  password: string
}

export interface UserSetupService {
  /** A fresh setup token while no user exists (earlier ones stop working), else null. */
  createSetupLink(): Promise<string | null>
  setup(input: SetupInput): Promise<StartedSession>
  /** Makes sure the user exists and is OWNER of the first account; true when the user was created. */
  ensureAdmin(email: string, password: string): Promise<boolean>
}

const badToken = () => new ValidationError({ token: 'is not a valid setup link: it was used, has expired or was replaced by a newer one' })

/** The first account (the one made at first start). */
async function firstAccountId(s: Pick<Stores, 'accounts'>): Promise<string> {
  const account = (await s.accounts.listAccounts())[0]
  if (!account) throw new ConflictError('There is no account yet; start the service once to create it')
  return account.id
}

/** Makes the user OWNER of the account (a member with another role is promoted). */
async function makeOwner(s: Pick<Stores, 'memberships'>, accountId: string, userId: string, now: number): Promise<void> {
  const existing = await s.memberships.get(accountId, userId)
  if (!existing) await s.memberships.insert({ account_id: accountId, user_id: userId, role: 'OWNER', created_at: now, updated_at: now })
  else if (existing.role !== 'OWNER') await s.memberships.setRole(accountId, userId, 'OWNER', now)
}

/** What the user setup service uses: the wiring hands it these stores and shared things and no others. */
export const userSetupServiceUses = uses(['accounts', 'loginGuards', 'loginSessions', 'memberships', 'users'], ['clock', 'transact'])
export type UserSetupServiceDeps = DepsOf<typeof userSetupServiceUses>

export function userSetupService(deps: UserSetupServiceDeps): UserSetupService {
  const { stores, clock, transact } = deps

  const userRow = (email: string, name: string | null, hash: string, now: number): UserRow => ({
    id: newId(),
    email: normalizeEmail(email),
    name,
    password_hash: hash,
    created_at: now,
    updated_at: now,
  })

  return {
    async createSetupLink() {
      if ((await stores.users.count()) > 0) return null
      const token = newToken()
      const now = clock.now()
      await stores.loginGuards.replaceSetupToken({ token_hash: hashSecret(token), created_at: now, expires_at: now + SETUP_TOKEN_MS })
      return token
    },

    async setup(input) {
      const problems = new FieldErrorCollector()
      const emailWhy = emailProblem(input.email)
      if (emailWhy) problems.add('email', emailWhy)
      const passwordWhy = passwordProblem(input.password)
      if (passwordWhy) problems.add('password', passwordWhy)
      problems.throwIfAny()
      const hash = await hashPassword(input.password)
      try {
        return await transact(async (s) => {
          const now = clock.now()
          if ((await s.users.count()) > 0) throw badToken()
          const taken = input.token.length <= 200 ? await s.loginGuards.takeSetupToken(hashSecret(input.token)) : undefined
          if (!taken || taken.expires_at <= now) throw badToken()
          const user = userRow(input.email, input.name.trim() || null, hash, now)
          await s.users.insert(user)
          await makeOwner(s, await firstAccountId(s), user.id, now)
          await s.loginGuards.clearSetupTokens()
          return startSession(s, user, now)
        })
      } catch (err) {
        // Two setups at once: the second finds the token gone (or the address taken) and is told the link is used.
        if (isUniqueViolation(err)) throw badToken()
        throw err
      }
    },

    async ensureAdmin(email, password) {
      const address = normalizeEmail(email)
      const hash = (await stores.users.findByEmail(address)) ? null : await hashPassword(password)
      try {
        return await transact(async (s) => {
          const now = clock.now()
          const accountId = await firstAccountId(s)
          let user = await s.users.findByEmail(address)
          const create = !user
          if (!user) {
            user = userRow(address, null, hash ?? (await hashPassword(password)), now)
            await s.users.insert(user)
          }
          await makeOwner(s, accountId, user.id, now)
          await s.loginGuards.clearSetupTokens()
          return create
        })
      } catch (err) {
        // Another instance created the same admin at the same moment: it exists now, which is what was asked.
        if (isUniqueViolation(err)) return false
        throw err
      }
    },
  }
}
