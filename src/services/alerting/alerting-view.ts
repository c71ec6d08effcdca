/** Check alerts as the API shows them and the time window of GET /v1/check-alerts. */
import type { CheckAlertView } from '../../alerting/contract.js'
import type { AlertRecord } from '../../alerting/types.js'
import { ValidationError } from '../../domain/errors.js'
import { toIso } from '../../lib/clock.js'

export type { CheckAlertView }

export function presentCheckAlert(a: AlertRecord): CheckAlertView {
  return {
    id: a.id,
    name: a.name,
    checkId: a.checkId,
    alertType: a.alertType,
    checkType: a.checkType,
    runLocation: a.runLocation,
    responseTime: a.responseTime,
    error: a.error,
    statusCode: a.statusCode,
    created_at: toIso(a.createdAt),
    startedAt: toIso(a.startedAt),
    isReminder: a.isReminder,
    reminderSequence: a.reminderSequence,
    checkResultId: a.resultId,
    ...(a.sslDomain !== undefined ? { sslDomain: a.sslDomain } : {}),
    ...(a.sslDaysRemaining !== undefined ? { sslDaysRemaining: a.sslDaysRemaining } : {}),
  }
}

export const ALERT_WINDOW_SECONDS = 6 * 3600

/**
 * from (inclusive) and to (exclusive) in epoch ms from the query's UNIX seconds: none → the last 6 hours up to and
 * including now; only from → the 6 hours from it; only to → the 6 hours before it. When both are given they must be
 * at most 6 hours apart, to after from (reference API).
 */
export function alertWindow(query: { from?: number | undefined; to?: number | undefined }, nowMs: number): { from: number; to: number } {
  const span = ALERT_WINDOW_SECONDS * 1000
  if (query.from === undefined && query.to === undefined) return { from: nowMs - span, to: nowMs + 1 }
  const from = query.from !== undefined ? query.from * 1000 : (query.to as number) * 1000 - span
  const to = query.to !== undefined ? query.to * 1000 : from + span
  if (to <= from) throw new ValidationError({ to: 'must be after from' })
  if (to - from > span) throw new ValidationError({ to: 'must be at most 6 hours (21600 seconds) after from' })
  return { from, to }
}
