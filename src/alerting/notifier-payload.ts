/**
 * What an outbox row keeps to render its message later: the alert, and the check context as it was when the alert
 * was recorded (the check may change or go away before a retry). The channel itself is read at delivery time, so a
 * corrected URL or address applies to pending retries and a deleted channel stops them.
 */
import type { AlertRecord } from './types.js'

/** A private location that became unavailable (no agent seen for a while) or available again: not a check's alert. */
export interface LocationEvent {
  id: string
  name: string
  slugName: string
  event: 'UNAVAILABLE' | 'AVAILABLE'
  /** When an agent of it was last seen (epoch ms). */
  lastSeen: number
  /** How long without an agent makes it unavailable (ms). */
  unavailableAfterMs: number
}

export interface NotificationPayload {
  /** For a location event, `alert` carries its id, times, type (ALERT_FAILURE / ALERT_RECOVERY) and no check. */
  alert: AlertRecord
  privateLocation?: LocationEvent
  check: {
    description: string | null
    /** The check's tags and its group's, de-duplicated. */
    tags: string[]
    groupId: number | null
    groupName: string | null
    /** Non-secret environment variables of the check's group (template variables, after the account's). */
    groupVariables: Record<string, string>
  }
  /** The channel config at enqueue time with the webhook secret masked: shown as alertConfig in the log. */
  alertConfig: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Reads a stored payload; throws when it is not one (a row written by something else). */
export function parsePayload(text: string): NotificationPayload {
  const value: unknown = JSON.parse(text)
  if (!isObject(value) || !isObject(value.alert) || !isObject(value.check)) throw new Error('notification payload is malformed')
  const check = value.check
  return {
    alert: value.alert as unknown as AlertRecord,
    check: {
      description: typeof check.description === 'string' ? check.description : null,
      tags: Array.isArray(check.tags) ? check.tags.filter((t): t is string => typeof t === 'string') : [],
      groupId: typeof check.groupId === 'number' ? check.groupId : null,
      groupName: typeof check.groupName === 'string' ? check.groupName : null,
      groupVariables: isObject(check.groupVariables) ? (check.groupVariables as Record<string, string>) : {},
    },
    alertConfig: isObject(value.alertConfig) ? value.alertConfig : {},
    ...(isObject(value.privateLocation) ? { privateLocation: value.privateLocation as unknown as LocationEvent } : {}),
  }
}
