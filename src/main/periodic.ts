/** The periodic work each instance does besides running checks: every job here is safe with many instances. */
import type { PeriodicWork } from '../engine/engine-deps.js'
import type { Services } from '../services/index.js'

export function periodicWork(services: Services): PeriodicWork[] {
  return [
    { name: 'heartbeat-deadlines', everyMs: 1_000, run: () => services.heartbeats.checkDeadlines() },
    { name: 'alert-notifications', everyMs: 1_000, run: () => services.notifications.deliverDue() },
    { name: 'status-page-emails', everyMs: 2_000, run: () => services.statusPageSubscribers.deliverDue() },
    { name: 'alert-reminders', everyMs: 15_000, run: () => services.alerting.sendDueReminders() },
    { name: 'analytics-rollup', everyMs: 5_000, run: () => services.analyticsRollup.rollUp(20) },
    { name: 'ssl-certificates', everyMs: 60_000, run: () => services.sslCertificates.checkCertificates() },
    { name: 'console-sessions', everyMs: 3_600_000, run: () => services.logins.prune() },
    { name: 'private-location-expiry', everyMs: 10_000, run: () => services.agentJobs.expireUnleased() },
    { name: 'private-location-availability', everyMs: 10_000, run: () => services.locationAvailability.checkAvailability() },
    { name: 'artifact-retention', everyMs: 3_600_000, run: () => services.artifacts.prune() },
    { name: 'data-retention', everyMs: 10_000, run: () => services.retention.prune() },
  ]
}
