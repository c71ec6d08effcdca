/** What the console learns about a signed-in user (SessionInfo), and the start of a new sign-in session. */
import { randomBytes } from 'node:crypto'
import { hashSecret, newId } from '../../lib/ids.js'
import { SESSION_MAX_MS } from '../../domain/users/session-rules.js'
import type { LoginSessionRow, UserRow } from '../../store/identity-rows.js'
import type { Stores } from '../stores.js'

export interface SessionInfo {
  user: { id: string; email: string; name: string | null }
  accounts: Array<{ id: string; name: string; role: string }>
  csrfToken: string
}

/** A session just started: what to answer and what to put in the cookie (the token is never stored). */
export interface StartedSession {
  info: SessionInfo
  token: string
  /**
   * How long the cookie is kept (seconds): until the session's absolute end, as the idle end slides with use;
   * the server refuses the session once it was idle too long.
   */
  maxAgeSeconds: number
}

/** 32 random bytes, base64url: session, setup and invitation tokens. */
export const newToken = (): string => randomBytes(32).toString('base64url')

export async function sessionInfo(s: Pick<Stores, 'memberships'>, user: UserRow, csrfToken: string): Promise<SessionInfo> {
  const accounts = await s.memberships.listAccountsOf(user.id)
  return { user: { id: user.id, email: user.email, name: user.name }, accounts: accounts.map((a) => ({ id: a.id, name: a.name, role: a.role })), csrfToken }
}

export async function startSession(s: Pick<Stores, 'loginSessions' | 'memberships'>, user: UserRow, now: number): Promise<StartedSession> {
  const token = newToken()
  const row: LoginSessionRow = {
    id: newId(),
    token_hash: hashSecret(token),
    user_id: user.id,
    csrf_token: newToken(),
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_MAX_MS,
  }
  await s.loginSessions.insert(row)
  return { info: await sessionInfo(s, user, row.csrf_token), token, maxAgeSeconds: Math.floor((row.expires_at - now) / 1000) }
}
