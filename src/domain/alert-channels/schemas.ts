/** Request and response schemas of the alert-channel routes (the config shape per type is checked in config-rules). */
import { Type } from 'typebox'
import { KeyValue, Nullable, StringEnum } from '../checks/shared-schemas.js'
import { ALERT_CHANNEL_TYPES, WEBHOOK_METHODS } from './config-rules.js'

const CONFIG_DESCRIPTION = [
  'Shape depends on type.',
  'EMAIL: {address}.',
  'WEBHOOK: {name, url (http(s), may hold {{VARIABLES}}), method (GET, POST, PUT, PATCH, HEAD, DELETE; default POST), headers, queryParameters',
  "(key-value entries), template (default '' = the built-in JSON body), webhookSecret (string or null; responses show only its",
  "first 3 characters and '…' (only '…' when shorter than 8 characters); an update that leaves it out, or sends back the masked value, keeps the stored secret),",
  "webhookType (WEBHOOK or WEBHOOK_<VENDOR>, default 'WEBHOOK')}.",
  'SLACK: {url, channel (optional)}.',
  'SMS: {name, number (E.164, e.g. +14155550100)}.',
].join(' ')

const flags = {
  sendRecovery: Type.Optional(Type.Boolean({ default: true, description: 'Notify when a check recovers.' })),
  sendFailure: Type.Optional(Type.Boolean({ default: true, description: 'Notify when a check fails.' })),
  sendDegraded: Type.Optional(Type.Boolean({ default: false, description: 'Notify when a check is degraded.' })),
  sslExpiry: Type.Optional(Type.Boolean({ default: false, description: 'Notify about expiring SSL certificates.' })),
  sslExpiryThreshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 30, description: 'Days before expiry to start alerting.' })),
  autoSubscribe: Type.Optional(Type.Boolean({ default: false, description: 'Subscribe every newly created check to this channel.' })),
}

export const AlertChannelType = StringEnum(ALERT_CHANNEL_TYPES)
const Config = Type.Object({}, { additionalProperties: true, description: CONFIG_DESCRIPTION })

export const AlertChannelCreateBody = Type.Object({ type: AlertChannelType, config: Config, ...flags })

export const AlertChannelUpdateBody = Type.Object({
  type: Type.Optional(StringEnum(ALERT_CHANNEL_TYPES, { description: 'Cannot be changed; when given it must equal the current type.' })),
  config: Type.Optional(Type.Object({}, { additionalProperties: true, description: `Replaces the whole config. ${CONFIG_DESCRIPTION}` })),
  ...flags,
})

export const SubscriptionBody = Type.Object({
  checkId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: 'A check of the account. Give checkId or groupId, not both.' }))),
  groupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'A check group of the account. Give checkId or groupId, not both.' }))),
  activated: Type.Boolean(),
})

export const SubscriptionView = Type.Object({
  checkId: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  activated: Type.Boolean(),
})

const WebhookConfigView = {
  name: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  method: Type.Optional(StringEnum(WEBHOOK_METHODS)),
  headers: Type.Optional(Type.Array(KeyValue)),
  queryParameters: Type.Optional(Type.Array(KeyValue)),
  template: Type.Optional(Type.String()),
  webhookSecret: Type.Optional(Nullable(Type.String({ description: "Masked: the first 3 characters and '…'." }))),
  webhookType: Type.Optional(Type.String()),
}

export const AlertChannelView = Type.Object({
  id: Type.Integer(),
  type: AlertChannelType,
  config: Type.Object(
    {
      address: Type.Optional(Type.String()),
      channel: Type.Optional(Nullable(Type.String())),
      number: Type.Optional(Type.String()),
      ...WebhookConfigView,
    },
    { additionalProperties: true },
  ),
  sendRecovery: Type.Boolean(),
  sendFailure: Type.Boolean(),
  sendDegraded: Type.Boolean(),
  sslExpiry: Type.Boolean(),
  sslExpiryThreshold: Type.Integer(),
  autoSubscribe: Type.Boolean(),
  subscriptions: Type.Array(SubscriptionView),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
})
