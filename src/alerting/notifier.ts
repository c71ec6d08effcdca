/**
 * The notifier: delivers due outbox rows (alert_notifications), one periodic pass at a time, on any number of
 * instances. Each pass reaps expired leases, then leases due rows (IN_PROGRESS for LEASE_MS, attempts + 1), sends
 * them, and records each outcome in its own statement right after the send.
 *
 * Delivery is at least once. The only window for a duplicate is an instance dying (or losing the database) after
 * the receiver accepted a message and before the SUCCESS was written: the lease then expires and another pass
 * sends it again. A message is never lost: it stays in the outbox until it succeeds or runs out of attempts.
 */
import type { Clock } from '../lib/clock.js'
import type { Stores } from '../store/all-stores.js'
import type { NotificationRow } from '../store/alerting/notifications.js'
import { parsePayload, type NotificationPayload } from './notifier-payload.js'
import { clip, MAX_ATTEMPTS, nextAttemptAt, REAP_EVERY_MS, type DeliveryOutcome } from './notifier-retry.js'
import { atMostEvery } from '../lib/at-most-every.js'
import { sendThroughChannel, type ChannelSendSettings } from './channel-send.js'

export type NotifierSettings = ChannelSendSettings

export interface NotifierDeps {
  stores: Stores
  clock: Clock
  delivery: NotifierSettings
  /** Unique per process: who holds a lease. */
  instanceId: string
  /** Rows leased at once (default 50). */
  batchSize?: number
  /** How long a send may take before another instance may retry the row (default 60 s). */
  leaseMs?: number
  /** Sends in flight at once (default 8). */
  concurrency?: number
  /** Counts delivery outcomes for /metrics (metrics/notifier.ts). */
  metrics?: NotifierMetrics
}

export type DeliveryMetricOutcome = 'delivered' | 'failed' | 'retry' | 'rate-limited'

/** What the notifier reports after each send; in memory only (no I/O). */
export interface NotifierMetrics {
  delivery(channelType: string, outcome: DeliveryMetricOutcome): void
}

/** A send's outcome for the metrics: given up (`failed`) when no retry is planned. */
export const deliveryMetricOutcome = (outcome: DeliveryOutcome, retryAt: number | null): DeliveryMetricOutcome => {
  if (outcome.ok) return 'delivered'
  if (retryAt === null) return 'failed'
  return outcome.kind === 'rate-limited' ? 'rate-limited' : 'retry'
}

export interface DeliveryReport {
  reaped: number
  attempted: number
  delivered: number
  failed: number
}

export const LEASE_MS = 60_000
const MAX_ROUNDS = 20

const final = (error: string): DeliveryOutcome => ({ ok: false, kind: 'final', error, responseStatus: null, result: null })

/** Runs work over items with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

export function createNotifier(deps: NotifierDeps) {
  const { stores, clock } = deps
  const reap = atMostEvery(
    REAP_EVERY_MS,
    () => clock.now(),
    () => stores.notifications.reapExpired(clock.now(), MAX_ATTEMPTS),
    0,
  )
  const accountVariables = async (accountId: string): Promise<Record<string, string>> => {
    const { items } = await stores.variables.list(accountId)
    return Object.fromEntries(items.filter((v) => !v.secret).map((v) => [v.key, v.value]))
  }

  type VariableCache = Map<string, Promise<Record<string, string>>>
  const variablesOf = (cache: VariableCache, accountId: string) => {
    const known = cache.get(accountId)
    if (known) return known
    const loading = accountVariables(accountId)
    cache.set(accountId, loading)
    return loading
  }

  async function send(row: NotificationRow, payload: NotificationPayload, cache: VariableCache, sent: { channelType: string }): Promise<DeliveryOutcome> {
    const channel = await stores.alertChannels.get(row.account_id, row.channel_id)
    if (!channel) return final('the alert channel was deleted before the notification was delivered')
    sent.channelType = String(channel.doc.type)
    return sendThroughChannel(channel.doc, payload, deps.delivery, () => variablesOf(cache, row.account_id), clock.now())
  }

  async function deliver(row: NotificationRow, report: DeliveryReport, cache: VariableCache): Promise<void> {
    let outcome: DeliveryOutcome
    const sent = { channelType: 'UNKNOWN' }
    try {
      outcome = await send(row, parsePayload(row.payload), cache, sent)
    } catch (err) {
      outcome = { ok: false, kind: 'retry', error: clip(`delivery failed: ${err instanceof Error ? err.message : String(err)}`), responseStatus: null, result: null }
    }
    const at = clock.now()
    if (outcome.ok) {
      deps.metrics?.delivery(sent.channelType, 'delivered')
      await stores.notifications.markSuccess(row.id, deps.instanceId, at, { responseStatus: outcome.responseStatus, result: outcome.result })
      report.delivered += 1
      return
    }
    const retryAt = nextAttemptAt(at, row.attempts, outcome)
    deps.metrics?.delivery(sent.channelType, deliveryMetricOutcome(outcome, retryAt))
    await stores.notifications.markFailure(row.id, deps.instanceId, {
      error: outcome.error,
      retryAt,
      rateLimited: outcome.kind === 'rate-limited',
      responseStatus: outcome.responseStatus,
      result: outcome.result,
    })
    if (retryAt === null) report.failed += 1
  }

  return {
    /** One pass: reap (every REAP_EVERY_MS), then lease and send due rows until none are left (at most MAX_ROUNDS batches). */
    async deliverDue(): Promise<DeliveryReport> {
      const report: DeliveryReport = { reaped: await reap(), attempted: 0, delivered: 0, failed: 0 }
      const batch = deps.batchSize ?? 50
      // Account variables are read once per account and pass.
      const cache: VariableCache = new Map()
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const now = clock.now()
        const rows = await stores.notifications.lease({ now, limit: batch, leasedBy: deps.instanceId, leaseUntil: now + (deps.leaseMs ?? LEASE_MS) })
        report.attempted += rows.length
        await pool(rows, deps.concurrency ?? 8, (row) => deliver(row, report, cache))
        if (rows.length < batch) break
      }
      return report
    },
  }
}

export type Notifier = ReturnType<typeof createNotifier>

/** The periodic job: one delivery pass. */
export const deliverDueNotifications = (deps: NotifierDeps): Promise<DeliveryReport> => createNotifier(deps).deliverDue()
