/**
 * The body a deploy sends to a resource's create or update (pure): the payload (references already resolved) with
 * every field it leaves out set to the value a create gives it. The resources' updates merge a body into the stored
 * document (a field left out keeps its value; for lists and settings objects null does too), so an update with this
 * body leaves the resource as a create with the payload would: a field removed from the code goes back to its
 * default.
 */
import { ALERT_CHANNEL_FLAG_DEFAULTS, DEFAULT_SSL_EXPIRY_THRESHOLD } from '../alert-channels/build-doc.js'
import type { FieldSpec } from '../checks/check-type.js'
import { defaultFrequencyOffset } from '../checks/frequency.js'
import { checkTypeBySegment } from '../checks/registry.js'
import { DASHBOARD_DEFAULTS } from '../dashboards.js'
import { DEFAULT_ICON } from '../private-locations.js'
import { GROUP_FIELDS } from '../groups/schema.js'
import type { ResourceKind, ResourcePayload } from './deploy-request.js'

/** A payload, or the body completed from it: JSON of the kind's create body. */
type Body = ResourcePayload

/** Absent, or null where null means "keep" in an update and "the default" in a create. */
const leftOut = (value: unknown, keepOnNull: boolean | undefined): boolean => value === undefined || (value === null && keepOnNull === true)

/** Fields with defaults get them; fields without one are cleared (null) in an update and stay absent in a create. */
function withFieldDefaults(payload: Body, fields: Record<string, Pick<FieldSpec, 'default' | 'keepOnNull'>>, existingId: string | undefined): Body {
  const body: Body = { ...payload }
  for (const [name, spec] of Object.entries(fields)) {
    if (!leftOut(payload[name], spec.keepOnNull)) continue
    if (spec.default) body[name] = spec.default()
    else if (existingId !== undefined) body[name] = null
    else delete body[name]
  }
  return body
}

/** Subscriptions come from the payload only: none given means none (never the channels' autoSubscribe). */
const withSubscriptions = (body: Body): Body => ({ ...body, alertChannelSubscriptions: Array.isArray(body.alertChannelSubscriptions) ? body.alertChannelSubscriptions : [] })

function checkBody(payload: Body, checkType: string | undefined, existingId: string | undefined): Body {
  const def = checkTypeBySegment.get(checkType ?? '')
  if (!def) return withSubscriptions(payload)
  const body = withFieldDefaults(payload, def.fields, existingId)
  // A create spreads the offset by the new check's id; an update without one gets the same default for its id.
  if (typeof payload.frequencyOffset !== 'number') {
    const offset = existingId === undefined ? null : defaultFrequencyOffset(existingId, Number(body.frequency))
    if (offset === null) delete body.frequencyOffset
    else body.frequencyOffset = offset
  }
  return withSubscriptions(body)
}

function alertChannelBody(payload: Body): Body {
  const body: Body = { ...payload }
  for (const [flag, value] of Object.entries(ALERT_CHANNEL_FLAG_DEFAULTS)) body[flag] = payload[flag] ?? value
  body.sslExpiryThreshold = payload.sslExpiryThreshold ?? DEFAULT_SSL_EXPIRY_THRESHOLD
  const config = payload.config
  // An update that leaves the webhook secret out keeps the stored one; null removes it.
  if (payload.type === 'WEBHOOK' && config !== null && typeof config === 'object' && !('webhookSecret' in config)) {
    body.config = { ...config, webhookSecret: null }
  }
  return body
}

const PAGE_DEFAULTS: Body = {
  customDomain: null,
  logo: null,
  logoDark: null,
  favicon: null,
  redirectTo: null,
  defaultTheme: 'AUTO',
  themeColors: null,
  description: null,
  cards: [],
  isPrivate: false,
}

const defaults = (payload: Body, values: Body, replaceNull: boolean): Body => {
  const body: Body = { ...payload }
  for (const [name, value] of Object.entries(values)) if (body[name] === undefined || (replaceNull && body[name] === null)) body[name] = value
  return body
}

/**
 * The create or update body of a resource from its resolved payload. `existingId`: the id of the resource an
 * update changes (undefined for a create).
 */
export function completeBody(kind: ResourceKind, payload: Body, checkType: string | undefined, existingId?: string): Body {
  switch (kind) {
    case 'check':
      return checkBody(payload, checkType, existingId)
    case 'check-group':
      return withSubscriptions(withFieldDefaults(payload, GROUP_FIELDS, existingId))
    case 'alert-channel':
      return alertChannelBody(payload)
    case 'maintenance-window':
      return defaults({ ...payload, tags: payload.tags ?? [] }, { repeatInterval: null, repeatUnit: null, repeatEndsAt: null, description: null }, false)
    case 'status-page':
      return defaults(payload, PAGE_DEFAULTS, false)
    case 'dashboard':
      // Null is the default for the nullable settings, except those where null means "keep" (and customCSS, '').
      return defaults(payload, DASHBOARD_DEFAULTS, true)
    case 'variable':
      return defaults(payload, { locked: false, secret: false }, false)
    case 'status-page-service':
      return { ...payload }
    case 'private-location':
      // A field left out of an update keeps its value: icon and proxyUrl go back to their defaults instead.
      return defaults(payload, { icon: DEFAULT_ICON, proxyUrl: null }, false)
  }
}
