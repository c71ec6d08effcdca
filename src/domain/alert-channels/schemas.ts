/**
 * The contract of an alert channel: the request bodies (the config shape per type is checked in config-rules), the
 * stored document and the response views, each a TypeBox schema with its static type.
 */
import { Type, type Static } from 'typebox'
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
export type AlertChannelCreateBody = Static<typeof AlertChannelCreateBody>

export const AlertChannelUpdateBody = Type.Object({
  type: Type.Optional(StringEnum(ALERT_CHANNEL_TYPES, { description: 'Cannot be changed; when given it must equal the current type.' })),
  config: Type.Optional(Type.Object({}, { additionalProperties: true, description: `Replaces the whole config. ${CONFIG_DESCRIPTION}` })),
  ...flags,
})
export type AlertChannelUpdateBody = Static<typeof AlertChannelUpdateBody>

export const SubscriptionBody = Type.Object({
  checkId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100, description: 'A check of the account. Give checkId or groupId, not both.' }))),
  groupId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'A check group of the account. Give checkId or groupId, not both.' }))),
  activated: Type.Boolean(),
})
export type SubscriptionBody = Static<typeof SubscriptionBody>

export const SubscriptionView = Type.Object({
  checkId: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  activated: Type.Boolean(),
})
export type SubscriptionView = Static<typeof SubscriptionView>

/** A key-value entry of a webhook config as stored: locked filled in. */
const StoredKeyValue = Type.Object({ key: Type.String(), value: Type.String(), locked: Type.Boolean() })

/** The config of each channel type as config-rules stores it: defaults applied, unknown keys dropped. */
export const StoredEmailConfig = Type.Object({ address: Type.String() })
export const StoredWebhookConfig = Type.Object({
  name: Type.String(),
  url: Type.String(),
  method: StringEnum(WEBHOOK_METHODS),
  headers: Type.Array(StoredKeyValue),
  queryParameters: Type.Array(StoredKeyValue),
  /** '' sends the built-in JSON body. */
  template: Type.String(),
  webhookSecret: Nullable(Type.String()),
  webhookType: Type.String(),
})
export const StoredSlackConfig = Type.Object({ url: Type.String(), channel: Nullable(Type.String()) })
export const StoredSmsConfig = Type.Object({ name: Type.String(), number: Type.String() })
export type StoredEmailConfig = Static<typeof StoredEmailConfig>
export type StoredWebhookConfig = Static<typeof StoredWebhookConfig>
export type StoredSlackConfig = Static<typeof StoredSlackConfig>
export type StoredSmsConfig = Static<typeof StoredSmsConfig>

const storedFlags = {
  sendRecovery: Type.Boolean(),
  sendFailure: Type.Boolean(),
  sendDegraded: Type.Boolean(),
  sslExpiry: Type.Boolean(),
  sslExpiryThreshold: Type.Integer({ minimum: 1, maximum: 30 }),
  autoSubscribe: Type.Boolean(),
}
/** The notification flags of a stored channel, with their defaults applied. */
export const AlertChannelFlags = Type.Object(storedFlags)
export type AlertChannelFlags = Static<typeof AlertChannelFlags>

/** An alert channel as buildAlertChannelDoc stores it: its type, that type's config, and every flag. */
export const AlertChannelDoc = Type.Union([
  Type.Object({ type: Type.Literal('EMAIL'), config: StoredEmailConfig, ...storedFlags }),
  Type.Object({ type: Type.Literal('WEBHOOK'), config: StoredWebhookConfig, ...storedFlags }),
  Type.Object({ type: Type.Literal('SLACK'), config: StoredSlackConfig, ...storedFlags }),
  Type.Object({ type: Type.Literal('SMS'), config: StoredSmsConfig, ...storedFlags }),
])
export type AlertChannelDoc = Static<typeof AlertChannelDoc>
/** A channel's type with its config, kept together so that the config's shape follows from the type. */
export type ChannelSetting = AlertChannelDoc extends infer D ? (D extends AlertChannelDoc ? Pick<D, 'type' | 'config'> : never) : never

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
export type AlertChannelView = Static<typeof AlertChannelView>

/** What POST /v1/alert-channels/{id}/test did: the one notification it sent, delivered or not, and why. */
export const ChannelTestResult = Type.Object({
  delivered: Type.Boolean(),
  statusCode: Type.Optional(Type.Integer({ description: "The receiver's HTTP status, for channels that answer over HTTP." })),
  message: Type.String(),
})
export type ChannelTestResult = Static<typeof ChannelTestResult>
