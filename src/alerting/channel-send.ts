/**
 * Sends one notification through one alert channel by its type (webhook, Slack, e-mail, SMS): the delivery code
 * the notifier uses for the outbox and the console's "send a test notification" alike.
 */
import type { AlertChannelDoc } from '../domain/alert-channels/schemas.js'
import type { NotificationPayload } from './notifier-payload.js'
import type { DeliveryOutcome } from './notifier-retry.js'
import { buildVariables, templateContext } from './channels/variables.js'
import { sendWebhook } from './channels/webhook.js'
import { sendSlack } from './channels/slack.js'
import { sendEmail, type SmtpSettings } from './channels/email.js'
import { sendSms, type SmsGatewaySettings } from './channels/sms.js'

export interface ChannelSendSettings {
  smtp: SmtpSettings
  sms: SmsGatewaySettings
  resultLinkBase: string
}

const final = (error: string): DeliveryOutcome => ({ ok: false, kind: 'final', error, responseStatus: null, result: null })

/** channel: the stored channel document; accountVariables: read only for webhooks (their templates may use them). */
export async function sendThroughChannel(
  channel: AlertChannelDoc,
  payload: NotificationPayload,
  settings: ChannelSendSettings,
  accountVariables: () => Promise<Record<string, string>>,
  now: number,
): Promise<DeliveryOutcome> {
  const type: string = channel.type
  const sources = { resultLinkBase: settings.resultLinkBase }
  const variables = buildVariables(payload, sources)
  switch (channel.type) {
    case 'WEBHOOK': {
      const context = templateContext(payload, { ...sources, accountVariables: await accountVariables() })
      return sendWebhook({ config: channel.config, variables, context, alertAt: payload.alert.createdAt, now })
    }
    case 'SLACK':
      return sendSlack(variables, channel.config, now)
    case 'EMAIL':
      return sendEmail(settings.smtp, String(channel.config.address ?? ''), variables)
    case 'SMS':
      return sendSms(settings.sms, String(channel.config.number ?? ''), variables, now)
    default:
      // The type admits no other channel type, but a document stored by another version may hold one.
      return final(`alert channels of type ${type} cannot be delivered`)
  }
}
