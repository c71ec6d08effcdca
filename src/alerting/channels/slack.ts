/**
 * Slack channel: a message to an incoming-webhook URL. `text` is the headline (what notifications and clients
 * without attachments show); one attachment in the alert's colour (failure #a30200, recovery #2eb886, degraded
 * and SSL #daa038) carries the details as Block Kit blocks. `channel` overrides the webhook's default channel
 * where Slack still honours it (legacy webhooks).
 */
import { sendHttp } from './http-send.js'
import { headline, SEVERITY_COLORS, severityOf, type NotificationVariables } from './variables.js'
import type { DeliveryOutcome } from '../notifier-retry.js'

export interface SlackConfig {
  url: string
  channel?: string | null
}

/** Slack's mrkdwn needs only &, < and > escaped. */
export const slackEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The parts of Slack's Block Kit a message uses. */
interface MrkdwnText {
  type: 'mrkdwn'
  text: string
}
type Block = { type: 'section'; text: MrkdwnText } | { type: 'section'; fields: MrkdwnText[] } | { type: 'context'; elements: MrkdwnText[] }

export interface SlackMessage {
  text: string
  channel?: string
  attachments: Array<{ color: string; fallback: string; blocks: Block[] }>
}

const mrkdwn = (text: string): MrkdwnText => ({ type: 'mrkdwn', text })

export function buildSlackMessage(v: NotificationVariables, config: SlackConfig): SlackMessage {
  const title = headline(v)
  const facts: Array<[string, string | null]> = [
    ['Check type', v.CHECK_TYPE],
    ['Location', v.REGION ? `${v.RUN_LOCATION}${v.RUN_LOCATION !== v.REGION ? ` (${v.REGION})` : ''}` : null],
    ['Response time', v.CHECK_RESULT_ID ? `${v.RESPONSE_TIME} ms` : null],
    ['Started at', v.STARTED_AT],
    ['Group', v.GROUP_NAME],
    ['Status code', v.API_CHECK_RESPONSE_STATUS_CODE === null ? null : String(v.API_CHECK_RESPONSE_STATUS_CODE)],
    ['Certificate', v.SSL_CHECK_DOMAIN ? `${v.SSL_CHECK_DOMAIN}, ${v.SSL_DAYS_REMAINING ?? 0} days left` : null],
  ]
  const fields = facts.filter(([, value]) => value !== null && value !== '').map(([label, value]) => mrkdwn(`*${label}*\n${slackEscape(value ?? '')}`))
  const blocks: Block[] = [{ type: 'section', text: mrkdwn(`*<${v.RESULT_LINK}|${slackEscape(title)}>*`) }]
  if (v.CHECK_ERROR_MESSAGE) blocks.push({ type: 'section', text: mrkdwn(`\`\`\`${slackEscape(v.CHECK_ERROR_MESSAGE.slice(0, 2800))}\`\`\``) })
  if (fields.length > 0) blocks.push({ type: 'section', fields: fields.slice(0, 10) })
  if (v.TAGS.length > 0) blocks.push({ type: 'context', elements: [mrkdwn(`Tags: ${v.TAGS.map((t) => `\`${slackEscape(t)}\``).join(' ')}`)] })
  return {
    text: slackEscape(title),
    ...(config.channel ? { channel: config.channel } : {}),
    attachments: [{ color: SEVERITY_COLORS[severityOf(v.ALERT_TYPE)], fallback: title, blocks }],
  }
}

export function sendSlack(v: NotificationVariables, config: SlackConfig, now: number): Promise<DeliveryOutcome> {
  const body = JSON.stringify(buildSlackMessage(v, config))
  return sendHttp({ method: 'POST', url: config.url, headers: { 'content-type': 'application/json' }, body }, now)
}
