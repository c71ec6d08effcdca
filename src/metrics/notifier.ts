/** Notification deliveries of this instance by channel type and outcome (alerting/notifier.ts reports them). */
import { Counter, type Registry } from 'prom-client'
import type { NotifierMetrics } from '../alerting/notifier.js'

export function createNotifierMetrics(registry: Registry): NotifierMetrics {
  const deliveries = new Counter({
    name: 'picket_notifications_total',
    help: 'Notification delivery attempts, by channel type and outcome (delivered, failed: given up, retry: tried again later, rate-limited).',
    labelNames: ['channel_type', 'outcome'] as const,
    registers: [registry],
  })
  return {
    delivery(channelType, outcome) {
      deliveries.inc({ channel_type: channelType, outcome })
    },
  }
}
