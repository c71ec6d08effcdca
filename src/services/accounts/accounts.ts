/** Accounts and API keys: first-start bootstrap, the CLI's operations, and authentication of API requests. */
import { hashSecret, newApiKey, newId } from '../../lib/ids.js'
import { NotFoundError } from '../../domain/errors.js'
import type { ApiKeyRow } from '../../store/identity-rows.js'
import { isRole, type Role } from '../../domain/users/roles.js'
import { uses, type DepsOf } from '../resource-deps.js'

export interface CreatedKey {
  keyId: string
  accountId: string
  /** Shown once; only its hash is stored. */
  apiKey: string
}

export interface KeyInfo {
  id: string
  name: string
  prefix: string
  createdAt: number
  revokedAt: number | null
}

export interface KeyPrincipal {
  accountId: string
  userId: string
  role: Role
}

export interface BootstrapResult {
  created: boolean
  accountId: string
  apiKey?: string
}

export interface AccountService {
  /** On an empty database, creates the first account and key (given or generated). */
  bootstrap(given: { accountId?: string | undefined; apiKey?: string | undefined }): Promise<BootstrapResult>
  createAccount(name: string, given?: { accountId?: string | undefined; apiKey?: string | undefined }): Promise<CreatedKey>
  /** A key of a user acts with that user's current role in the account; one without acts as OWNER. */
  createKey(accountId: string, name: string, given?: string, userId?: string | null): Promise<CreatedKey>
  listKeys(accountId: string): Promise<KeyInfo[]>
  revokeKey(keyId: string): Promise<void>
  listAccounts(): Promise<Array<{ id: string; name: string; createdAt: number }>>
  /** The account a key may act for, or null when the key is unknown, revoked or belongs to another account. */
  authenticate(apiKey: string, accountId: string): Promise<string | null>
  /**
   * Who a key acts as in the account: its user (or '' for operator keys) and role, or null when the key is
   * unknown, revoked, of another account, or its user is no longer a member. Without an account: the key's own.
   */
  authenticateKey(apiKey: string, accountId: string | undefined): Promise<KeyPrincipal | null>
}

const prefixOf = (key: string) => `${key.slice(0, 7)}…`

/** What the account service uses: the wiring hands it these stores and shared things and no others. */
export const accountServiceUses = uses(['accounts'], ['clock'])
export type AccountServiceDeps = DepsOf<typeof accountServiceUses>

export function accountService(deps: AccountServiceDeps): AccountService {
  const { stores, clock } = deps

  async function createKey(accountId: string, name: string, given?: string, userId: string | null = null): Promise<CreatedKey> {
    if (!(await stores.accounts.getAccount(accountId))) throw new NotFoundError('Account', accountId)
    const apiKey = given ?? newApiKey()
    const row: ApiKeyRow = {
      id: newId(),
      account_id: accountId,
      name,
      key_hash: hashSecret(apiKey),
      key_prefix: prefixOf(apiKey),
      created_at: clock.now(),
      revoked_at: null,
      user_id: userId,
    }
    await stores.accounts.insertApiKey(row)
    return { keyId: row.id, accountId, apiKey }
  }

  async function createAccount(name: string, given: { accountId?: string | undefined; apiKey?: string | undefined } = {}) {
    const accountId = given.accountId ?? newId()
    await stores.accounts.insertAccount({ id: accountId, name, created_at: clock.now() })
    return createKey(accountId, 'default', given.apiKey)
  }

  return {
    async bootstrap(given) {
      const known = given.accountId && given.apiKey ? { accountId: given.accountId, apiKey: given.apiKey } : null
      // Instances starting together on an empty database race to create the first account: with a known id and
      // key the loser finds the winner's rows and goes on; each step is re-checked after a failed insert.
      const orExisting = async (insert: () => Promise<unknown>, exists: () => Promise<boolean>) => {
        try {
          await insert()
        } catch (err) {
          if (!(await exists())) throw err
        }
      }
      if ((await stores.accounts.countAccounts()) === 0) {
        if (!known) {
          const created = await createAccount('Default account', given)
          return { created: true, accountId: created.accountId, apiKey: created.apiKey }
        }
        let created: { accountId: string; apiKey?: string } | null = null
        await orExisting(
          async () => (created = await createAccount('Default account', given)),
          async () => Boolean(await stores.accounts.getAccount(known.accountId)),
        )
        if (created) return { created: true, accountId: known.accountId, apiKey: known.apiKey }
      }
      // A known account and key given in the environment are made to exist, so scripts can restart a known service.
      if (known) {
        const accountExists = async () => Boolean(await stores.accounts.getAccount(known.accountId))
        if (!(await accountExists()))
          await orExisting(() => stores.accounts.insertAccount({ id: known.accountId, name: 'Default account', created_at: clock.now() }), accountExists)
        const keyExists = async () => Boolean(await stores.accounts.findKeyByHash(hashSecret(known.apiKey)))
        if (!(await keyExists())) await orExisting(() => createKey(known.accountId, 'default', known.apiKey), keyExists)
      }
      return { created: false, accountId: given.accountId ?? '' }
    },
    createAccount,
    createKey,
    async listKeys(accountId) {
      const rows = await stores.accounts.listKeys(accountId)
      return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.key_prefix, createdAt: Number(r.created_at), revokedAt: r.revoked_at === null ? null : Number(r.revoked_at) }))
    },
    async revokeKey(keyId) {
      if (!(await stores.accounts.revokeKey(keyId, clock.now()))) throw new NotFoundError('Active API key', keyId)
    },
    async listAccounts() {
      const rows = await stores.accounts.listAccounts()
      return rows.map((r) => ({ id: r.id, name: r.name, createdAt: Number(r.created_at) }))
    },
    async authenticate(apiKey, accountId) {
      const row = await stores.accounts.findKeyByHash(hashSecret(apiKey))
      if (!row || row.revoked_at !== null || row.account_id !== accountId) return null
      return row.account_id
    },
    async authenticateKey(apiKey, accountId) {
      const row = await stores.accounts.findKeyPrincipal(hashSecret(apiKey))
      if (!row || row.revoked_at !== null || (accountId !== undefined && row.account_id !== accountId)) return null
      if (row.user_id === null) return { accountId: row.account_id, userId: '', role: 'OWNER' }
      if (row.role === null || !isRole(row.role)) return null
      return { accountId: row.account_id, userId: row.user_id, role: row.role }
    },
  }
}
