/** Alert vocabulary shared by evaluation, records, delivery and SSL checks. */

export const ALERT_TYPES = [
  'NO_ALERT',
  'ALERT_FAILURE',
  'ALERT_FAILURE_REMAIN',
  'ALERT_FAILURE_DEGRADED',
  'ALERT_RECOVERY',
  'ALERT_DEGRADED',
  'ALERT_DEGRADED_REMAIN',
  'ALERT_DEGRADED_FAILURE',
  'ALERT_DEGRADED_RECOVERY',
  'ALERT_SSL',
] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/** A check alert as recorded (check_alerts) and handed to delivery. Times are epoch ms. */
export interface AlertRecord {
  id: string
  accountId: string
  checkId: string
  alertType: AlertType
  checkType: string
  /** Name of the check. */
  name: string
  runLocation: string
  responseTime: number
  error: string | null
  statusCode: string | null
  /** The final result that raised it (null for SSL and heartbeat-deadline alerts without one). */
  resultId: string | null
  startedAt: number
  createdAt: number
  /** Reminders repeat a failure/degraded alert; 0 is the first alert. */
  isReminder: boolean
  reminderSequence: number
  /** ALERT_SSL only. */
  sslDomain?: string
  sslDaysRemaining?: number
}

/** Which channel flag lets an alert type through (sendFailure / sendRecovery / sendDegraded / sslExpiry). */
export function channelFlagFor(type: AlertType): 'sendFailure' | 'sendRecovery' | 'sendDegraded' | 'sslExpiry' | null {
  switch (type) {
    case 'ALERT_FAILURE':
    case 'ALERT_FAILURE_REMAIN':
    case 'ALERT_DEGRADED_FAILURE':
      return 'sendFailure'
    case 'ALERT_RECOVERY':
    case 'ALERT_DEGRADED_RECOVERY':
      return 'sendRecovery'
    case 'ALERT_DEGRADED':
    case 'ALERT_DEGRADED_REMAIN':
    case 'ALERT_FAILURE_DEGRADED':
      return 'sendDegraded'
    case 'ALERT_SSL':
      return 'sslExpiry'
    default:
      return null
  }
}
