/**
 * How an outbox row reads in GET /v1/alert-notifications: the reference's AlertNotification fields (type, status,
 * alertConfig, notificationResult, timestamp, checkType, checkId, checkAlertId, alertChannelId, checkResultId)
 * plus the delivery details (attempts, lastError, responseStatus, nextAttemptAt). `status` uses the reference's
 * four values: a row still queued (PENDING, waiting for its first attempt or a retry) reads as IN_PROGRESS, and
 * `nextAttemptAt` says when it will be tried.
 */
import type { AlertNotificationView } from '../../alerting/contract.js'
import { toIso, toIsoOrNull } from '../../lib/clock.js'
import type { NotificationRow } from '../../store/alerting/notifications.js'

export type NotificationView = AlertNotificationView

interface PayloadBits {
  /** Private-location events (not check alerts) have a location and no check type. */
  privateLocationId: string | null
  checkType: string | null
  checkResultId: string | null
  alertType: string | null
  alertConfig: AlertNotificationView['alertConfig']
}

/** A part of the row's stored payload JSON, read defensively: the row may have been written by an older version. */
type StoredPart = Record<string, unknown>

function bitsOf(payload: string): PayloadBits {
  try {
    const p = JSON.parse(payload) as { alert?: StoredPart; alertConfig?: StoredPart; privateLocation?: StoredPart }
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    const location = p.privateLocation ? { id: str(p.privateLocation.id), type: `PRIVATE_LOCATION_${String(p.privateLocation.event)}` } : null
    return {
      privateLocationId: location?.id ?? null,
      checkType: str(p.alert?.checkType),
      checkResultId: str(p.alert?.resultId),
      alertType: location?.type ?? str(p.alert?.alertType),
      alertConfig: p.alertConfig ?? {},
    }
  } catch {
    return { privateLocationId: null, checkType: null, checkResultId: null, alertType: null, alertConfig: {} }
  }
}

export function presentNotification(row: NotificationRow): NotificationView {
  const bits = bitsOf(row.payload)
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
    ...(bits.privateLocationId === null ? { checkType: bits.checkType } : { privateLocationId: bits.privateLocationId }),
    checkId: row.check_id,
    checkAlertId: row.alert_id,
    alertId: row.alert_id,
    alertChannelId: row.channel_id,
    checkResultId: bits.checkResultId,
    attempts: row.attempts,
    lastError: row.last_error,
    responseStatus: row.response_status,
    nextAttemptAt: row.status === 'SUCCESS' || row.status === 'FAILURE' ? null : toIsoOrNull(row.next_attempt_at),
    created_at: toIso(row.created_at),
    sent_at: toIsoOrNull(row.sent_at),
  }
}
