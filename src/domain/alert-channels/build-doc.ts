/**
 * The stored document of an alert channel, built from a create or update body (pure):
 * `{type, config, sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold, autoSubscribe}`.
 * The route schema checked the outer shape; this applies defaults, merges updates and checks config per type.
 */
import { FieldErrorCollector, ValidationError } from '../errors.js'
import { ALERT_CHANNEL_TYPES, channelConfig, isAlertChannelType, isGivenObject, type AlertChannelType, type GivenConfig } from './config-rules.js'
import type { AlertChannelDoc, AlertChannelFlags, AlertChannelUpdateBody, AlertChannelView, ChannelSetting, SubscriptionBody } from './schemas.js'

export type { AlertChannelDoc }

export const ALERT_CHANNEL_FLAG_DEFAULTS = {
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: false,
  sslExpiry: false,
  autoSubscribe: false,
} as const
const FLAGS = Object.keys(ALERT_CHANNEL_FLAG_DEFAULTS).filter((k): k is keyof typeof ALERT_CHANNEL_FLAG_DEFAULTS => Object.hasOwn(ALERT_CHANNEL_FLAG_DEFAULTS, k))
export const DEFAULT_SSL_EXPIRY_THRESHOLD = 30

/**
 * What responses show of a webhook secret: the first 3 characters and an ellipsis (only the ellipsis for secrets
 * shorter than 8 characters), or null when none is set.
 */
export function maskSecret(secret: unknown): string | null {
  if (typeof secret !== 'string' || secret === '') return null
  return secret.length < 8 ? '…' : `${secret.slice(0, 3)}…`
}

/** A channel's config as responses (and the notification log) show it. */
export type PublicChannelConfig = AlertChannelView['config']

/** The config as responses show it: the webhook secret masked. */
export function publicConfig(doc: ChannelSetting): PublicChannelConfig {
  const config: PublicChannelConfig = isGivenObject(doc.config) ? doc.config : {}
  return doc.type === 'WEBHOOK' ? { ...config, webhookSecret: maskSecret(config.webhookSecret) } : { ...config }
}

/**
 * An update's webhook config keeps the stored secret when it leaves webhookSecret out or sends back the masked
 * value it was shown; null or '' removes the secret, any other string replaces it.
 */
function keepSecret(given: GivenConfig, existing: AlertChannelDoc | undefined): GivenConfig {
  const stored = existing?.type === 'WEBHOOK' && isGivenObject(existing.config) ? existing.config.webhookSecret : undefined
  if (typeof stored !== 'string') return given
  if (!('webhookSecret' in given) || (given.webhookSecret !== null && given.webhookSecret === maskSecret(stored))) {
    return { ...given, webhookSecret: stored }
  }
  return given
}

/** The type and config of a stored channel, without its flags. */
function settingOf(doc: AlertChannelDoc): ChannelSetting {
  switch (doc.type) {
    case 'EMAIL':
      return { type: doc.type, config: doc.config }
    case 'WEBHOOK':
      return { type: doc.type, config: doc.config }
    case 'SLACK':
      return { type: doc.type, config: doc.config }
    case 'SMS':
      return { type: doc.type, config: doc.config }
  }
}

/**
 * The body's type is what its schema allows (a create body is an update body with type and config given); a body
 * that failed the schema still reaches these rules, so they read it defensively and report what is missing.
 */
export function buildAlertChannelDoc(body: AlertChannelUpdateBody, existing?: AlertChannelDoc): AlertChannelDoc {
  const errors = new FieldErrorCollector()
  let type: AlertChannelType = 'EMAIL'
  if (existing) {
    type = existing.type
    if (body.type !== undefined && body.type !== type) errors.add('type', `cannot be changed (this channel is ${type})`)
  } else if (isAlertChannelType(body.type)) {
    type = body.type
  } else {
    errors.add('type', body.type === undefined ? 'is required' : `must be one of: ${ALERT_CHANNEL_TYPES.map((t) => `"${t}"`).join(', ')}`)
  }

  let setting = existing ? settingOf(existing) : undefined
  const config: unknown = body.config
  if (isGivenObject(config)) {
    const given = type === 'WEBHOOK' ? keepSecret(config, existing) : config
    if (errors.empty) setting = channelConfig(type, given, errors)
  } else if (config !== undefined || !existing) {
    errors.add('config', config === undefined ? 'is required' : 'must be object')
  }

  const flags: AlertChannelFlags = { ...ALERT_CHANNEL_FLAG_DEFAULTS, sslExpiryThreshold: DEFAULT_SSL_EXPIRY_THRESHOLD }
  for (const flag of FLAGS) {
    const given: unknown = body[flag]
    const value: unknown = given ?? existing?.[flag]
    if (typeof value === 'boolean') flags[flag] = value
    else if (given !== undefined && given !== null) errors.add(flag, 'must be boolean')
  }
  const threshold: unknown = body.sslExpiryThreshold ?? existing?.sslExpiryThreshold
  if (typeof threshold === 'number' && Number.isInteger(threshold) && threshold >= 1 && threshold <= 30) flags.sslExpiryThreshold = threshold
  else if (threshold !== undefined && threshold !== null) errors.add('sslExpiryThreshold', 'must be an integer from 1 to 30')

  errors.throwIfAny()
  // Without a problem there is a setting: the stored one, or the one the body's config gave.
  if (!setting) throw new ValidationError({ config: 'is required' })
  return { ...setting, ...flags }
}

export type SubscriptionTargetInput = { checkId: string } | { groupId: number }

/**
 * The target of PUT /v1/alert-channels/{id}/subscriptions: a check or a group, never both or neither. Problems go to
 * `errors`; the target is undefined when the body names none that could be looked up, so that a problem elsewhere
 * (activated) does not stop the lookup of a well-formed target.
 */
export function subscriptionTarget(body: Partial<SubscriptionBody>, errors: FieldErrorCollector): { target: SubscriptionTargetInput | undefined; activated: boolean } {
  const targetErrors = new FieldErrorCollector()
  // The body may have failed its schema: its values are read as what they are.
  const checkId: unknown = body.checkId
  const groupId: unknown = body.groupId
  const activated: unknown = body.activated
  const hasCheck = checkId !== undefined && checkId !== null
  const hasGroup = groupId !== undefined && groupId !== null
  if (hasCheck && hasGroup) {
    targetErrors.add('checkId', 'give either checkId or groupId, not both')
    targetErrors.add('groupId', 'give either checkId or groupId, not both')
  } else if (!hasCheck && !hasGroup) {
    targetErrors.add('checkId', 'either checkId or groupId is required')
    targetErrors.add('groupId', 'either checkId or groupId is required')
  }
  const validCheck = typeof checkId === 'string' && checkId !== ''
  const validGroup = typeof groupId === 'number' && Number.isInteger(groupId) && groupId >= 1
  if (hasCheck && !validCheck) targetErrors.add('checkId', 'must be a non-empty string')
  if (hasGroup && !validGroup) targetErrors.add('groupId', 'must be a positive integer')
  for (const [field, why] of Object.entries(targetErrors.fields)) errors.add(field, why)
  if (typeof activated !== 'boolean') errors.add('activated', activated === undefined ? 'is required' : 'must be boolean')
  let target: SubscriptionTargetInput | undefined
  if (targetErrors.empty) target = validCheck ? { checkId } : validGroup ? { groupId } : undefined
  return { target, activated: activated === true }
}
