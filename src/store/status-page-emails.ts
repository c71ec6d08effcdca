/**
 * The outbox of status page e-mails (verification and incident e-mails to subscribers). Rows are leased by one
 * instance at a time (IN_PROGRESS until lease_until), like alert_notifications: an expired lease puts the row back.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from './db.js'
import type { Database } from './schema.js'

export type StatusPageEmailKind = 'VERIFY' | 'INCIDENT' | 'MAINTENANCE'
export type StatusPageEmailStatus = 'PENDING' | 'IN_PROGRESS' | 'SENT' | 'FAILURE' | 'SKIPPED'

export interface StatusPageEmailRow {
  id: string
  account_id: string
  status_page_id: string
  subscription_id: string
  address: string
  kind: StatusPageEmailKind
  status: StatusPageEmailStatus
  attempts: number
  next_attempt_at: number | null
  leased_by: string | null
  lease_until: number | null
  last_error: string | null
  message: string
  created_at: number
  sent_at: number | null
}

type Tables = { status_page_emails: StatusPageEmailRow }

export interface StatusPageEmailStore {
  insertMany(rows: StatusPageEmailRow[]): Promise<void>
  /** Due PENDING rows become IN_PROGRESS for this holder; attempts + 1. */
  lease(req: { now: number; limit: number; leasedBy: string; leaseUntil: number }): Promise<StatusPageEmailRow[]>
  /** Records the end of an attempt: SENT, SKIPPED, FAILURE, or PENDING again at retryAt. */
  finish(id: string, leasedBy: string, outcome: { status: 'SENT' | 'SKIPPED' | 'FAILURE' | 'PENDING'; at: number; error: string | null; retryAt: number | null }): Promise<boolean>
  /** IN_PROGRESS rows whose lease expired go back to PENDING (or FAILURE after maxAttempts). */
  reapExpired(now: number, maxAttempts: number): Promise<number>
  /** When the newest verification e-mail to this address of this page was queued (any outcome), if any. */
  lastVerificationAt(statusPageId: string, address: string): Promise<number | null>
}

const INSERT_CHUNK = 200

const toRow = (r: StatusPageEmailRow): StatusPageEmailRow => ({
  ...r,
  attempts: Number(r.attempts),
  next_attempt_at: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
  lease_until: r.lease_until === null ? null : Number(r.lease_until),
  created_at: Number(r.created_at),
  sent_at: r.sent_at === null ? null : Number(r.sent_at),
})

export function statusPageEmailStore(database: Kysely<Database>, dialect: Dialect): StatusPageEmailStore {
  const db = database.withTables<Tables>()
  return {
    async insertMany(rows) {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await db
          .insertInto('status_page_emails')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute()
    },
    async lease(req) {
      let pick = db
        .selectFrom('status_page_emails')
        .select('id')
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '<=', req.now)
        .orderBy('next_attempt_at')
        .limit(req.limit)
      if (dialect === 'postgres') pick = pick.forUpdate().skipLocked()
      const rows = await db
        .updateTable('status_page_emails')
        .set((eb) => ({ status: 'IN_PROGRESS', leased_by: req.leasedBy, lease_until: req.leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', pick)
        .where('status', '=', 'PENDING')
        .returningAll()
        .execute()
      return rows.map(toRow).sort((a, b) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0) || a.created_at - b.created_at)
    },
    async finish(id, leasedBy, o) {
      const r = await db
        .updateTable('status_page_emails')
        .set({ status: o.status, next_attempt_at: o.retryAt, leased_by: null, lease_until: null, last_error: o.error, sent_at: o.status === 'SENT' ? o.at : null })
        .where('id', '=', id)
        .where('status', '=', 'IN_PROGRESS')
        .where('leased_by', '=', leasedBy)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async reapExpired(now, maxAttempts) {
      const expired = db.updateTable('status_page_emails').where('status', '=', 'IN_PROGRESS').where('lease_until', '<', now)
      const given = await expired
        .where('attempts', '>=', maxAttempts)
        .set({ status: 'FAILURE', next_attempt_at: null, leased_by: null, lease_until: null, last_error: 'delivery interrupted: the sending instance stopped' })
        .executeTakeFirst()
      const back = await expired.where('attempts', '<', maxAttempts).set({ status: 'PENDING', next_attempt_at: now, leased_by: null, lease_until: null }).executeTakeFirst()
      return Number(given.numUpdatedRows) + Number(back.numUpdatedRows)
    },
    async lastVerificationAt(statusPageId, address) {
      const row = await db
        .selectFrom('status_page_emails')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('status_page_id', '=', statusPageId)
        .where('address', '=', address)
        .where('kind', '=', 'VERIFY')
        .executeTakeFirst()
      return row?.at === null || row?.at === undefined ? null : Number(row.at)
    },
  }
}
