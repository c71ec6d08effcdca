/**
 * Recording alerts: the one way an alert comes into being (evaluation of results, reminders, heartbeat deadlines,
 * SSL expiry). Writes the check_alerts row and queues its notifications in the caller's transaction.
 */
import type { AlertRecord, AlertType } from '../../alerting/types.js'
import { newId } from '../../lib/ids.js'
import type { CheckAlertRow } from '../../store/alerting/alerts.js'
import type { Stores } from '../stores.js'
import { enqueueNotificationsMany, type DeliveryStores } from './alert-delivery.js'

export type NewAlert = Omit<AlertRecord, 'id' | 'createdAt'> & { createdAt?: number }

export function toAlertRow(a: AlertRecord): CheckAlertRow {
  return {
    id: a.id,
    account_id: a.accountId,
    check_id: a.checkId,
    alert_type: a.alertType,
    check_type: a.checkType,
    name: a.name,
    run_location: a.runLocation,
    response_time: a.responseTime,
    error: a.error,
    status_code: a.statusCode,
    result_id: a.resultId,
    started_at: a.startedAt,
    created_at: a.createdAt,
    is_reminder: a.isReminder ? 1 : 0,
    reminder_sequence: a.reminderSequence,
    ssl_domain: a.sslDomain ?? null,
    ssl_days_remaining: a.sslDaysRemaining ?? null,
  }
}

export function fromAlertRow(r: CheckAlertRow): AlertRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    checkId: r.check_id,
    alertType: r.alert_type as AlertType,
    checkType: r.check_type,
    name: r.name,
    runLocation: r.run_location,
    responseTime: Number(r.response_time),
    error: r.error,
    statusCode: r.status_code,
    resultId: r.result_id,
    startedAt: Number(r.started_at),
    createdAt: Number(r.created_at),
    isReminder: Number(r.is_reminder) === 1,
    reminderSequence: Number(r.reminder_sequence),
    ...(r.ssl_domain !== null ? { sslDomain: r.ssl_domain } : {}),
    ...(r.ssl_days_remaining !== null ? { sslDaysRemaining: Number(r.ssl_days_remaining) } : {}),
  }
}

/**
 * Records an alert (a new uuid; createdAt = now unless given) and queues its notifications. Pass the stores of the
 * caller's transaction (deps.transact) so that the record and its notifications are written together.
 */
export async function raiseAlert(s: DeliveryStores & Pick<Stores, 'alerts'>, alert: NewAlert, now: number): Promise<AlertRecord> {
  return (await raiseAlerts(s, [alert], now))[0] as AlertRecord
}

/** Records many alerts (in order) and queues their notifications in a few statements, in the caller's transaction. */
export async function raiseAlerts(s: DeliveryStores & Pick<Stores, 'alerts'>, alerts: NewAlert[], now: number): Promise<AlertRecord[]> {
  if (alerts.length === 0) return []
  const records = alerts.map(({ createdAt, ...rest }): AlertRecord => ({ ...rest, id: newId(), createdAt: createdAt ?? now }))
  await s.alerts.insertAlerts(records.map(toAlertRow))
  await enqueueNotificationsMany(s, records)
  return records
}
