/**
 * Sends one notification through one alert channel by its type (webhook, Slack, e-mail, SMS): the delivery code
 * the notifier uses for the outbox and the console's "send a test notification" alike.
 */
import type { NotificationPayload } from './notifier-payload.js'
import type { DeliveryOutcome } from './notifier-retry.js'
import { buildVariables, templateContext } from './channels/variables.js'
import { sendWebhook, type WebhookConfig } from './channels/webhook.js'
import { sendSlack, type SlackConfig } from './channels/slack.js'
import { sendEmail, type SmtpSettings } from './channels/email.js'
import { sendSms, type SmsGatewaySettings } from './channels/sms.js'

export interface ChannelSendSettings {
  smtp: SmtpSettings
  sms: SmsGatewaySettings
  resultLinkBase: string
}

type Doc = Record<string, unknown>

const final = (error: string): DeliveryOutcome => ({ ok: false, kind: 'final', error, responseStatus: null, result: null })

/** channel: the stored channel document; accountVariables: read only for webhooks (their templates may use them). */
export async function sendThroughChannel(
  channel: Doc,
  payload: NotificationPayload,
  settings: ChannelSendSettings,
  accountVariables: () => Promise<Record<string, string>>,
  now: number,
): Promise<DeliveryOutcome> {
  const config = (channel.config ?? {}) as Doc
  const sources = { resultLinkBase: settings.resultLinkBase }
  const variables = buildVariables(payload, sources)
  switch (channel.type) {
    case 'WEBHOOK': {
      const context = templateContext(payload, { ...sources, accountVariables: await accountVariables() })
      return sendWebhook({ config: config as unknown as WebhookConfig, variables, context, alertAt: payload.alert.createdAt, now })
    }
    case 'SLACK':
      return sendSlack(variables, config as unknown as SlackConfig, now)
    case 'EMAIL':
      return sendEmail(settings.smtp, String(config.address ?? ''), variables)
    case 'SMS':
      return sendSms(settings.sms, String(config.number ?? ''), variables, now)
    default:
      return final(`alert channels of type ${String(channel.type)} cannot be delivered`)
  }
}
