/**
 * The config of an alert channel, one rule per channel type (pure). The route schema checks only that config is an
 * object, because its shape depends on `type`; these functions check the shape, apply defaults and drop unknown keys,
 * naming each offending field as `config.<field>`.
 */
import type { Static } from 'typebox'
import type { FieldErrorCollector } from '../errors.js'
import type { KeyValue } from '../checks/shared-schemas.js'
import { validateHttpUrl } from '../checks/url-rules.js'
import type { ChannelSetting, StoredEmailConfig, StoredSlackConfig, StoredSmsConfig, StoredWebhookConfig } from './schemas.js'

export const ALERT_CHANNEL_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'SMS'] as const
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number]
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'HEAD', 'DELETE'] as const
/** WEBHOOK or a vendor flavour of it (WEBHOOK_MSTEAMS, WEBHOOK_TELEGRAM, ...). */
export const WEBHOOK_TYPE_PATTERN = /^WEBHOOK(_[A-Z0-9]+)*$/
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/
const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/
const MAX_KEY_VALUES = 50

/**
 * A config as a body gives it. The route schema checks only that it is an object, as its shape depends on the type:
 * the rules below read it key by key and build the stored config from what they accept.
 */
export type GivenConfig = Record<string, unknown>

/**
 * The config each channel type takes: what the rules below accept (the route schema checks only that config is an
 * object). Typed here, next to the rules, for the constructs (src/constructs) and other typed callers.
 */
export interface EmailChannelConfig {
  address: string
}
export interface WebhookChannelConfig {
  name: string
  /** http(s); may hold {{VARIABLES}}. */
  url: string
  method?: (typeof WEBHOOK_METHODS)[number]
  headers?: Array<Static<typeof KeyValue>> | null
  queryParameters?: Array<Static<typeof KeyValue>> | null
  /** '' (the default): the built-in JSON body. */
  template?: string | null
  webhookSecret?: string | null
  /** WEBHOOK (default) or WEBHOOK_<VENDOR>. */
  webhookType?: string
}
export interface SlackChannelConfig {
  url: string
  channel?: string | null
}
export interface SmsChannelConfig {
  name: string
  /** E.164, e.g. +14155550100. */
  number: string
}
export interface ChannelConfigByType {
  EMAIL: EmailChannelConfig
  WEBHOOK: WebhookChannelConfig
  SLACK: SlackChannelConfig
  SMS: SmsChannelConfig
}

export const isAlertChannelType = (v: unknown): v is AlertChannelType => (ALERT_CHANNEL_TYPES as readonly unknown[]).includes(v)
export const isGivenObject = (v: unknown): v is GivenConfig => v !== null && typeof v === 'object' && !Array.isArray(v)

interface StringRule {
  required?: boolean
  max: number
  /** An empty string is "not given" for optional fields, a problem for required ones. */
  nullable?: boolean
}

/** A string field of config, or undefined when absent (or invalid: the problem is recorded). */
function text(config: GivenConfig, key: string, errors: FieldErrorCollector, rule: StringRule): string | undefined {
  const field = `config.${key}`
  const value = config[key]
  if (value === undefined || (value === null && !rule.required)) {
    if (rule.required) errors.add(field, 'is required')
    return undefined
  }
  if (typeof value !== 'string') {
    errors.add(field, rule.nullable ? 'must be string or null' : 'must be string')
    return undefined
  }
  if (rule.required && value.length === 0) {
    errors.add(field, 'must not be empty')
    return undefined
  }
  if (value.length > rule.max) {
    errors.add(field, `must be at most ${rule.max} characters long`)
    return undefined
  }
  return value
}

/** headers / queryParameters: key-value entries {key, value, locked (default false)}. */
function keyValues(config: GivenConfig, key: string, errors: FieldErrorCollector): StoredWebhookConfig['headers'] {
  const field = `config.${key}`
  const value = config[key]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    errors.add(field, 'must be array')
    return []
  }
  if (value.length > MAX_KEY_VALUES) errors.add(field, `must have at most ${MAX_KEY_VALUES} entries`)
  return value.map((entry: unknown, i) => {
    const at = `${field}[${i}]`
    if (!isGivenObject(entry)) {
      errors.add(at, 'must be object')
      return { key: '', value: '', locked: false }
    }
    const { key: k, value: v, locked } = entry
    if (typeof k !== 'string') errors.add(`${at}.key`, k === undefined ? 'is required' : 'must be string')
    else if (k.length === 0 || k.length > 1024) errors.add(`${at}.key`, 'must be 1 to 1024 characters long')
    if (typeof v !== 'string') errors.add(`${at}.value`, v === undefined ? 'is required' : 'must be string')
    else if (v.length > 16384) errors.add(`${at}.value`, 'must be at most 16384 characters long')
    if (locked !== undefined && typeof locked !== 'boolean') errors.add(`${at}.locked`, 'must be boolean')
    // A malformed entry is reported above, and a config with a problem is never stored.
    return { key: typeof k === 'string' ? k : '', value: typeof v === 'string' ? v : '', locked: locked === true }
  })
}

function strictHttpUrl(value: string | undefined, field: string, errors: FieldErrorCollector): void {
  if (value === undefined) return
  if (!/^https?:\/\//i.test(value)) return errors.add(field, 'must start with http:// or https://')
  try {
    new URL(value)
  } catch {
    errors.add(field, 'must be a valid URL')
  }
}

export function emailConfig(config: GivenConfig, errors: FieldErrorCollector): StoredEmailConfig {
  const address = text(config, 'address', errors, { required: true, max: 254 })
  if (address !== undefined && !EMAIL_PATTERN.test(address)) errors.add('config.address', 'must be a valid e-mail address')
  return { address: address ?? '' }
}

export function webhookConfig(config: GivenConfig, errors: FieldErrorCollector): StoredWebhookConfig {
  const name = text(config, 'name', errors, { required: true, max: 255 })
  const url = text(config, 'url', errors, { required: true, max: 2048 })
  // The URL may be a Handlebars template ({{VAR}} parts are resolved when the alert is sent).
  validateHttpUrl(url, 'config.url', errors)
  const method = WEBHOOK_METHODS.find((m) => m === (config.method ?? 'POST'))
  if (method === undefined) errors.add('config.method', `must be one of: ${WEBHOOK_METHODS.map((m) => `"${m}"`).join(', ')}`)
  const template = text(config, 'template', errors, { max: 65536, nullable: true }) ?? ''
  const secret = text(config, 'webhookSecret', errors, { max: 1024, nullable: true })
  const webhookType = text(config, 'webhookType', errors, { max: 64 }) ?? 'WEBHOOK'
  if (!WEBHOOK_TYPE_PATTERN.test(webhookType)) errors.add('config.webhookType', 'must be WEBHOOK or WEBHOOK_<VENDOR> (e.g. WEBHOOK_MSTEAMS)')
  return {
    name: name ?? '',
    url: url ?? '',
    method: method ?? 'POST',
    headers: keyValues(config, 'headers', errors),
    queryParameters: keyValues(config, 'queryParameters', errors),
    template,
    webhookSecret: secret === undefined || secret === '' ? null : secret,
    webhookType,
  }
}

export function slackConfig(config: GivenConfig, errors: FieldErrorCollector): StoredSlackConfig {
  const url = text(config, 'url', errors, { required: true, max: 2048 })
  strictHttpUrl(url, 'config.url', errors)
  const channel = text(config, 'channel', errors, { max: 255, nullable: true })
  return { url: url ?? '', channel: channel === undefined || channel === '' ? null : channel }
}

export function smsConfig(config: GivenConfig, errors: FieldErrorCollector): StoredSmsConfig {
  const name = text(config, 'name', errors, { required: true, max: 255 })
  const number = text(config, 'number', errors, { required: true, max: 64 })
  if (number !== undefined && !E164_PATTERN.test(number)) errors.add('config.number', 'must be an E.164 phone number: + and up to 15 digits, no spaces (e.g. +14155550100)')
  return { name: name ?? '', number: number ?? '' }
}

/** The type with its normalized config (problems are recorded in errors). */
export function channelConfig(type: AlertChannelType, config: GivenConfig, errors: FieldErrorCollector): ChannelSetting {
  switch (type) {
    case 'EMAIL':
      return { type, config: emailConfig(config, errors) }
    case 'WEBHOOK':
      return { type, config: webhookConfig(config, errors) }
    case 'SLACK':
      return { type, config: slackConfig(config, errors) }
    case 'SMS':
      return { type, config: smsConfig(config, errors) }
  }
}
