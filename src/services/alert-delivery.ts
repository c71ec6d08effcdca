/**
 * The seam between alert records and delivery: for a recorded alert, queue one outbox row per subscribed,
 * activated channel whose flags let the alert type through. Call inside the transaction that records the alert,
 * so an alert is never recorded without its notifications (or the other way round).
 */
import type { AlertRecord } from '../alerting/types.js'
import type { Stores } from './stores.js'

export async function enqueueNotifications(_s: Stores, _alert: AlertRecord): Promise<number> {
  return 0
}
