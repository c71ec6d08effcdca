/**
 * Row shapes of accounts, their API keys, users, memberships, invitations and sign-in (sessions, setup tokens,
 * failed-login counters). Times are epoch milliseconds.
 */

export interface AccountRow {
  id: string
  name: string
  created_at: number
}

export interface ApiKeyRow {
  id: string
  account_id: string
  name: string
  key_hash: string
  key_prefix: string
  created_at: number
  revoked_at: number | null
  /** The user the key acts for (with their current role); null: an operator key, which acts as OWNER. */
  user_id: string | null
}

export interface UserRow {
  id: string
  /** Lower-cased. */
  email: string
  name: string | null
  password_hash: string
  created_at: number
  updated_at: number
}

export interface MembershipRow {
  account_id: string
  user_id: string
  role: string
  created_at: number
  updated_at: number
}

export interface InvitationRow {
  id: string
  account_id: string
  email: string
  role: string
  token_hash: string
  inviter_user_id: string | null
  created_at: number
  expires_at: number
  accepted_at: number | null
}

export interface LoginSessionRow {
  id: string
  token_hash: string
  user_id: string
  csrf_token: string
  created_at: number
  last_seen_at: number
  expires_at: number
}

export interface SetupTokenRow {
  token_hash: string
  created_at: number
  expires_at: number
}

export interface LoginAttemptRow {
  key: string
  window_start: number
  failures: number
}
