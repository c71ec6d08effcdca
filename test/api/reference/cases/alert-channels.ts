/** Reference cases of alert channels, their subscriptions and the alert notification log. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

/** A check and a group of the test app's account, to subscribe a channel to. */
export interface AlertChannelFixtures {
  checkId: string
  groupId: number
}

const channelUrl = (saved: Json) => `/v1/alert-channels/${String(saved.channelId)}`

export const alertChannelCases: ReferenceCase<AlertChannelFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/alert-channels',
    url: () => '/v1/alert-channels',
    body: () => ({ type: 'EMAIL', config: { address: 'oncall@example.com' }, sendRecovery: true, sendFailure: true, sendDegraded: false, sslExpiry: true, sslExpiryThreshold: 30 }),
    status: 201,
    save: (body, saved) => (saved.channelId = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/alert-channels',
    name: 'a webhook',
    url: () => '/v1/alert-channels',
    body: () => ({
      type: 'WEBHOOK',
      config: { name: 'Pager bridge', url: 'https://hooks.example.com/picket', method: 'POST', template: '{"check":"{{CHECK_NAME}}"}', headers: [], queryParameters: [] },
    }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/v1/alert-channels',
    name: 'a Slack channel',
    url: () => '/v1/alert-channels',
    body: () => ({ type: 'SLACK', config: { url: 'https://hooks.slack.com/services/T000/B000/XXXX', channel: '#alerts' }, sendDegraded: true }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/v1/alert-channels',
    name: 'an SMS channel',
    url: () => '/v1/alert-channels',
    body: () => ({ type: 'SMS', config: { name: 'On-call phone', number: '+15551234567' } }),
    status: 201,
  },
  { method: 'GET', path: '/v1/alert-channels', url: () => '/v1/alert-channels?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/alert-channels/{id}', url: (_, s) => channelUrl(s), status: 200 },
  { method: 'GET', path: '/v1/alert-channels/{id}', name: 'unknown id', url: () => '/v1/alert-channels/987654', status: 404 },
  {
    method: 'PUT',
    path: '/v1/alert-channels/{id}',
    url: (_, s) => channelUrl(s),
    body: () => ({ type: 'EMAIL', config: { address: 'ops@example.com' }, sendDegraded: true }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/alert-channels/{id}/subscriptions',
    url: (_, s) => `${channelUrl(s)}/subscriptions`,
    body: (f) => ({ checkId: f.checkId, activated: true }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/alert-channels/{id}/subscriptions',
    name: 'a group',
    url: (_, s) => `${channelUrl(s)}/subscriptions`,
    body: (f) => ({ groupId: f.groupId, activated: false }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/alert-channels/{id}/subscriptions',
    name: 'unknown channel',
    url: () => '/v1/alert-channels/987654/subscriptions',
    body: (f) => ({ checkId: f.checkId, activated: true }),
    status: 404,
  },
  { method: 'GET', path: '/v1/alert-notifications', url: () => '/v1/alert-notifications?limit=10&page=1', status: 200 },
  { method: 'DELETE', path: '/v1/alert-channels/{id}', url: (_, s) => channelUrl(s), status: 204 },
]
