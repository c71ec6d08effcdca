/** Reference cases of accounts, their entitlements and their members (the /me routes and the {accountId} ones). */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

/** The test app's account and two members invited into it (one to change, one to remove per route family). */
export interface AccountFixtures {
  accountId: string
  memberIds: [string, string, string, string]
}

const UNKNOWN_USER = '00000000-0000-4000-8000-000000000000'

export const accountCases: ReferenceCase<AccountFixtures>[] = [
  { method: 'GET', path: '/v1/accounts', url: () => '/v1/accounts', status: 200 },
  { method: 'GET', path: '/v1/accounts/me', url: () => '/v1/accounts/me', status: 200 },
  { method: 'GET', path: '/v1/accounts/{accountId}', url: (f) => `/v1/accounts/${f.accountId}`, status: 200 },
  { method: 'GET', path: '/v1/accounts/{accountId}', name: 'another account', url: () => `/v1/accounts/${UNKNOWN_USER}`, status: 404 },
  { method: 'GET', path: '/v1/accounts/me/entitlements', url: () => '/v1/accounts/me/entitlements', status: 200 },
  { method: 'GET', path: '/v1/accounts/{accountId}/entitlements', url: (f) => `/v1/accounts/${f.accountId}/entitlements`, status: 200 },
  { method: 'GET', path: '/v1/accounts/{accountId}/entitlements', name: 'another account', url: () => `/v1/accounts/${UNKNOWN_USER}/entitlements`, status: 404 },
  { method: 'GET', path: '/v1/accounts/me/members', url: () => '/v1/accounts/me/members?limit=2', status: 200 },
  { method: 'GET', path: '/v1/accounts/{accountId}/members', url: (f) => `/v1/accounts/${f.accountId}/members?type=member&limit=10`, status: 200 },
  {
    method: 'PATCH',
    path: '/v1/accounts/me/members/{userId}',
    url: (f) => `/v1/accounts/me/members/${f.memberIds[0]}`,
    body: () => ({ role: 'READ_RUN' }),
    status: 200,
  },
  {
    method: 'PATCH',
    path: '/v1/accounts/me/members/{userId}',
    name: 'a role that does not exist',
    url: (f) => `/v1/accounts/me/members/${f.memberIds[0]}`,
    body: () => ({ role: 'SUPERUSER' }),
    status: 400,
  },
  {
    method: 'PATCH',
    path: '/v1/accounts/me/members/{userId}',
    name: 'unknown user',
    url: () => `/v1/accounts/me/members/${UNKNOWN_USER}`,
    body: () => ({ role: 'READ_ONLY' }),
    status: 404,
  },
  {
    method: 'PATCH',
    path: '/v1/accounts/{accountId}/members/{userId}',
    url: (f) => `/v1/accounts/${f.accountId}/members/${f.memberIds[1]}`,
    body: () => ({ role: 'ADMIN' }),
    status: 200,
  },
  {
    method: 'PATCH',
    path: '/v1/accounts/{accountId}/members/{userId}',
    name: 'unknown user',
    url: (f) => `/v1/accounts/${f.accountId}/members/${UNKNOWN_USER}`,
    body: () => ({ role: 'ADMIN' }),
    status: 404,
  },
  { method: 'DELETE', path: '/v1/accounts/me/members/{userId}', url: (f) => `/v1/accounts/me/members/${f.memberIds[2]}`, status: 204 },
  { method: 'DELETE', path: '/v1/accounts/me/members/{userId}', name: 'already removed', url: (f) => `/v1/accounts/me/members/${f.memberIds[2]}`, status: 404 },
  { method: 'DELETE', path: '/v1/accounts/{accountId}/members/{userId}', url: (f) => `/v1/accounts/${f.accountId}/members/${f.memberIds[3]}`, status: 204 },
  {
    method: 'DELETE',
    path: '/v1/accounts/{accountId}/members/{userId}',
    name: 'already removed',
    url: (f) => `/v1/accounts/${f.accountId}/members/${f.memberIds[3]}`,
    status: 404,
  },
]
