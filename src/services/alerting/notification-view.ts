/**
 * How an outbox row reads in GET /v1/alert-notifications: the reference's AlertNotification fields (type, status,
 * alertConfig, notificationResult, timestamp, checkType, checkId, checkAlertId, alertChannelId, checkResultId)
 * plus the delivery details (attempts, lastError, responseStatus, nextAttemptAt). `status` uses the reference's
 * four values: a row still queued (PENDING, waiting for its first attempt or a retry) reads as IN_PROGRESS, and
 * `nextAttemptAt` says when it will be tried.
 *
 * The check and the channel are named as the message named them (the alert's check name and the channel config kept
 * in the row's payload): the log says what was sent, names survive a later rename or deletion, and a page of rows
 * costs no further query. The ids beside them link to what exists now.
 */
import type { AlertNotificationView } from '../../alerting/contract.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { NotificationRow } from '../../store/alerting/notifications.js'
import { channelName } from '../../domain/alert-channels/channel-name.js'

export type NotificationView = AlertNotificationView

interface PayloadBits {
  /** Private-location events (not check alerts) have a location and no check type. */
  privateLocationId: string | null
  privateLocationName: string | null
  checkName: string | null
  checkType: string | null
  checkResultId: string | null
  alertType: string | null
  alertConfig: AlertNotificationView['alertConfig']
  channelName: string
}

/** A part of the row's stored payload JSON, read defensively: the row may have been written by an older version. */
type StoredPart = Record<string, unknown>

function bitsOf(payload: string, channelType: string): PayloadBits {
  try {
    const p = JSON.parse(payload) as { alert?: StoredPart; alertConfig?: StoredPart; privateLocation?: StoredPart }
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    const location = p.privateLocation ? { id: str(p.privateLocation.id), type: `PRIVATE_LOCATION_${String(p.privateLocation.event)}` } : null
    return {
      privateLocationId: location?.id ?? null,
      privateLocationName: p.privateLocation ? str(p.privateLocation.name) : null,
      checkName: p.privateLocation ? null : str(p.alert?.name),
      checkType: str(p.alert?.checkType),
      checkResultId: str(p.alert?.resultId),
      alertType: location?.type ?? str(p.alert?.alertType),
      alertConfig: p.alertConfig ?? {},
      channelName: channelName(channelType, p.alertConfig ?? {}),
    }
  } catch {
    return {
      privateLocationId: null,
      privateLocationName: null,
      checkName: null,
      checkType: null,
      checkResultId: null,
      alertType: null,
      alertConfig: {},
      channelName: channelName(channelType, {}),
    }
  }
}

export function presentNotification(row: NotificationRow): NotificationView {
  const bits = bitsOf(row.payload, row.channel_type)
  return {
    id: row.id,
    type: row.channel_type,
    channelType: row.channel_type,
    status: row.status === 'PENDING' ? 'IN_PROGRESS' : row.status,
    alertType: bits.alertType,
    alertConfig: bits.alertConfig,
    notificationResult: row.result,
    timestamp: toIsoOrNull(row.sent_at),
    // A location event has no check: no checkType (the reference's enum has no null) and an empty checkId.
    ...(bits.privateLocationId === null
      ? { ...(bits.checkType === null ? {} : { checkType: bits.checkType }), checkName: bits.checkName }
      : { privateLocationId: bits.privateLocationId, ...(bits.privateLocationName === null ? {} : { privateLocationName: bits.privateLocationName }) }),
    checkId: row.check_id,
    checkAlertId: row.alert_id,
    alertId: row.alert_id,
    alertChannelId: row.channel_id,
    channelName: bits.channelName,
    // The reference's checkResultId is a string: a notification no result raised has none.
    ...(bits.checkResultId === null ? {} : { checkResultId: bits.checkResultId }),
    attempts: row.attempts,
    lastError: row.last_error,
    responseStatus: row.response_status,
    nextAttemptAt: row.status === 'SUCCESS' || row.status === 'FAILURE' ? null : toIsoOrNull(row.next_attempt_at),
    created_at: toIso(row.created_at),
    sent_at: toIsoOrNull(row.sent_at),
  }
}
