/**
 * SSL certificates watched for expiry: one row per check and domain, with what the last probe read, when the next
 * probe is due (claimed in batches, SKIP LOCKED on PostgreSQL) and which expiry thresholds this certificate has
 * already alerted for.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from './db.js'
import { inTransaction } from './dialect.js'
import type { Database } from './schema.js'
import type { DocCodec } from './secrets/sealed-docs.js'
import { watchedCheckOf, type CheckRecord } from './checks.js'

export interface SslCertificateRow {
  check_id: string
  domain: string
  port: number
  account_id: string
  valid_to: number | null
  issuer: string | null
  subject: string | null
  days_remaining: number | null
  last_checked_at: number | null
  next_check_at: number
  last_error: string | null
  /** JSON array of the thresholds (days) already alerted in this certificate's life. */
  alerted_thresholds: string
  created_at: number
}

type SslTables = { ssl_certificates: SslCertificateRow }

export interface SslCertificate {
  checkId: string
  domain: string
  port: number
  accountId: string
  validTo: number | null
  issuer: string | null
  subject: string | null
  daysRemaining: number | null
  lastCheckedAt: number | null
  nextCheckAt: number
  lastError: string | null
  alertedThresholds: number[]
}

/** What a check should have watched: a domain and port, or (domain '') why none can be worked out. */
export interface SslTargetSpec {
  domain: string
  port: number
  nextCheckAt: number
  lastError: string | null
}

/** A check as the target sync reads it (any account). */
/** What the scan reads of a check: the fields of its record that say which certificate it watches. */
export type WatchableCheck = Pick<CheckRecord, 'id' | 'accountId' | 'checkType' | 'doc'>

export type SslProbeUpdate = Pick<SslCertificate, 'validTo' | 'issuer' | 'subject' | 'daysRemaining' | 'lastCheckedAt' | 'nextCheckAt' | 'lastError' | 'alertedThresholds'>

export interface SslCertificateStore {
  /** Makes `target` the check's only watched certificate (null: none); an unchanged target keeps its state. */
  setTarget(accountId: string, checkId: string, target: SslTargetSpec | null, now: number): Promise<'unchanged' | 'added' | 'changed' | 'removed'>
  /** Claims up to `limit` rows due at `now` by moving them to `leaseUntil` (a crashed prober's rows come back then). */
  claimDue(now: number, limit: number, leaseUntil: number): Promise<SslCertificate[]>
  saveProbe(checkId: string, domain: string, update: SslProbeUpdate): Promise<void>
  remove(checkId: string, domain: string): Promise<void>
  listForChecks(accountId: string, checkIds: string[]): Promise<SslCertificate[]>
  /** The watched targets of these checks (any account), for the sync to skip what is already right. */
  targetsOf(checkIds: string[]): Promise<Array<{ checkId: string; domain: string; port: number; lastError: string | null }>>
  /** Checks of every account in id order after `afterId`; with `changedSince`, only those created or updated since. */
  scanChecks(q: { afterId: string | null; limit: number; changedSince?: number }): Promise<WatchableCheck[]>
}

const parseThresholds = (text: string): number[] => {
  try {
    const v = JSON.parse(text) as unknown
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []
  } catch {
    return []
  }
}

const num = (v: number | null): number | null => (v === null ? null : Number(v))

const fromRow = (r: SslCertificateRow): SslCertificate => ({
  checkId: r.check_id,
  domain: r.domain,
  port: Number(r.port),
  accountId: r.account_id,
  validTo: num(r.valid_to),
  issuer: r.issuer,
  subject: r.subject,
  daysRemaining: num(r.days_remaining),
  lastCheckedAt: num(r.last_checked_at),
  nextCheckAt: Number(r.next_check_at),
  lastError: r.last_error,
  alertedThresholds: parseThresholds(r.alerted_thresholds),
})

/** `checkDocs` opens the secrets of the check documents scanChecks reads (their URLs may use secret variables). */
export function sslCertificateStore(database: Kysely<Database>, dialect: Dialect, checkDocs: DocCodec): SslCertificateStore {
  const db = database.withTables<SslTables>()
  return {
    setTarget: (accountId, checkId, target, now) =>
      inTransaction(db, async (trx) => {
        const existing = await trx.selectFrom('ssl_certificates').select(['domain', 'port', 'last_error']).where('check_id', '=', checkId).execute()
        const keep = target ? existing.find((e) => e.domain === target.domain) : undefined
        const stale = existing.filter((e) => e !== keep).map((e) => e.domain)
        if (stale.length > 0) await trx.deleteFrom('ssl_certificates').where('check_id', '=', checkId).where('domain', 'in', stale).execute()
        if (!target) return stale.length > 0 ? 'removed' : 'unchanged'
        if (!keep) {
          await trx
            .insertInto('ssl_certificates')
            .values({
              check_id: checkId,
              domain: target.domain,
              port: target.port,
              account_id: accountId,
              valid_to: null,
              issuer: null,
              subject: null,
              days_remaining: null,
              last_checked_at: null,
              next_check_at: target.nextCheckAt,
              last_error: target.lastError,
              alerted_thresholds: '[]',
              created_at: now,
            })
            .onConflict((oc) => oc.columns(['check_id', 'domain']).doNothing())
            .execute()
          return 'added'
        }
        // A resolvable target keeps its probe state unless its port moved; an unresolvable one (domain '') its reason.
        const portMoved = Number(keep.port) !== target.port
        const reasonMoved = target.domain === '' && keep.last_error !== target.lastError
        if (portMoved || reasonMoved) {
          await trx
            .updateTable('ssl_certificates')
            .set({ port: target.port, next_check_at: target.nextCheckAt, last_error: target.lastError })
            .where('check_id', '=', checkId)
            .where('domain', '=', target.domain)
            .execute()
          return 'changed'
        }
        return stale.length > 0 ? 'changed' : 'unchanged'
      }),
    async claimDue(now, limit, leaseUntil) {
      let pick = db.selectFrom('ssl_certificates').select(['check_id', 'domain']).where('next_check_at', '<=', now).orderBy('next_check_at').limit(limit)
      if (dialect === 'postgres') pick = pick.forUpdate().skipLocked()
      const rows = await db
        .updateTable('ssl_certificates')
        .set({ next_check_at: leaseUntil })
        .where((eb) => eb(eb.refTuple('check_id', 'domain'), 'in', pick.$asTuple('check_id', 'domain')))
        .where('next_check_at', '<=', now)
        .returningAll()
        .execute()
      return rows.map(fromRow)
    },
    async saveProbe(checkId, domain, u) {
      await db
        .updateTable('ssl_certificates')
        .set({
          valid_to: u.validTo,
          issuer: u.issuer,
          subject: u.subject,
          days_remaining: u.daysRemaining,
          last_checked_at: u.lastCheckedAt,
          next_check_at: u.nextCheckAt,
          last_error: u.lastError,
          alerted_thresholds: JSON.stringify(u.alertedThresholds),
        })
        .where('check_id', '=', checkId)
        .where('domain', '=', domain)
        .execute()
    },
    async remove(checkId, domain) {
      await db.deleteFrom('ssl_certificates').where('check_id', '=', checkId).where('domain', '=', domain).execute()
    },
    async listForChecks(accountId, checkIds) {
      const out: SslCertificate[] = []
      for (let i = 0; i < checkIds.length; i += 500) {
        const rows = await db
          .selectFrom('ssl_certificates')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('check_id', 'in', checkIds.slice(i, i + 500))
          .execute()
        out.push(...rows.map(fromRow))
      }
      return out
    },
    async targetsOf(checkIds) {
      const out: Array<{ checkId: string; domain: string; port: number; lastError: string | null }> = []
      for (let i = 0; i < checkIds.length; i += 500) {
        const rows = await db
          .selectFrom('ssl_certificates')
          .select(['check_id', 'domain', 'port', 'last_error'])
          .where('check_id', 'in', checkIds.slice(i, i + 500))
          .execute()
        out.push(...rows.map((r) => ({ checkId: r.check_id, domain: r.domain, port: Number(r.port), lastError: r.last_error })))
      }
      return out
    },
    async scanChecks(q) {
      let s = db.selectFrom('checks').select(['id', 'account_id', 'check_type', 'doc']).orderBy('id').limit(q.limit)
      if (q.afterId !== null) s = s.where('id', '>', q.afterId)
      const since = q.changedSince
      if (since !== undefined) s = s.where((eb) => eb.or([eb('created_at', '>=', since), eb('updated_at', '>=', since)]))
      const rows = await s.execute()
      return rows.map((r) => watchedCheckOf(r, checkDocs))
    },
  }
}
