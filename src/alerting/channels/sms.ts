/**
 * SMS channel, through the operator's HTTP SMS gateway. The gateway contract:
 *   POST SMS_GATEWAY_URL
 *   Content-Type: application/json
 *   Authorization: Basic base64(SMS_GATEWAY_USERNAME:SMS_GATEWAY_PASSWORD)   (when a username is set)
 *   {"to": "+14155550100", "from": SMS_FROM (only when set), "text": "… at most 160 characters …"}
 * Any 2xx answer means accepted; 429 is rate limited (Retry-After honoured); other answers and network errors
 * are retried. Numbers must be E.164 (+, 2 to 15 digits).
 */
import { E164_PATTERN } from '../../domain/alert-channels/config-rules.js'
import type { DeliveryOutcome } from '../notifier-retry.js'
import { sendHttp } from './http-send.js'
import { headline, type NotificationVariables } from './variables.js'

export const SMS_MAX_CHARS = 160

export interface SmsGatewaySettings {
  url: string | undefined
  username: string | undefined
  password: string | undefined
  from: string | undefined
}

const cut = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/** `Picket: Check "X" has failed in Frankfurt <link>`: the link only when it fits whole, else the error. */
export function buildSmsText(v: NotificationVariables): string {
  const core = `Picket: ${headline(v)}${v.REGION && v.CHECK_RESULT_ID ? ` in ${v.RUN_LOCATION}` : ''}`
  const withLink = `${core} ${v.RESULT_LINK}`
  if (withLink.length <= SMS_MAX_CHARS) return withLink
  if (v.CHECK_ERROR_MESSAGE) return cut(`${core}: ${v.CHECK_ERROR_MESSAGE.replace(/\s+/g, ' ')}`, SMS_MAX_CHARS)
  return cut(core, SMS_MAX_CHARS)
}

export function buildSmsRequestBody(gateway: SmsGatewaySettings, to: string, text: string): Record<string, string> {
  return { to, ...(gateway.from ? { from: gateway.from } : {}), text }
}

export async function sendSms(gateway: SmsGatewaySettings, to: string, v: NotificationVariables, now: number): Promise<DeliveryOutcome> {
  if (!gateway.url) return { ok: false, kind: 'final', error: 'SMS is not configured: the operator has to set SMS_GATEWAY_URL to send SMS', responseStatus: null, result: null }
  if (!E164_PATTERN.test(to)) return { ok: false, kind: 'final', error: `"${to}" is not an E.164 phone number`, responseStatus: null, result: null }
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (gateway.username) headers.authorization = `Basic ${Buffer.from(`${gateway.username}:${gateway.password ?? ''}`).toString('base64')}`
  const body = JSON.stringify(buildSmsRequestBody(gateway, to, buildSmsText(v)))
  return sendHttp({ method: 'POST', url: gateway.url, headers, body }, now)
}
