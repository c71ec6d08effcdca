/** Alert channels as the API has them (GET/POST/PUT /v1/alert-channels): types, config per type, flags. */

export const CHANNEL_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'SMS'] as const
export type ChannelType = (typeof CHANNEL_TYPES)[number]
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'HEAD', 'DELETE'] as const
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number]

export const TYPE_LABELS: Record<ChannelType, string> = { EMAIL: 'E-mail', WEBHOOK: 'Webhook', SLACK: 'Slack', SMS: 'SMS' }

export interface KeyValue {
  key: string
  value: string
  locked?: boolean
}

export interface ChannelConfig {
  address?: string
  name?: string
  url?: string
  method?: WebhookMethod
  headers?: KeyValue[]
  queryParameters?: KeyValue[]
  template?: string
  webhookSecret?: string | null
  webhookType?: string
  channel?: string | null
  number?: string
}

export interface Subscription {
  checkId: string | null
  groupId: number | null
  activated: boolean
}

export interface ChannelFlags {
  sendRecovery: boolean
  sendFailure: boolean
  sendDegraded: boolean
  sslExpiry: boolean
  sslExpiryThreshold: number
  autoSubscribe: boolean
}

export interface AlertChannel extends ChannelFlags {
  id: number
  type: ChannelType
  config: ChannelConfig
  subscriptions: Subscription[]
  created_at: string
  updated_at: string | null
}

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

export const CHANNELS_PATH = '/v1/alert-channels'
