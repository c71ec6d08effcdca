/**
 * E-mail channel: a message with a text and an HTML part, sent with nodemailer through the operator's SMTP server
 * (SMTP_URL, e.g. `smtp://user:pass@mail.example.com:587`, `smtps://…:465`; transport options such as
 * `?ignoreTLS=true` or `?tls.rejectUnauthorized=false` may be given as query parameters) from SMTP_FROM.
 * A permanent SMTP rejection (5xx) is not retried; connection problems and 4xx replies are.
 */
import nodemailer from 'nodemailer'
import { clip, type DeliveryOutcome } from '../notifier-retry.js'
import { SEND_TIMEOUT_MS } from './http-send.js'
import { emailBodies } from './email-body.js'
import { headline, type NotificationVariables } from './variables.js'

export interface SmtpSettings {
  url: string | undefined
  from: string
}

export interface EmailMessage {
  subject: string
  text: string
  html: string
}

export function buildEmail(v: NotificationVariables): EmailMessage {
  return { subject: `[Picket] ${headline(v)}`, ...emailBodies(v) }
}

export async function sendEmail(smtp: SmtpSettings, to: string, v: NotificationVariables): Promise<DeliveryOutcome> {
  return sendMailMessage(smtp, to, buildEmail(v))
}

/** Sends one message through SMTP_URL (alert e-mails and status page subscriber e-mails alike). */
export async function sendMailMessage(smtp: SmtpSettings, to: string, message: EmailMessage & { headers?: Record<string, string> }): Promise<DeliveryOutcome> {
  if (!smtp.url) return { ok: false, kind: 'final', error: 'SMTP is not configured: the operator has to set SMTP_URL to send e-mail', responseStatus: null, result: null }
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  })
  try {
    const info = await transport.sendMail({ from: smtp.from, to, ...message })
    return { ok: true, responseStatus: null, result: clip(String(info.response ?? '')) }
  } catch (err) {
    const e = err as { responseCode?: unknown; response?: unknown; message?: unknown; code?: unknown }
    const code = typeof e.responseCode === 'number' ? e.responseCode : null
    const message = typeof e.message === 'string' ? e.message : String(err)
    const error = clip(`SMTP delivery to ${to} failed: ${message}`)
    const result = typeof e.response === 'string' ? clip(e.response) : null
    return { ok: false, kind: code !== null && code >= 500 ? 'final' : 'retry', error, responseStatus: code, result }
  } finally {
    transport.close()
  }
}
