/**
 * The stored document of an alert channel, built from a create or update body (pure):
 * `{type, config, sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold, autoSubscribe}`.
 * The route schema checked the outer shape; this applies defaults, merges updates and checks config per type.
 */
import { FieldErrorCollector } from '../errors.js'
import { ALERT_CHANNEL_TYPES, channelConfig, isAlertChannelType, type AlertChannelType } from './config-rules.js'

type Doc = Record<string, unknown>

export interface AlertChannelDoc {
  type: AlertChannelType
  config: Doc
  sendRecovery: boolean
  sendFailure: boolean
  sendDegraded: boolean
  sslExpiry: boolean
  sslExpiryThreshold: number
  autoSubscribe: boolean
  [key: string]: unknown
}

export const ALERT_CHANNEL_FLAG_DEFAULTS = {
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: false,
  sslExpiry: false,
  autoSubscribe: false,
} as const
const FLAGS = Object.keys(ALERT_CHANNEL_FLAG_DEFAULTS) as Array<keyof typeof ALERT_CHANNEL_FLAG_DEFAULTS>
export const DEFAULT_SSL_EXPIRY_THRESHOLD = 30

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * What responses show of a webhook secret: the first 3 characters and an ellipsis (only the ellipsis for secrets
 * shorter than 8 characters), or null when none is set.
 */
export function maskSecret(secret: unknown): string | null {
  if (typeof secret !== 'string' || secret === '') return null
  return secret.length < 8 ? '…' : `${secret.slice(0, 3)}…`
}

/** The config as responses show it: the webhook secret masked. */
export function publicConfig(doc: Doc): Doc {
  const config = isObject(doc.config) ? doc.config : {}
  return doc.type === 'WEBHOOK' ? { ...config, webhookSecret: maskSecret(config.webhookSecret) } : { ...config }
}

/**
 * An update's webhook config keeps the stored secret when it leaves webhookSecret out or sends back the masked
 * value it was shown; null or '' removes the secret, any other string replaces it.
 */
function keepSecret(given: Doc, existing: Doc | undefined): Doc {
  const stored = isObject(existing?.config) ? existing.config.webhookSecret : undefined
  if (typeof stored !== 'string') return given
  if (!('webhookSecret' in given) || (given.webhookSecret !== null && given.webhookSecret === maskSecret(stored))) {
    return { ...given, webhookSecret: stored }
  }
  return given
}

export function buildAlertChannelDoc(body: Doc, existing?: Doc): AlertChannelDoc {
  const errors = new FieldErrorCollector()
  let type: AlertChannelType = 'EMAIL'
  if (existing) {
    type = existing.type as AlertChannelType
    if (body.type !== undefined && body.type !== type) errors.add('type', `cannot be changed (this channel is ${type})`)
  } else if (isAlertChannelType(body.type)) {
    type = body.type
  } else {
    errors.add('type', body.type === undefined ? 'is required' : `must be one of: ${ALERT_CHANNEL_TYPES.map((t) => `"${t}"`).join(', ')}`)
  }

  let config: Doc = isObject(existing?.config) ? existing.config : {}
  if (isObject(body.config)) {
    const given = type === 'WEBHOOK' ? keepSecret(body.config, existing) : body.config
    if (errors.empty) config = channelConfig(type, given, errors)
  } else if (body.config !== undefined || !existing) {
    errors.add('config', body.config === undefined ? 'is required' : 'must be object')
  }

  const doc: AlertChannelDoc = {
    type,
    config,
    ...ALERT_CHANNEL_FLAG_DEFAULTS,
    sslExpiryThreshold: DEFAULT_SSL_EXPIRY_THRESHOLD,
  }
  for (const flag of FLAGS) {
    const value = body[flag] ?? existing?.[flag]
    if (typeof value === 'boolean') doc[flag] = value
    else if (body[flag] !== undefined && body[flag] !== null) errors.add(flag, 'must be boolean')
  }
  const threshold = body.sslExpiryThreshold ?? existing?.sslExpiryThreshold
  if (Number.isInteger(threshold) && (threshold as number) >= 1 && (threshold as number) <= 30) doc.sslExpiryThreshold = threshold as number
  else if (threshold !== undefined && threshold !== null) errors.add('sslExpiryThreshold', 'must be an integer from 1 to 30')

  errors.throwIfAny()
  return doc
}

export type SubscriptionTargetInput = { checkId: string } | { groupId: number }

/**
 * The target of PUT /v1/alert-channels/{id}/subscriptions: a check or a group, never both or neither. Problems go to
 * `errors`; the target is undefined when the body names none that could be looked up, so that a problem elsewhere
 * (activated) does not stop the lookup of a well-formed target.
 */
export function subscriptionTarget(body: Doc, errors: FieldErrorCollector): { target: SubscriptionTargetInput | undefined; activated: boolean } {
  const targetErrors = new FieldErrorCollector()
  const hasCheck = body.checkId !== undefined && body.checkId !== null
  const hasGroup = body.groupId !== undefined && body.groupId !== null
  if (hasCheck && hasGroup) {
    targetErrors.add('checkId', 'give either checkId or groupId, not both')
    targetErrors.add('groupId', 'give either checkId or groupId, not both')
  } else if (!hasCheck && !hasGroup) {
    targetErrors.add('checkId', 'either checkId or groupId is required')
    targetErrors.add('groupId', 'either checkId or groupId is required')
  }
  if (hasCheck && (typeof body.checkId !== 'string' || body.checkId === '')) targetErrors.add('checkId', 'must be a non-empty string')
  if (hasGroup && !(Number.isInteger(body.groupId) && (body.groupId as number) >= 1)) targetErrors.add('groupId', 'must be a positive integer')
  for (const [field, why] of Object.entries(targetErrors.fields)) errors.add(field, why)
  if (typeof body.activated !== 'boolean') errors.add('activated', body.activated === undefined ? 'is required' : 'must be boolean')
  const target: SubscriptionTargetInput | undefined = !targetErrors.empty ? undefined : hasCheck ? { checkId: body.checkId as string } : { groupId: body.groupId as number }
  return { target, activated: body.activated === true }
}
