/**
 * Delivers due status page e-mails (the periodic job), on any number of instances: reap expired leases, lease due
 * rows, send each, record the outcome. Retries follow the alert notifier's schedule (notifier-retry.ts: up to
 * MAX_ATTEMPTS attempts, backing off 20 s .. 1 h); a 5xx SMTP rejection or a missing SMTP_URL fails at once.
 * A row whose subscriber is gone (unsubscribed) or no longer in the state the e-mail is for is SKIPPED, unsent.
 */
import { clip, MAX_ATTEMPTS, nextAttemptAt, REAP_EVERY_MS, type DeliveryOutcome } from '../../alerting/notifier-retry.js'
import { atMostEvery } from '../../lib/at-most-every.js'
import type { SubscriberEmail } from '../../domain/status-pages/subscriber-emails.js'
import type { Clock } from '../../lib/clock.js'
import type { StatusPageEmailRow } from '../../store/status-page-emails.js'
import type { Stores } from '../stores.js'
import type { SmtpSettings } from '../../alerting/channels/email.js'
import { sendSubscriberEmail } from './send-subscriber-email.js'

export interface SubscriberDeliveryDeps {
  stores: Pick<Stores, 'statusPageSubscriptions' | 'statusPageEmails'>
  clock: Clock
  smtp: SmtpSettings
  instanceId: string
  batchSize?: number
  leaseMs?: number
}

export interface SubscriberDeliveryReport {
  reaped: number
  attempted: number
  sent: number
  skipped: number
  failed: number
}

const LEASE_MS = 60_000
const MAX_ROUNDS = 20

/** The address to send the row to, or why it should not be sent any more. */
async function recipientOf(stores: Pick<Stores, 'statusPageSubscriptions'>, row: StatusPageEmailRow): Promise<{ to: string } | { skip: string }> {
  const sub = await stores.statusPageSubscriptions.get(row.account_id, row.subscription_id)
  if (!sub) return { skip: 'the subscriber unsubscribed' }
  const wanted = row.kind === 'VERIFY' ? 'PENDING' : 'VERIFIED'
  return sub.doc.status === wanted ? { to: sub.doc.address } : { skip: `the subscriber is ${sub.doc.status}` }
}

export function subscriberDelivery(deps: SubscriberDeliveryDeps) {
  const { stores, clock } = deps
  const reap = atMostEvery(
    REAP_EVERY_MS,
    () => clock.now(),
    () => stores.statusPageEmails.reapExpired(clock.now(), MAX_ATTEMPTS),
    0,
  )

  async function deliver(row: StatusPageEmailRow, report: SubscriberDeliveryReport): Promise<void> {
    let outcome: DeliveryOutcome
    try {
      const recipient = await recipientOf(stores, row)
      if ('skip' in recipient) {
        await stores.statusPageEmails.finish(row.id, deps.instanceId, { status: 'SKIPPED', at: clock.now(), error: recipient.skip, retryAt: null })
        report.skipped += 1
        return
      }
      outcome = await sendSubscriberEmail(deps.smtp, recipient.to, JSON.parse(row.message) as SubscriberEmail)
    } catch (err) {
      outcome = { ok: false, kind: 'retry', error: clip(`delivery failed: ${err instanceof Error ? err.message : String(err)}`), responseStatus: null, result: null }
    }
    const at = clock.now()
    if (outcome.ok) {
      await stores.statusPageEmails.finish(row.id, deps.instanceId, { status: 'SENT', at, error: null, retryAt: null })
      report.sent += 1
      return
    }
    const retryAt = nextAttemptAt(at, row.attempts, outcome)
    await stores.statusPageEmails.finish(row.id, deps.instanceId, { status: retryAt === null ? 'FAILURE' : 'PENDING', at, error: outcome.error, retryAt })
    if (retryAt === null) report.failed += 1
  }

  return {
    /** One pass: reap (every REAP_EVERY_MS), then lease and send due rows until none are left (at most MAX_ROUNDS batches). */
    async deliverDue(): Promise<SubscriberDeliveryReport> {
      const report: SubscriberDeliveryReport = { reaped: await reap(), attempted: 0, sent: 0, skipped: 0, failed: 0 }
      const batch = deps.batchSize ?? 50
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const now = clock.now()
        const rows = await stores.statusPageEmails.lease({ now, limit: batch, leasedBy: deps.instanceId, leaseUntil: now + (deps.leaseMs ?? LEASE_MS) })
        report.attempted += rows.length
        // One at a time: a batch of subscriber e-mails goes to one SMTP server, which is not helped by a burst.
        for (const row of rows) await deliver(row, report)
        if (rows.length < batch) break
      }
      return report
    },
  }
}
