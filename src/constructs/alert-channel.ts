/**
 * Alert channels (POST /v1/alert-channels). `AlertChannel` takes the create body as the API does (type and config);
 * the typed kinds (EmailAlertChannel, WebhookAlertChannel, SlackAlertChannel, SmsAlertChannel) take their config
 * fields and the notification flags side by side. Checks and groups subscribe with `alertChannels: [channel]`.
 */
import type { Static } from 'typebox'
import { AlertChannelCreateBody } from '../domain/alert-channels/schemas.js'
import type { ChannelConfigByType } from '../domain/alert-channels/config-rules.js'
import type { DeployResource } from '../domain/projects/deploy-request.js'
import { Construct, withoutUndefined } from './construct.js'
import type { Simplify } from './schema-types.js'

/** The create body of POST /v1/alert-channels. */
export type AlertChannelBody = Static<typeof AlertChannelCreateBody>
/** sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold, autoSubscribe. */
export type AlertChannelFlags = Omit<AlertChannelBody, 'type' | 'config'>
/** The props of a typed channel: its config fields and the flags. */
export type AlertChannelProps<T extends keyof ChannelConfigByType> = Simplify<ChannelConfigByType[T] & AlertChannelFlags>

/** The flag names, from the schema. */
const FLAG_NAMES = Object.keys(AlertChannelCreateBody.properties).filter((k) => k !== 'type' && k !== 'config')

export class AlertChannel extends Construct {
  readonly body: AlertChannelBody

  constructor(logicalId: string, body: AlertChannelBody) {
    super('alert-channel', logicalId)
    this.body = body
  }

  /** The body of a typed channel from its props: flags at the top level, everything else in config. */
  protected static bodyOf<T extends keyof ChannelConfigByType>(type: T, props: AlertChannelProps<T>): AlertChannelBody {
    const flags: Record<string, unknown> = {}
    const config: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(props)) (FLAG_NAMES.includes(key) ? flags : config)[key] = value
    return { type, config, ...flags }
  }

  toResource(): DeployResource {
    return { kind: this.kind, logicalId: this.logicalId, payload: withoutUndefined({ ...this.body }) }
  }
}

export class EmailAlertChannel extends AlertChannel {
  constructor(logicalId: string, props: AlertChannelProps<'EMAIL'>) {
    super(logicalId, AlertChannel.bodyOf('EMAIL', props))
  }
}

export class WebhookAlertChannel extends AlertChannel {
  constructor(logicalId: string, props: AlertChannelProps<'WEBHOOK'>) {
    super(logicalId, AlertChannel.bodyOf('WEBHOOK', props))
  }
}

export class SlackAlertChannel extends AlertChannel {
  constructor(logicalId: string, props: AlertChannelProps<'SLACK'>) {
    super(logicalId, AlertChannel.bodyOf('SLACK', props))
  }
}

export class SmsAlertChannel extends AlertChannel {
  constructor(logicalId: string, props: AlertChannelProps<'SMS'>) {
    super(logicalId, AlertChannel.bodyOf('SMS', props))
  }
}
