/** Sends one subscriber e-mail through the operator's SMTP server (SMTP_URL, SMTP_FROM), with the unsubscribe headers. */
import { sendMailMessage, type SmtpSettings } from '../../alerting/channels/email.js'
import type { DeliveryOutcome } from '../../alerting/notifier-retry.js'
import { unsubscribeHeaders, type SubscriberEmail } from '../../domain/status-pages/subscriber-emails.js'

/** A permanent SMTP rejection (5xx) is final; connection problems and 4xx replies are retried. */
export function sendSubscriberEmail(smtp: SmtpSettings, to: string, message: SubscriberEmail): Promise<DeliveryOutcome> {
  return sendMailMessage(smtp, to, { subject: message.subject, text: message.text, html: message.html, headers: unsubscribeHeaders(message.unsubscribeUrl) })
}
