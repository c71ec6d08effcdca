/**
 * An account's API keys as the console manages them: listed with who made each and the role it acts
 * with, created for the caller (a user's key acts with that user's current role; a key made with an operator key
 * is an operator key), revoked. The key itself is shown once, at creation.
 */
import { NotFoundError, ValidationError } from '../../domain/errors.js'
import type { ApiKeyView, CreatedApiKey } from '../../domain/users/contract.js'
import type { Role } from '../../domain/users/roles.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { ApiKeyRow } from '../../store/identity-rows.js'
import { uses, type DepsOf } from '../resource-deps.js'
import type { AccountService } from '../accounts/accounts.js'

export interface ApiKeyService {
  list(accountId: string): Promise<ApiKeyView[]>
  /** userId: '' for an operator key. */
  create(accountId: string, userId: string, name: string): Promise<CreatedApiKey>
  revoke(accountId: string, keyId: string): Promise<void>
}

/** What the api key service uses: the wiring hands it these stores and shared things and no others. */
export const apiKeyServiceUses = uses(['accounts', 'memberships'], ['clock'])
export type ApiKeyServiceDeps = DepsOf<typeof apiKeyServiceUses>

export function apiKeyService(deps: ApiKeyServiceDeps, accounts: AccountService): ApiKeyService {
  const { stores, clock } = deps

  async function present(row: ApiKeyRow, email: string | null): Promise<ApiKeyView> {
    const membership = row.user_id ? await stores.memberships.get(row.account_id, row.user_id) : undefined
    return {
      id: row.id,
      name: row.name,
      prefix: row.key_prefix,
      createdAt: toIso(Number(row.created_at)),
      revokedAt: toIsoOrNull(row.revoked_at === null ? null : Number(row.revoked_at)),
      createdBy: row.user_id && email ? { id: row.user_id, email } : null,
      // Memberships are written only with a checked role, so the stored text is one of the roles.
      role: row.user_id ? ((membership?.role as Role | undefined) ?? null) : 'OWNER',
    }
  }

  return {
    async list(accountId) {
      const rows = await stores.accounts.listKeysWithUsers(accountId)
      return Promise.all(rows.map((r) => present(r, r.user_email)))
    },
    async create(accountId, userId, name) {
      if (name.trim() === '') throw new ValidationError({ name: 'must not be empty' })
      const created = await accounts.createKey(accountId, name.trim(), undefined, userId || null)
      const row = (await stores.accounts.listKeysWithUsers(accountId)).find((r) => r.id === created.keyId)
      if (!row) throw new NotFoundError('API key', created.keyId)
      return { ...(await present(row, row.user_email)), apiKey: created.apiKey }
    },
    async revoke(accountId, keyId) {
      if (keyId.length > 100 || !(await stores.accounts.revokeAccountKey(accountId, keyId, clock.now()))) throw new NotFoundError('Active API key', keyId)
    },
  }
}
