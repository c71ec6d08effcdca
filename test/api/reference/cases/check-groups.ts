/**
 * Reference cases of check groups: created on /v1 and /v2 with realistic settings, read, listed, updated, their
 * checks listed and read, and deleted (409 while a check is still in the group).
 */
import type { CaseContext, ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

const idOf = (saved: CaseContext, key: string) => String(saved[key])

const SHOP_GROUP = {
  name: 'Shop',
  tags: ['shop'],
  locations: ['eu-west-1', 'us-east-1'],
  concurrency: 5,
  apiCheckDefaults: {
    url: 'https://shop.example.com/api',
    headers: [{ key: 'Accept', value: 'application/json' }],
    assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }],
  },
  environmentVariables: [{ key: 'SHOP_TOKEN', value: 'tok-123', secret: true }],
  retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 1, maxDurationSeconds: 300, sameRegion: true },
}

export const checkGroupsCases: ReferenceCase<unknown>[] = [
  {
    method: 'POST',
    path: '/v1/check-groups',
    url: () => '/v1/check-groups?autoAssignAlerts=false',
    body: () => SHOP_GROUP,
    status: 201,
    save: (body, saved) => (saved.group = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v2/check-groups',
    url: () => '/v2/check-groups?autoAssignAlerts=false',
    body: () => ({
      name: 'Marketing site',
      activated: true,
      browserCheckDefaults: '',
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 10 } },
    }),
    status: 201,
    save: (body, saved) => (saved.group2 = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/checks/api',
    name: 'a check in the group',
    url: () => '/v1/checks/api?autoAssignAlerts=false',
    body: (_, s) => ({ name: 'Cart API', groupId: s.group, request: { url: 'https://shop.example.com/api/cart' } }),
    status: 201,
    save: (body, saved) => (saved.check = (body as Json).id),
  },
  { method: 'GET', path: '/v1/check-groups', url: () => '/v1/check-groups?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/check-groups/{id}', url: (_, s) => `/v1/check-groups/${idOf(s, 'group')}`, status: 200 },
  { method: 'GET', path: '/v1/check-groups/{id}', name: 'unknown', url: () => '/v1/check-groups/999999', status: 404 },
  {
    method: 'PUT',
    path: '/v1/check-groups/{id}',
    url: (_, s) => `/v1/check-groups/${idOf(s, 'group')}?autoAssignAlerts=false`,
    body: () => ({ concurrency: 10, muted: true }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v2/check-groups/{id}',
    url: (_, s) => `/v2/check-groups/${idOf(s, 'group2')}?autoAssignAlerts=false`,
    body: () => ({ name: 'Marketing site', tags: ['marketing'], useGlobalAlertSettings: true }),
    status: 200,
  },
  { method: 'PUT', path: '/v2/check-groups/{id}', name: 'unknown', url: () => '/v2/check-groups/999999', body: () => ({ name: 'Ghost' }), status: 404 },
  { method: 'GET', path: '/v1/check-groups/{id}/checks', url: (_, s) => `/v1/check-groups/${idOf(s, 'group')}/checks?limit=10&page=1`, status: 200 },
  { method: 'GET', path: '/v2/check-groups/{id}/checks', url: (_, s) => `/v2/check-groups/${idOf(s, 'group')}/checks`, status: 200 },
  { method: 'GET', path: '/v2/check-groups/{id}/checks', name: 'unknown', url: () => '/v2/check-groups/999999/checks', status: 404 },
  {
    method: 'GET',
    path: '/v1/check-groups/{groupId}/checks/{checkId}',
    url: (_, s) => `/v1/check-groups/${idOf(s, 'group')}/checks/${idOf(s, 'check')}`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v2/check-groups/{groupId}/checks/{checkId}',
    url: (_, s) => `/v2/check-groups/${idOf(s, 'group')}/checks/${idOf(s, 'check')}`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v2/check-groups/{groupId}/checks/{checkId}',
    name: 'a check of no group',
    url: (_, s) => `/v2/check-groups/${idOf(s, 'group2')}/checks/${idOf(s, 'check')}`,
    status: 404,
  },
  { method: 'DELETE', path: '/v1/check-groups/{id}', name: 'still holding a check', url: (_, s) => `/v1/check-groups/${idOf(s, 'group')}`, status: 409 },
  { method: 'DELETE', path: '/v1/check-groups/{id}', url: (_, s) => `/v1/check-groups/${idOf(s, 'group2')}`, status: 204 },
]
