/**
 * Webhook channel: the request is built from the channel config (pure) and sent.
 *   - url, body, header values and query values are Handlebars templates (see template.ts for escaping);
 *   - an empty template sends a JSON object of the notification variables;
 *   - `x-picket-timestamp` (and `x-checkly-timestamp`) on every request: the time the alert was raised, epoch
 *     milliseconds, the same on every retry, so a receiver can drop a message that arrives after a newer one;
 *   - with a webhookSecret, `x-picket-signature` (and `x-checkly-signature`) is the hex HMAC-SHA256 of the exact
 *     body bytes, keyed with the secret.
 */
import { createHmac } from 'node:crypto'
import { setOwn } from '../../lib/own-keys.js'
import { bodyMode, renderTemplate, TemplateError } from './template.js'
import { sendHttp, type HttpRequestSpec } from './http-send.js'
import type { NotificationVariables, TemplateContext } from './variables.js'
import type { DeliveryOutcome } from '../notifier-retry.js'

export interface WebhookConfig {
  url: string
  method?: string
  headers?: Array<{ key: string; value: string }>
  queryParameters?: Array<{ key: string; value: string }>
  template?: string | null
  webhookSecret?: string | null
}

export interface WebhookInput {
  config: WebhookConfig
  /** The event variables (the default body). */
  variables: NotificationVariables
  /** The template context: account and group variables plus the event variables. */
  context: TemplateContext
  /** When the alert was raised (x-picket-timestamp). */
  alertAt: number
  now: number
}

const NO_BODY = new Set(['GET', 'HEAD'])
const USER_AGENT = 'Picket-Webhook/1'
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export const signBody = (secret: string, body: string): string => createHmac('sha256', secret).update(body, 'utf8').digest('hex')

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ')

/** The request a webhook channel sends for a notification; throws TemplateError when something does not render. */
export function buildWebhookRequest(input: WebhookInput): HttpRequestSpec {
  const { config, context, now } = input
  const render = (source: string, where: string, mode: 'uri' | 'none' | 'json' | 'html') => renderTemplate(source, context, { mode, now, where })
  const method = (config.method ?? 'POST').toUpperCase()

  const rendered = render(config.url, 'url', 'uri').trim()
  let url: URL
  try {
    url = new URL(rendered)
  } catch {
    throw new TemplateError('url', new Error(`"${rendered}" is not a valid URL`))
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TemplateError('url', new Error(`"${rendered}" is not an http(s) URL`))
  for (const q of config.queryParameters ?? []) url.searchParams.append(q.key, render(q.value, `query parameter ${q.key}`, 'none'))

  const template = config.template ?? ''
  const custom = template.trim() !== ''
  const body = custom ? render(template, 'body', bodyMode(template)) : JSON.stringify(input.variables)
  const json = !custom || bodyMode(template) === 'json'

  const headers: Record<string, string> = {
    'content-type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'user-agent': USER_AGENT,
  }
  for (const h of config.headers ?? []) {
    const name = h.key.trim()
    if (!HEADER_NAME.test(name)) throw new TemplateError(`header ${name}`, new Error('is not a valid HTTP header name'))
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing]
    setOwn(headers, name, oneLine(render(h.value, `header ${name}`, 'none')))
  }
  const sent = NO_BODY.has(method) ? null : body
  const timestamp = String(input.alertAt)
  headers['x-picket-timestamp'] = timestamp
  headers['x-checkly-timestamp'] = timestamp
  if (config.webhookSecret) {
    const signature = signBody(config.webhookSecret, sent ?? '')
    headers['x-picket-signature'] = signature
    headers['x-checkly-signature'] = signature
  }
  return { method, url: url.toString(), headers, body: sent }
}

export async function sendWebhook(input: WebhookInput): Promise<DeliveryOutcome> {
  let request: HttpRequestSpec
  try {
    request = buildWebhookRequest(input)
  } catch (err) {
    if (err instanceof TemplateError) return { ok: false, kind: 'final', error: err.message, responseStatus: null, result: null }
    throw err
  }
  return sendHttp(request, input.now)
}
