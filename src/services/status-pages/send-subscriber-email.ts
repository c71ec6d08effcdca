/** Sends one subscriber e-mail through the operator's SMTP server (SMTP_URL, SMTP_FROM), with the unsubscribe headers. */
import nodemailer from 'nodemailer'
import { SEND_TIMEOUT_MS } from '../../alerting/channels/http-send.js'
import { clip, type DeliveryOutcome } from '../../alerting/notifier-retry.js'
import { unsubscribeHeaders, type SubscriberEmail } from '../../domain/status-pages/subscriber-emails.js'

export interface SmtpSettings {
  url: string | undefined
  from: string
}

/** A permanent SMTP rejection (5xx) is final; connection problems and 4xx replies are retried. */
export async function sendSubscriberEmail(smtp: SmtpSettings, to: string, message: SubscriberEmail): Promise<DeliveryOutcome> {
  if (!smtp.url) return { ok: false, kind: 'final', error: 'SMTP is not configured: the operator has to set SMTP_URL to send e-mail', responseStatus: null, result: null }
  const transport = nodemailer.createTransport({ url: smtp.url, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS })
  try {
    const info = await transport.sendMail({
      from: smtp.from,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: unsubscribeHeaders(message.unsubscribeUrl),
    })
    return { ok: true, responseStatus: null, result: clip(String(info.response ?? '')) }
  } catch (err) {
    const e = err as { responseCode?: unknown; message?: unknown }
    const code = typeof e.responseCode === 'number' ? e.responseCode : null
    const error = clip(`SMTP delivery to ${to} failed: ${typeof e.message === 'string' ? e.message : String(err)}`)
    return { ok: false, kind: code !== null && code >= 500 ? 'final' : 'retry', error, responseStatus: code, result: null }
  } finally {
    transport.close()
  }
}
