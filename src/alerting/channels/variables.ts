/**
 * The variables of a notification (pure): the webhook template variables of the reference, which the other
 * channels' messages are built from too. Account and group environment variables (non-secret ones only) are
 * available to webhook templates under their own keys; the event variables below win a clash.
 */
import { STATUS_CODES } from 'node:http'
import { LOCATION_NAMES } from '../../domain/locations.js'
import { ownValue } from '../../lib/own-keys.js'
import type { AlertRecord, AlertType } from '../types.js'
import type { LocationEvent, NotificationPayload } from '../notifier-payload.js'
import { spellDuration } from '../../domain/private-location-availability.js'

/** The alert types of private-location events (not check alerts: they go to every channel of the account). */
export type LocationAlertType = 'PRIVATE_LOCATION_UNAVAILABLE' | 'PRIVATE_LOCATION_AVAILABLE'

export interface NotificationVariables {
  ALERT_ID: string
  ALERT_TITLE: string
  ALERT_TYPE: AlertType | LocationAlertType
  CHECK_ID: string
  CHECK_NAME: string
  CHECK_TYPE: string
  CHECK_DESCRIPTION: string | null
  CHECK_RESULT_ID: string | null
  CHECK_ERROR_MESSAGE: string | null
  GROUP_NAME: string | null
  TAGS: string[]
  REGION: string
  RUN_LOCATION: string
  RESULT_LINK: string
  RESPONSE_TIME: number
  STARTED_AT: string
  API_CHECK_RESPONSE_STATUS_CODE: number | null
  API_CHECK_RESPONSE_STATUS_TEXT: string | null
  SSL_CHECK_DOMAIN: string | null
  SSL_DAYS_REMAINING: number | null
  IS_REMINDER: boolean
  REMINDER_SEQUENCE: number
  /** Private-location events only (null for check alerts). */
  PRIVATE_LOCATION_ID: string | null
  PRIVATE_LOCATION_NAME: string | null
}

export interface VariableSources {
  /** Base of RESULT_LINK (the public address of this service). */
  resultLinkBase: string
  /** The account's non-secret environment variables. */
  accountVariables?: Record<string, string>
}

/** The kind of event, for colours and wording: failure, degraded or recovery (SSL counts as a warning). */
export type AlertSeverity = 'failure' | 'degraded' | 'recovery'

export function severityOf(type: AlertType | LocationAlertType): AlertSeverity {
  if (type === 'PRIVATE_LOCATION_AVAILABLE') return 'recovery'
  if (type === 'PRIVATE_LOCATION_UNAVAILABLE') return 'failure'
  if (type === 'ALERT_RECOVERY' || type === 'ALERT_DEGRADED_RECOVERY' || type === 'NO_ALERT') return 'recovery'
  if (type === 'ALERT_DEGRADED' || type === 'ALERT_DEGRADED_REMAIN' || type === 'ALERT_FAILURE_DEGRADED' || type === 'ALERT_SSL') return 'degraded'
  return 'failure'
}

/** The colour of each kind (the reference's Slack colours; e-mail uses them too). */
export const SEVERITY_COLORS: Record<AlertSeverity, string> = { failure: '#a30200', recovery: '#2eb886', degraded: '#daa038' }

const days = (n: number): string => `${n} ${Math.abs(n) === 1 ? 'day' : 'days'}`

/** `Check "X" has failed`, `… has recovered`, `… is degraded`; SSL: `The SSL certificate for <domain> will expire in N days`. */
export function alertTitle(a: Pick<AlertRecord, 'alertType' | 'name' | 'sslDomain' | 'sslDaysRemaining'>): string {
  const check = `Check "${a.name}"`
  switch (a.alertType) {
    case 'ALERT_FAILURE':
    case 'ALERT_DEGRADED_FAILURE':
      return `${check} has failed`
    case 'ALERT_FAILURE_REMAIN':
      return `${check} is still failing`
    case 'ALERT_DEGRADED':
    case 'ALERT_FAILURE_DEGRADED':
      return `${check} is degraded`
    case 'ALERT_DEGRADED_REMAIN':
      return `${check} is still degraded`
    case 'ALERT_RECOVERY':
    case 'ALERT_DEGRADED_RECOVERY':
      return `${check} has recovered`
    case 'ALERT_SSL': {
      const domain = a.sslDomain ?? a.name
      const left = a.sslDaysRemaining ?? 0
      return left > 0 ? `The SSL certificate for ${domain} will expire in ${days(left)}` : `The SSL certificate for ${domain} has expired`
    }
    default:
      return check
  }
}

/** The page of the result (or of the check) in the web console, where whoever is alerted reads what failed. */
export function resultLink(base: string, a: Pick<AlertRecord, 'checkId' | 'resultId'>): string {
  const root = base.replace(/\/+$/, '')
  return a.resultId ? `${root}/checks/${a.checkId}/results/${a.resultId}` : `${root}/checks/${a.checkId}`
}

/** A private location's slug may be any word (`constructor` too): only the table's own regions have a display name. */
export const locationName = (region: string): string => ownValue<string>(LOCATION_NAMES, region) ?? region

/** A private location's event, in the variables every channel's message is built from. */
function locationVariables(p: NotificationPayload, l: LocationEvent, sources: VariableSources): NotificationVariables {
  const name = `Private location "${l.name}" (${l.slugName})`
  const unavailable = l.event === 'UNAVAILABLE'
  const since = new Date(l.lastSeen).toISOString()
  return {
    ALERT_ID: p.alert.id,
    ALERT_TITLE: unavailable ? `${name} is unavailable` : `${name} is available again`,
    ALERT_TYPE: unavailable ? 'PRIVATE_LOCATION_UNAVAILABLE' : 'PRIVATE_LOCATION_AVAILABLE',
    CHECK_ID: '',
    CHECK_NAME: '',
    CHECK_TYPE: '',
    CHECK_DESCRIPTION: null,
    CHECK_RESULT_ID: null,
    CHECK_ERROR_MESSAGE: unavailable
      ? `No agent of this location was seen for ${spellDuration(l.unavailableAfterMs)} (last seen ${since}). Its checks are not scheduled there until an agent connects again.`
      : `An agent connected again; its checks are scheduled there again.`,
    GROUP_NAME: null,
    TAGS: [],
    REGION: l.slugName,
    RUN_LOCATION: l.name,
    RESULT_LINK: `${sources.resultLinkBase.replace(/\/+$/, '')}/private-locations/${l.id}`,
    RESPONSE_TIME: 0,
    STARTED_AT: since,
    API_CHECK_RESPONSE_STATUS_CODE: null,
    API_CHECK_RESPONSE_STATUS_TEXT: null,
    SSL_CHECK_DOMAIN: null,
    SSL_DAYS_REMAINING: null,
    IS_REMINDER: false,
    REMINDER_SEQUENCE: 0,
    PRIVATE_LOCATION_ID: l.id,
    PRIVATE_LOCATION_NAME: l.name,
  }
}

export function buildVariables(p: NotificationPayload, sources: VariableSources): NotificationVariables {
  if (p.privateLocation) return locationVariables(p, p.privateLocation, sources)
  const a = p.alert
  const code = a.statusCode === null || a.statusCode === '' || !Number.isFinite(Number(a.statusCode)) ? null : Number(a.statusCode)
  return {
    ALERT_ID: a.id,
    ALERT_TITLE: alertTitle(a),
    ALERT_TYPE: a.alertType,
    CHECK_ID: a.checkId,
    CHECK_NAME: a.name,
    CHECK_TYPE: a.checkType,
    CHECK_DESCRIPTION: p.check.description,
    CHECK_RESULT_ID: a.resultId,
    CHECK_ERROR_MESSAGE: a.error,
    GROUP_NAME: p.check.groupName,
    TAGS: [...p.check.tags],
    REGION: a.runLocation,
    RUN_LOCATION: locationName(a.runLocation),
    RESULT_LINK: resultLink(sources.resultLinkBase, a),
    RESPONSE_TIME: Math.round(a.responseTime),
    STARTED_AT: new Date(a.startedAt).toISOString(),
    API_CHECK_RESPONSE_STATUS_CODE: code,
    API_CHECK_RESPONSE_STATUS_TEXT: code === null ? null : (STATUS_CODES[code] ?? null),
    SSL_CHECK_DOMAIN: a.sslDomain ?? null,
    SSL_DAYS_REMAINING: a.sslDaysRemaining ?? null,
    IS_REMINDER: a.isReminder,
    REMINDER_SEQUENCE: a.reminderSequence,
    PRIVATE_LOCATION_ID: null,
    PRIVATE_LOCATION_NAME: null,
  }
}

/**
 * What a webhook template reads: variables by name. The names are the account's and the group's own (any text) as
 * well as the event variables, so the context is keyed by any name.
 */
export type TemplateContext = Record<string, unknown>

/** The template context: account variables, then group variables, then the event variables (which win). */
export function templateContext(p: NotificationPayload, sources: VariableSources): TemplateContext {
  return { ...(sources.accountVariables ?? {}), ...p.check.groupVariables, ...buildVariables(p, sources) }
}

/** A short line for texts and subjects: the title, and `(reminder N)` on reminders. */
export const headline = (v: NotificationVariables): string => (v.IS_REMINDER ? `${v.ALERT_TITLE} (reminder ${v.REMINDER_SEQUENCE})` : v.ALERT_TITLE)
