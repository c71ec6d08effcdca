/**
 * Recording alerts: the one way an alert comes into being (evaluation of results, reminders, heartbeat deadlines,
 * SSL expiry). Writes the check_alerts row and queues its notifications in the caller's transaction.
 */
import type { AlertRecord } from '../alerting/types.js'
import type { Stores } from './stores.js'

export type NewAlert = Omit<AlertRecord, 'id' | 'createdAt'> & { createdAt?: number }

export async function raiseAlert(_s: Stores, _alert: NewAlert, _now: number): Promise<AlertRecord | null> {
  return null
}
