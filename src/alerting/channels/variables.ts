/**
 * The variables of a notification (pure): the webhook template variables of the reference, which the other
 * channels' messages are built from too. Account and group environment variables (non-secret ones only) are
 * available to webhook templates under their own keys; the event variables below win a clash.
 */
import { STATUS_CODES } from 'node:http'
import { LOCATION_NAMES } from '../../domain/locations.js'
import type { AlertRecord, AlertType } from '../types.js'
import type { NotificationPayload } from '../notifier-payload.js'

export interface NotificationVariables {
  ALERT_ID: string
  ALERT_TITLE: string
  ALERT_TYPE: AlertType
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
}

export interface VariableSources {
  /** Base of RESULT_LINK (the public address of this service). */
  resultLinkBase: string
  /** The account's non-secret environment variables. */
  accountVariables?: Record<string, string>
}

/** The kind of event, for colours and wording: failure, degraded or recovery (SSL counts as a warning). */
export type AlertSeverity = 'failure' | 'degraded' | 'recovery'

export function severityOf(type: AlertType): AlertSeverity {
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

export const locationName = (region: string): string => (LOCATION_NAMES as Record<string, string | undefined>)[region] ?? region

export function buildVariables(p: NotificationPayload, sources: VariableSources): NotificationVariables {
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
  }
}

/** The template context: account variables, then group variables, then the event variables (which win). */
export function templateContext(p: NotificationPayload, sources: VariableSources): Record<string, unknown> {
  return { ...(sources.accountVariables ?? {}), ...p.check.groupVariables, ...buildVariables(p, sources) }
}

/** A short line for texts and subjects: the title, and `(reminder N)` on reminders. */
export const headline = (v: NotificationVariables): string => (v.IS_REMINDER ? `${v.ALERT_TITLE} (reminder ${v.REMINDER_SEQUENCE})` : v.ALERT_TITLE)
