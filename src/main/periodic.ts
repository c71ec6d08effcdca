/** The periodic work each instance does besides running checks: every job here is safe with many instances. */
import type { PeriodicWork } from '../engine/engine-deps.js'
import type { Services } from '../services/index.js'

/** A pass whose result does not change the pace. */
const pass = (p: Promise<unknown>): Promise<void> => p.then(() => undefined)

/** While retention finds more than one pass may remove, it goes on after a second instead of waiting the minute. */
const RETENTION_IDLE_MS = 60_000
const RETENTION_BEHIND_MS = 1_000

export function periodicWork(services: Services): PeriodicWork[] {
  const { retention } = services
  const passLimit = retention.settings.batchSize * retention.settings.batchesPerPass
  return [
    { name: 'heartbeat-deadlines', everyMs: 1_000, run: () => pass(services.heartbeats.checkDeadlines()) },
    { name: 'alert-notifications', everyMs: 1_000, run: () => pass(services.notifications.deliverDue()) },
    { name: 'status-page-emails', everyMs: 5_000, run: () => pass(services.statusPageSubscribers.deliverDue()) },
    { name: 'maintenance-announcements', everyMs: 30_000, run: () => pass(services.maintenances.announceDue()) },
    { name: 'alert-reminders', everyMs: 15_000, run: () => pass(services.alerting.sendDueReminders()) },
    { name: 'analytics-rollup', everyMs: 5_000, run: () => pass(services.analyticsRollup.rollUp(20)) },
    { name: 'ssl-certificates', everyMs: 60_000, run: () => pass(services.sslCertificates.checkCertificates()) },
    { name: 'console-sessions', everyMs: 3_600_000, run: () => pass(services.logins.prune()) },
    { name: 'unleased-run-expiry', everyMs: 10_000, run: () => pass(services.agentJobs.expireUnleased()) },
    { name: 'private-location-availability', everyMs: 10_000, run: () => pass(services.locationAvailability.checkAvailability()) },
    { name: 'artifact-retention', everyMs: 3_600_000, run: () => pass(services.artifacts.prune()) },
    {
      name: 'data-retention',
      everyMs: RETENTION_IDLE_MS,
      run: async () => (Object.values(await retention.prune()).some((n) => n >= passLimit) ? RETENTION_BEHIND_MS : RETENTION_IDLE_MS),
    },
  ]
}
