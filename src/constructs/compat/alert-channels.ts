/**
 * The hosted service's email, webhook, Slack and SMS alert channels: Picket's channels of the same names, with a
 * `url` given as a URL object taken as its string, as the vendor accepts it.
 */
import {
  EmailAlertChannel as PicketEmail,
  SlackAlertChannel as PicketSlack,
  SmsAlertChannel as PicketSms,
  WebhookAlertChannel as PicketWebhook,
  type AlertChannelProps,
} from '../alert-channel.js'
import type { Simplify } from '../schema-types.js'

type WithUrlObject<P extends { url: string }> = Simplify<Omit<P, 'url'> & { url: string | URL }>

export type EmailAlertChannelProps = AlertChannelProps<'EMAIL'>
export type WebhookAlertChannelProps = WithUrlObject<AlertChannelProps<'WEBHOOK'>>
export type SlackAlertChannelProps = WithUrlObject<AlertChannelProps<'SLACK'>>
export type SmsAlertChannelProps = AlertChannelProps<'SMS'>

const withUrlString = <P extends { url: string | URL }>(props: P): Omit<P, 'url'> & { url: string } => ({ ...props, url: String(props.url) })

export class EmailAlertChannel extends PicketEmail {
  constructor(logicalId: string, props: EmailAlertChannelProps) {
    super(logicalId, props)
  }
}

export class WebhookAlertChannel extends PicketWebhook {
  constructor(logicalId: string, props: WebhookAlertChannelProps) {
    super(logicalId, withUrlString(props))
  }
}

export class SlackAlertChannel extends PicketSlack {
  constructor(logicalId: string, props: SlackAlertChannelProps) {
    super(logicalId, withUrlString(props))
  }
}

export class SmsAlertChannel extends PicketSms {
  constructor(logicalId: string, props: SmsAlertChannelProps) {
    super(logicalId, props)
  }
}
