/**
 * SSL certificate expiry: a periodic job keeps one row per watched certificate, reads the
 * certificates that are due (hourly; 15 min after a failed read) and raises one ALERT_SSL when the days remaining
 * newly cross any subscribed channel's sslExpiryThreshold (or the certificate expired). Delivery then notifies each
 * channel whose own threshold is reached.
 */
import { alertedCarriedOver, channelThreshold, daysRemaining, MAX_SSL_THRESHOLD, mergeThresholds, SSL_RECHECK_MS, SSL_RETRY_MS, thresholdsCrossed } from '../../domain/ssl.js'
import { probeCertificate, type SslProbe } from '../../runners/ssl-probe.js'
import type { CheckRecord } from '../../store/checks.js'
import type { SslCertificate } from '../../store/ssl-certificates.js'
import { raiseAlert } from '../alerting/alert-records.js'
import { CheckContext, effectiveCheck, syncSslTargets } from './ssl-targets.js'
import type { Stores } from '../stores.js'
import { uses, type DepsOf } from '../resource-deps.js'

export interface SslTuning {
  /** Rows claimed and probed at once. */
  batch: number
  /** Most probes per run of the job (the rest wait for the next run). */
  maxPerRun: number
  probeTimeoutMs: number
  /** How long a claimed row stays away from other instances while it is probed. */
  claimMs: number
  /** A full sync of every check this often; in between only checks changed since the last run (less a margin). */
  fullSyncMs: number
  syncMarginMs: number
}

export const DEFAULT_SSL_TUNING: SslTuning = { batch: 25, maxPerRun: 1000, probeTimeoutMs: 10_000, claimMs: 300_000, fullSyncMs: 3_600_000, syncMarginMs: 300_000 }

/** What the SSL certificate watch uses: the wiring hands it these stores and shared things and no others. */
export const sslCertificateServiceUses = uses(
  ['sslCertificates', 'checks', 'checkGroups', 'variables', 'maintenanceWindows', 'maintenances', 'alerts', 'alertSubscriptions', 'alertChannels', 'notifications'],
  ['clock', 'transact'],
)

export type SslCertificateDeps = DepsOf<typeof sslCertificateServiceUses> & {
  /** The TLS probe (the real one unless a test points elsewhere). */
  probe?: SslProbe
  tuning?: Partial<SslTuning>
}

export interface SslRunSummary {
  synced: number
  probed: number
  failed: number
  alerts: number
}

type Outcome = { read: boolean; alerted: boolean }

export interface SslCertificateService {
  /** One run of the periodic job: sync the watched certificates, then probe the due ones. */
  checkCertificates(): Promise<SslRunSummary>
}

/** Days remaining of each check's certificate now (the soonest when a check has several), for check statuses. */
export async function sslDaysByCheck(s: Pick<Stores, 'sslCertificates'>, accountId: string, checkIds: string[], now: number): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const row of await s.sslCertificates.listForChecks(accountId, checkIds)) {
    if (row.validTo === null) continue
    const days = daysRemaining(row.validTo, now)
    out.set(row.checkId, Math.min(days, out.get(row.checkId) ?? days))
  }
  return out
}

/** The thresholds of the activated channels with sslExpiry subscribed to the check or its group. */
async function subscribedThresholds(s: Pick<Stores, 'alertSubscriptions' | 'alertChannels'>, accountId: string, checkId: string, groupId: unknown): Promise<number[]> {
  const subs = await s.alertSubscriptions.listFor(accountId, { checkId })
  if (typeof groupId === 'number') subs.push(...(await s.alertSubscriptions.listFor(accountId, { groupId })))
  const thresholds: number[] = []
  for (const channelId of new Set(subs.filter((x) => x.activated).map((x) => x.channelId))) {
    const channel = await s.alertChannels.get(accountId, channelId)
    const t = channel ? channelThreshold(channel.doc) : null
    if (t !== null) thresholds.push(t)
  }
  return thresholds
}

export function sslCertificateService(deps: SslCertificateDeps): SslCertificateService {
  const tuning = { ...DEFAULT_SSL_TUNING, ...deps.tuning }
  const probe = deps.probe ?? probeCertificate
  const { stores: s, clock } = deps
  let lastFullSync: number | null = null
  let lastSync = 0

  const sync = async (now: number): Promise<number> => {
    if (lastFullSync === null || now - lastFullSync >= tuning.fullSyncMs || now < lastFullSync) {
      lastFullSync = now
      lastSync = now
      return syncSslTargets(s, now)
    }
    const since = lastSync - tuning.syncMarginMs
    lastSync = now
    return syncSslTargets(s, now, since)
  }

  /** Reads one certificate and records it; returns whether it read one and whether it raised an alert. */
  const checkOne = async (ctx: CheckContext, row: SslCertificate, check: CheckRecord | undefined, now: number): Promise<Outcome> => {
    if (!check || check.accountId !== row.accountId) return { read: false, alerted: false }
    const { doc } = await effectiveCheck(ctx, check)
    if (doc.activated === false || row.domain === '') {
      await s.sslCertificates.remove(row.checkId, row.domain)
      return { read: false, alerted: false }
    }
    const result = await probe({ host: row.domain, port: row.port, timeoutMs: tuning.probeTimeoutMs })
    if (!result.ok) {
      await s.sslCertificates.saveProbe(row.checkId, row.domain, { ...row, lastCheckedAt: now, nextCheckAt: now + SSL_RETRY_MS, lastError: result.error })
      return { read: false, alerted: false }
    }
    const days = daysRemaining(result.validTo, now)
    const alerted = alertedCarriedOver(row.validTo, result.validTo, row.alertedThresholds)
    // Muted checks and checks in maintenance alert at a later reading (nothing is recorded as alerted meanwhile).
    const silenced = days > MAX_SSL_THRESHOLD || doc.muted === true || (await ctx.inMaintenance(check.accountId, doc.tags, now))
    const crossed = silenced ? [] : thresholdsCrossed(days, await subscribedThresholds(s, check.accountId, check.id, doc.groupId), alerted)
    const save = (st: Pick<Stores, 'sslCertificates'>, thresholds: number[]) =>
      st.sslCertificates.saveProbe(row.checkId, row.domain, {
        validTo: result.validTo,
        issuer: result.issuer,
        subject: result.subject,
        daysRemaining: days,
        lastCheckedAt: now,
        nextCheckAt: now + SSL_RECHECK_MS,
        lastError: result.authorized ? null : `Certificate not trusted: ${result.authorizationError ?? 'unknown reason'}`,
        alertedThresholds: thresholds,
      })
    if (crossed.length === 0) {
      await save(s, alerted)
      return { read: true, alerted: false }
    }
    // The alert and the thresholds it covers are recorded together.
    await deps.transact(async (t) => {
      await raiseAlert(
        t,
        {
          alertType: 'ALERT_SSL',
          sslDomain: row.domain,
          sslDaysRemaining: days,
          name: String(doc.name ?? ''),
          checkId: check.id,
          checkType: check.checkType,
          accountId: check.accountId,
          runLocation: 'ssl',
          responseTime: 0,
          error: null,
          statusCode: null,
          resultId: null,
          startedAt: now,
          isReminder: false,
          reminderSequence: 0,
        },
        now,
      )
      await save(t, mergeThresholds(alerted, crossed))
    })
    return { read: true, alerted: true }
  }

  return {
    async checkCertificates() {
      const now = clock.now()
      const summary: SslRunSummary = { synced: await sync(now), probed: 0, failed: 0, alerts: 0 }
      const ctx = new CheckContext(s)
      const errors: unknown[] = []
      while (summary.probed < tuning.maxPerRun) {
        const rows = await s.sslCertificates.claimDue(now, Math.min(tuning.batch, tuning.maxPerRun - summary.probed), now + tuning.claimMs)
        if (rows.length === 0) break
        const at = Math.max(now, clock.now())
        const checks = new Map((await s.checks.getMany([...new Set(rows.map((r) => r.checkId))])).map((c) => [c.id, c]))
        const outcomes = await Promise.all(
          rows.map((row) =>
            checkOne(ctx, row, checks.get(row.checkId), at).catch((err: unknown): Outcome => {
              // The row comes back when its claim runs out; the others go on.
              errors.push(err)
              return { read: false, alerted: false }
            }),
          ),
        )
        summary.probed += rows.length
        summary.failed += outcomes.filter((o) => !o.read).length
        summary.alerts += outcomes.filter((o) => o.alerted).length
      }
      if (errors.length > 0) throw new Error(`SSL certificate checks: ${errors.length} of ${summary.probed} failed`, { cause: errors[0] })
      return summary
    },
  }
}
