/** Alert channels as the API has them (alertChannelsApi): types, config per type, flags. */
import type { AlertChannelView, SubscriptionView } from '../../../api/contracts'

export type AlertChannel = AlertChannelView
export type ChannelType = AlertChannel['type']
export type ChannelConfig = AlertChannel['config']
export type WebhookMethod = NonNullable<ChannelConfig['method']>
export type KeyValue = NonNullable<ChannelConfig['headers']>[number]
export type Subscription = SubscriptionView
export type ChannelFlags = Pick<AlertChannel, 'sendRecovery' | 'sendFailure' | 'sendDegraded' | 'sslExpiry' | 'sslExpiryThreshold' | 'autoSubscribe'>

/** The choices the form offers, in order; `satisfies` keeps them to the contract's. */
export const CHANNEL_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'SMS'] as const satisfies readonly ChannelType[]
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'HEAD', 'DELETE'] as const satisfies readonly WebhookMethod[]

export const TYPE_LABELS: Record<ChannelType, string> = { EMAIL: 'E-mail', WEBHOOK: 'Webhook', SLACK: 'Slack', SMS: 'SMS' }

export const FLAG_DEFAULTS: ChannelFlags = { sendRecovery: true, sendFailure: true, sendDegraded: false, sslExpiry: false, sslExpiryThreshold: 30, autoSubscribe: false }

export const CONFIG_DEFAULTS: Record<ChannelType, ChannelConfig> = {
  EMAIL: { address: '' },
  WEBHOOK: { name: '', url: '', method: 'POST', headers: [], queryParameters: [], template: '', webhookSecret: null, webhookType: 'WEBHOOK' },
  SLACK: { url: '', channel: null },
  SMS: { name: '', number: '' },
}

/** What a channel sends to, in a word. */
export function channelTarget(c: AlertChannel): string {
  switch (c.type) {
    case 'EMAIL':
      return c.config.address ?? ''
    case 'SMS':
      return `${c.config.name ?? ''} (${c.config.number ?? ''})`
    case 'SLACK':
      return c.config.channel ? `${c.config.channel} · ${c.config.url ?? ''}` : (c.config.url ?? '')
    default:
      return `${c.config.name ?? ''} · ${c.config.method ?? 'POST'} ${c.config.url ?? ''}`
  }
}

/** The channel's name in a title: its own name, or what it sends to (a Slack channel's URL is its credential). */
export function channelTitle(c: AlertChannel): string {
  switch (c.type) {
    case 'EMAIL':
      return c.config.address || 'E-mail channel'
    case 'SLACK':
      return c.config.channel || 'Slack channel'
    default:
      return c.config.name || `${TYPE_LABELS[c.type]} channel`
  }
}
