/** The account's people and access (/v1/accounts/me/…): members, invitations, API keys and the account's general settings. */
import { api } from '../client'
import type { ApiKeyView, CreatedApiKeyView, CreatedInvite, MembersList, MemberView } from '../contracts'
import { read, seg } from '../read'

const MEMBERS = '/v1/accounts/me/members'
const INVITATIONS = '/v1/accounts/me/invitations'
const API_KEYS = '/v1/accounts/me/api-keys'
const SETTINGS = '/v1/accounts/me/settings'

/** The account's general settings (GeneralSettingsView of the server's account-settings contract). */
export interface GeneralSettings {
  /** Whether the account's check and group badges are served without an API key. */
  badgesEnabled: boolean
}

/** A role that can be given: the owner is fixed. */
export type GivenRole = Exclude<MemberView['role'], 'OWNER'>

/** A new API key: the key itself is in this response only. */
export type CreatedApiKey = CreatedApiKeyView

export const usersApi = {
  /** Members and pending invitations are listed together: a change to either refreshes this. */
  membersRoot: MEMBERS,
  apiKeysRoot: API_KEYS,
  members: () => read<MembersList>(MEMBERS),
  changeRole: (userId: string, role: GivenRole) => api.patch<MemberView>(`${MEMBERS}/${seg(userId)}`, { role }),
  removeMember: (userId: string) => api.del(`${MEMBERS}/${seg(userId)}`),
  invite: (body: { email: string; role: GivenRole }) => api.post<CreatedInvite>(INVITATIONS, body),
  revokeInvite: (id: string) => api.del(`${INVITATIONS}/${seg(id)}`),
  apiKeys: () => read<ApiKeyView[]>(API_KEYS),
  createApiKey: (body: { name: string }) => api.post<CreatedApiKey>(API_KEYS, body),
  revokeApiKey: (id: string) => api.del(`${API_KEYS}/${seg(id)}`),
  settingsRoot: SETTINGS,
  settings: () => read<GeneralSettings>(SETTINGS),
  /** The general settings are replaced whole. */
  updateSettings: (body: GeneralSettings) => api.put<GeneralSettings>(SETTINGS, body),
}
